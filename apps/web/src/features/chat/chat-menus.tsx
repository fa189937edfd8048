import { ActionSheet, type ActionSheetProps } from 'antd-mobile';
import { chatReportReasonLabels, chatReportReasons, chatRules, type ChatMessage } from '@haoshi/contracts';
import { chatMessages as m } from './messages';

type Action = ActionSheetProps['actions'][number];

/** A message can be recalled by its sender within chatRules.recallSeconds. */
export function canRecall(message: ChatMessage, own: boolean, now: number = Date.now()): boolean {
  if (!own || message.recalled_at !== null || message.content.kind === 'recalled') return false;
  return now - Date.parse(message.created_at) < chatRules.recallSeconds * 1000;
}

/** Long-press actions of a message: 复制 for text, 撤回 for one's own within 2 minutes. */
export function MessageActions({
  message,
  own,
  onClose,
  onCopy,
  onRecall,
}: {
  message: ChatMessage | undefined;
  own: boolean;
  onClose: () => void;
  onCopy: (text: string) => void;
  onRecall: (message: ChatMessage) => void;
}) {
  const actions: Action[] = [];
  if (message?.content.kind === 'text') {
    const text = message.content.text;
    actions.push({ key: 'copy', text: m.copy, onClick: () => onCopy(text) });
  }
  if (message && canRecall(message, own))
    actions.push({ key: 'recall', text: m.recall, danger: true, onClick: () => onRecall(message) });
  return (
    <ActionSheet
      visible={message !== undefined && actions.length > 0}
      actions={actions}
      cancelText={m.cancel}
      onClose={onClose}
      onAction={onClose}
      aria-label={m.messageActions}
    />
  );
}

/** The conversation's 更多 menu: 举报 and 拉黑 / 解除拉黑 (private conversations). */
export function ConversationMenu({
  visible,
  blocked,
  canBlock,
  onClose,
  onReport,
  onBlock,
}: {
  visible: boolean;
  blocked: boolean;
  canBlock: boolean;
  onClose: () => void;
  onReport: () => void;
  onBlock: () => void;
}) {
  const actions: Action[] = [{ key: 'report', text: m.report, onClick: onReport }];
  if (canBlock)
    actions.push({ key: 'block', text: blocked ? m.unblock : m.block, danger: !blocked, onClick: onBlock });
  return (
    <ActionSheet
      visible={visible}
      actions={actions}
      cancelText={m.cancel}
      onClose={onClose}
      onAction={onClose}
    />
  );
}

export type ReportReason = (typeof chatReportReasons)[number];

/** The reasons of a report, one tap each. */
export function ReportReasons({
  visible,
  onClose,
  onPick,
}: {
  visible: boolean;
  onClose: () => void;
  onPick: (reason: ReportReason) => void;
}) {
  return (
    <ActionSheet
      visible={visible}
      extra={m.reportTitle}
      actions={chatReportReasons.map((reason) => ({
        key: reason,
        text: chatReportReasonLabels[reason],
        onClick: () => onPick(reason),
      }))}
      cancelText={m.cancel}
      onClose={onClose}
      onAction={onClose}
    />
  );
}
