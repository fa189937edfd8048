import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as StatusScreenModule from './status-screen';

// Each test imports a fresh status-screen.tsx, so its picture starts out not loaded.
async function freshStatusScreen(): Promise<typeof StatusScreenModule> {
  vi.resetModules();
  return import('./status-screen');
}

afterEach(() => {
  vi.doUnmock('./status-block');
  vi.restoreAllMocks();
});

function picture(): Element | null {
  return document.querySelector('.status-screen .adm-error-block-image svg');
}

describe('StatusScreen', () => {
  it('shows its texts and actions at once and the picture once loaded', async () => {
    const { StatusScreen } = await freshStatusScreen();
    const onClick = vi.fn();
    render(
      <StatusScreen
        status="disconnected"
        title="页面加载失败"
        description="请检查网络后重试"
        actions={[{ text: '重新加载', primary: true, onClick }]}
        testId="status"
      />,
    );
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByText('请检查网络后重试')).toBeTruthy();
    expect(screen.getByRole('alert').dataset.testid).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(onClick).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(picture()).not.toBeNull());
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByText('请检查网络后重试')).toBeTruthy();
    expect(document.querySelectorAll('.adm-error-block')).toHaveLength(1);
  });

  it('still works without its picture when that cannot load', async () => {
    vi.doMock('./status-block', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { StatusScreen } = await freshStatusScreen();
    const onClick = vi.fn();
    render(
      <StatusScreen
        status="empty"
        title="页面不存在"
        description="请返回首页"
        actions={[{ text: '返回首页', onClick }]}
      />,
    );
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(picture()).toBeNull();
    expect(screen.getByText('页面不存在')).toBeTruthy();
    expect(screen.getByText('请返回首页')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
