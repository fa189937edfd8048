import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SmsCodeField } from './sms-code-field';

function Field({
  onSend,
  sent = false,
  secondsLeft = 0,
}: {
  onSend: () => void;
  sent?: boolean;
  secondsLeft?: number;
}) {
  const [code, setCode] = useState('');
  return (
    <SmsCodeField
      value={code}
      onChange={setCode}
      onSend={onSend}
      sending={false}
      sent={sent}
      secondsLeft={secondsLeft}
    />
  );
}

describe('SmsCodeField', () => {
  it('keeps digits only and asks for a code', () => {
    const onSend = vi.fn();
    render(<Field onSend={onSend} />);
    const input = screen.getByPlaceholderText<HTMLInputElement>('请输入6位验证码');
    fireEvent.change(input, { target: { value: '12a3b4' } });
    expect(input.value).toBe('1234');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('counts down before a resend, then offers one', () => {
    const onSend = vi.fn();
    const { rerender } = render(<Field onSend={onSend} sent secondsLeft={42} />);
    const counting = screen.getByRole<HTMLButtonElement>('button', { name: '42秒后重发' });
    expect(counting.disabled).toBe(true);
    rerender(<Field onSend={onSend} sent secondsLeft={0} />);
    expect(screen.getByRole('button', { name: '重新获取' })).toBeTruthy();
  });
});
