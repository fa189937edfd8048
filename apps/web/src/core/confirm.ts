import type { ReactNode } from 'react';
import { showConfirmDialog } from './feedback-ui';

export { CONFIRM_DIALOG_WIDTH } from './feedback-ui';
export const CONFIRM_TEXT = '确定';
export const CANCEL_TEXT = '取消';

export interface ConfirmOptions {
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
}

/**
 * The confirm dialog (ConfirmDialog in confirm-dialog.tsx), imperatively: resolves true on
 * confirm, false on cancel. Dialog loads on first use (feedback-ui.ts).
 */
export function confirm({
  confirmText = CONFIRM_TEXT,
  cancelText = CANCEL_TEXT,
  ...rest
}: ConfirmOptions): Promise<boolean> {
  return showConfirmDialog({ ...rest, confirmText, cancelText });
}
