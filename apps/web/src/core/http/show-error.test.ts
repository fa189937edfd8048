import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, HandledError } from './errors';
import { loadFeedbackUi } from '../feedback-ui';
import { showError } from './show-error';

beforeEach(async () => {
  // Toast and Dialog load on first use; loaded up front, calls are synchronous as before, so a
  // 'not shown' assertion cannot pass merely because the feedback UI was still loading.
  await loadFeedbackUi();
  vi.spyOn(Toast, 'show').mockReturnValue({ close: vi.fn() });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('showError', () => {
  it('shows the message of a business error the catalogue left alone', () => {
    showError(new ApiError(1012, '状态已变化，请刷新后重试'));
    expect(Toast.show).toHaveBeenCalledWith('状态已变化，请刷新后重试');
  });

  it.each([
    ['a handled business error', new ApiError(401, '登录已失效', { handled: true })],
    ['a network failure', new HandledError('network', 'network error')],
    ['a programming error', new TypeError('x is undefined')],
    ['a non-error', 'oops'],
  ])('stays quiet for %s', (_name, error) => {
    showError(error);
    expect(Toast.show).not.toHaveBeenCalled();
  });
});
