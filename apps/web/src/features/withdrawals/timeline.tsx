import { Steps } from 'antd-mobile';
import type { ProcessTimelineEntry } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';

/** The withdrawal's progress, from its process history: each state entered, when and why. */
export function Timeline({ entries }: { entries: readonly ProcessTimelineEntry[] }) {
  const last = entries.at(-1)?.to;
  const failed = last === 'failed' || last === 'rejected';
  return (
    <Steps direction="vertical" current={entries.length - 1}>
      {entries.map((entry, index) => (
        <Steps.Step
          key={`${entry.action}-${entry.to}-${entry.created_at}`}
          title={entry.to_label}
          description={[formatChinaDateTime(entry.created_at), entry.reason].filter(Boolean).join(' · ')}
          status={index === entries.length - 1 ? (failed ? 'error' : 'finish') : 'finish'}
        />
      ))}
    </Steps>
  );
}
