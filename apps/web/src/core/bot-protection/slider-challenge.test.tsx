import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  botProtectionPaths,
  ErrorCodes,
  SLIDER_KEY_PAGE_STEP_PX,
  SLIDER_KEY_STEP_PX,
  SLIDER_MAX_OFFSET,
  type SliderChallenge,
} from '@haoshi/contracts';
import { http } from '../http/client';
import { SliderDialog, type SliderOutcome } from './slider-challenge';

const challenge: SliderChallenge = {
  challenge_id: 'puzzle-1',
  piece_y: 40,
  width: 280,
  height: 160,
  piece_size: 44,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderSlider() {
  const done = vi.fn<(outcome: SliderOutcome) => void>();
  const next = vi.fn(() =>
    Promise.resolve({ code: 200, challenge: { ...challenge, challenge_id: 'puzzle-2' } }),
  );
  render(<SliderDialog first={challenge} next={next} done={done} />);
  return { done, next, handle: screen.getByRole('slider', { name: '拼图滑块' }) };
}

describe('the slider captcha with the keyboard', () => {
  it('is a focusable role="slider" that the keys move, reporting its value', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { handle } = renderSlider();
    expect(handle.tabIndex).toBe(0);
    expect(handle.getAttribute('aria-valuemin')).toBe('0');
    expect(handle.getAttribute('aria-valuemax')).toBe(String(SLIDER_MAX_OFFSET));
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    act(() => handle.focus());
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(SLIDER_KEY_STEP_PX));
    fireEvent.keyDown(handle, { key: 'PageUp' });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(SLIDER_KEY_STEP_PX + SLIDER_KEY_PAGE_STEP_PX));
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(SLIDER_KEY_PAGE_STEP_PX));
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(SLIDER_MAX_OFFSET));
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(SLIDER_MAX_OFFSET));
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
  });

  it('Enter submits the key trajectory (each key, its position and time) and ends with the token', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ err_code: 0, data: { token: 'the-token' } });
    const { handle, done } = renderSlider();
    act(() => handle.focus());
    for (const key of ['PageUp', 'PageUp', 'ArrowRight', 'ArrowRight'] as const) {
      vi.advanceTimersByTime(150);
      fireEvent.keyDown(handle, { key });
    }
    await act(async () => {
      fireEvent.keyDown(handle, { key: 'Enter' });
      await Promise.resolve();
    });
    expect(post).toHaveBeenCalledTimes(1);
    const [path, body] = post.mock.calls[0] ?? [];
    expect(path).toBe(botProtectionPaths.sliderVerify);
    expect(body).toEqual({
      challenge_id: 'puzzle-1',
      input: 'keyboard',
      track: [
        { x: 0, y: 0, t: 0 },
        { x: 20, y: 0, t: 150, k: 'PageUp' },
        { x: 40, y: 0, t: 300, k: 'PageUp' },
        { x: 42, y: 0, t: 450, k: 'ArrowRight' },
        { x: 44, y: 0, t: 600, k: 'ArrowRight' },
      ],
    });
    expect(done).toHaveBeenCalledWith({ token: 'the-token' });
  });

  it('Enter before any move asks to move first; a miss loads a new puzzle and starts again from 0', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      err_code: ErrorCodes.BOT_SLIDE_FAILED,
      message: '拼图未对齐，请重新拖动滑块',
      data: null,
    });
    const { handle, next, done } = renderSlider();
    act(() => handle.focus());
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toContain('请先用方向键移动滑块');
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    fireEvent.keyDown(handle, { key: 'PageUp' });
    await act(async () => {
      fireEvent.keyDown(handle, { key: ' ' });
      await vi.waitFor(() => expect(next).toHaveBeenCalled());
    });
    expect(await screen.findByText('拼图未对齐，请重新拖动滑块')).toBeTruthy();
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    expect(done).not.toHaveBeenCalled();
    // The next attempt is a new track on the new puzzle.
    vi.advanceTimersByTime(300);
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    await act(async () => {
      fireEvent.keyDown(handle, { key: 'Enter' });
      await Promise.resolve();
    });
    const second = post.mock.calls[1]?.[1] as { challenge_id: string; track: unknown[] } | undefined;
    expect(second?.challenge_id).toBe('puzzle-2');
    expect(second?.track).toHaveLength(2);
    expect(second?.track).toMatchObject([
      { x: 0, y: 0, t: 0 },
      { x: 2, y: 0, k: 'ArrowRight' },
    ]);
  });
});
