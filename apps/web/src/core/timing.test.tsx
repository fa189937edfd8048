import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, throttle, useLongPress } from './timing';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('throttle', () => {
  it('runs the first call at once and ignores calls for 500 ms', () => {
    const fn = vi.fn();
    const throttled = throttle(fn);
    throttled('a');
    throttled('b');
    vi.advanceTimersByTime(499);
    throttled('c');
    expect(fn.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(1);
    throttled('d');
    expect(fn.mock.calls).toEqual([['a'], ['d']]);
  });

  it('honours a custom wait', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled();
    vi.advanceTimersByTime(100);
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('debounce', () => {
  it('runs once, 500 ms after the last call, with its arguments', () => {
    const fn = vi.fn();
    const debounced = debounce(fn);
    debounced('a');
    vi.advanceTimersByTime(400);
    debounced('b');
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([['b']]);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 200);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

function Pressable({ onLongPress, ms }: { onLongPress: () => void; ms?: number }) {
  return <button {...useLongPress(onLongPress, ms)}>按住</button>;
}

describe('useLongPress', () => {
  it('fires after holding for 1 second', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    fireEvent.pointerDown(screen.getByText('按住'), { clientX: 10, clientY: 10 });
    vi.advanceTimersByTime(999);
    expect(onLongPress).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['released', (el: HTMLElement) => fireEvent.pointerUp(el)],
    ['left', (el: HTMLElement) => fireEvent.pointerLeave(el)],
    ['cancelled', (el: HTMLElement) => fireEvent.pointerCancel(el)],
    ['scrolled away', (el: HTMLElement) => fireEvent.pointerMove(el, { clientX: 10, clientY: 40 })],
  ])('does not fire when %s early', (_name, interrupt) => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} />);
    const button = screen.getByText('按住');
    fireEvent.pointerDown(button, { clientX: 10, clientY: 10 });
    vi.advanceTimersByTime(500);
    interrupt(button);
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('tolerates a small finger wobble', () => {
    const onLongPress = vi.fn();
    render(<Pressable onLongPress={onLongPress} ms={300} />);
    const button = screen.getByText('按住');
    fireEvent.pointerDown(button, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(button, { clientX: 14, clientY: 13 });
    vi.advanceTimersByTime(300);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('uses the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Pressable onLongPress={first} />);
    fireEvent.pointerDown(screen.getByText('按住'));
    rerender(<Pressable onLongPress={second} />);
    vi.advanceTimersByTime(1000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops on unmount and blocks the context menu', () => {
    const onLongPress = vi.fn();
    const { unmount } = render(<Pressable onLongPress={onLongPress} />);
    const button = screen.getByText('按住');
    expect(fireEvent.contextMenu(button)).toBe(false);
    fireEvent.pointerDown(button);
    unmount();
    vi.advanceTimersByTime(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});
