import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';

/** SPEC §4: 9.06667rem is 340px on the 375px design width (DESIGN §6). */
export const CONFIRM_DIALOG_WIDTH = '9.06667rem';
export const CONFIRM_TEXT = '确定';
export const CANCEL_TEXT = '取消';

const widthStyle = { '--min-width': CONFIRM_DIALOG_WIDTH, '--max-width': CONFIRM_DIALOG_WIDTH };

export interface ConfirmDialogProps {
  visible: boolean;
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** Whether confirming also closes the dialog (e.g. false while a submission is checked). */
  confirmClose?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
  onClose?: () => void;
}

export function ConfirmDialog({
  visible,
  title,
  content,
  confirmText = CONFIRM_TEXT,
  cancelText = CANCEL_TEXT,
  confirmClose = true,
  onConfirm,
  onCancel,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      visible={visible}
      title={title}
      content={content}
      style={widthStyle}
      actions={[
        [
          {
            key: 'cancel',
            text: cancelText,
            onClick: () => {
              onCancel?.();
              onClose?.();
            },
          },
          {
            key: 'confirm',
            text: confirmText,
            bold: true,
            onClick: () => {
              onConfirm?.();
              if (confirmClose) onClose?.();
            },
          },
        ],
      ]}
    />
  );
}

export interface ConfirmOptions {
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
}

/** The same dialog, imperatively: resolves true on confirm, false on cancel. */
export function confirm({
  confirmText = CONFIRM_TEXT,
  cancelText = CANCEL_TEXT,
  ...rest
}: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm({ ...rest, confirmText, cancelText, style: widthStyle });
}
