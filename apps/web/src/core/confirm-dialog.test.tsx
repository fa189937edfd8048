import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirm, ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function Harness(props: Omit<ConfirmDialogProps, 'visible' | 'onClose'> & { onClose?: () => void }) {
  const [visible, setVisible] = useState(true);
  return (
    <>
      <span>{visible ? 'open' : 'closed'}</span>
      <ConfirmDialog
        {...props}
        visible={visible}
        onClose={() => {
          props.onClose?.();
          setVisible(false);
        }}
      />
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ConfirmDialog', () => {
  it('shows title, content and the default Chinese buttons at 9.06667rem', () => {
    render(<ConfirmDialog visible title="删除商品" content="删除后不可恢复" />);
    expect(screen.getByText('删除商品')).toBeTruthy();
    expect(screen.getByText('删除后不可恢复')).toBeTruthy();
    expect(screen.getByText('确定')).toBeTruthy();
    expect(screen.getByText('取消')).toBeTruthy();
    const popup = document.querySelector<HTMLElement>('.adm-center-popup');
    expect(popup?.style.getPropertyValue('--min-width')).toBe('9.06667rem');
    expect(popup?.style.getPropertyValue('--max-width')).toBe('9.06667rem');
  });

  it('renders nothing while hidden', () => {
    render(<ConfirmDialog visible={false} title="删除商品" />);
    expect(screen.queryByText('删除商品')).toBeNull();
  });

  it('confirm emits onConfirm and closes by default', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<Harness confirmText="好的" onConfirm={onConfirm} onClose={onClose} />);
    fireEvent.click(screen.getByText('好的'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('confirm keeps the dialog open when confirmClose is false', () => {
    const onConfirm = vi.fn();
    render(<Harness confirmClose={false} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('open')).toBeTruthy();
  });

  it('cancel emits onCancel and closes', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<Harness cancelText="再想想" onCancel={onCancel} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByText('再想想'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('closed')).toBeTruthy();
  });
});

describe('confirm()', () => {
  it.each([
    ['确定', true],
    ['取消', false],
  ])('resolves %s as %s', async (button, expected) => {
    let result: Promise<boolean> = Promise.resolve(!expected);
    act(() => {
      result = confirm({ title: '提示', content: '确认下架该商品？' });
    });
    await waitFor(() => expect(screen.getByText('确认下架该商品？')).toBeTruthy());
    const popup = document.querySelector<HTMLElement>('.adm-center-popup');
    expect(popup?.style.getPropertyValue('--min-width')).toBe('9.06667rem');
    expect(popup?.style.getPropertyValue('--max-width')).toBe('9.06667rem');
    fireEvent.click(screen.getByText(button));
    await expect(result).resolves.toBe(expected);
  });
});
