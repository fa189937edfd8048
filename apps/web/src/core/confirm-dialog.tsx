import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { CANCEL_TEXT, CONFIRM_TEXT } from './confirm';
import { confirmDialogWidthStyle as widthStyle } from './feedback-ui';

export { CANCEL_TEXT, confirm, CONFIRM_DIALOG_WIDTH, CONFIRM_TEXT, type ConfirmOptions } from './confirm';

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
