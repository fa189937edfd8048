import { Steps } from 'antd-mobile';
import { withdrawalStatusLabels, type WithdrawalDetail } from '@haoshi/contracts';
import { formatTime } from './format-time';

/** The withdrawal's progress: each state it passed through, with when and why. */
export function Timeline({ events }: { events: WithdrawalDetail['events'] }) {
  const last = events.at(-1)?.to;
  const failed = last === 'failed' || last === 'rejected';
  return (
    <Steps direction="vertical" current={events.length - 1}>
      {events.map((event, index) => (
        <Steps.Step
          key={`${event.to}-${event.created_at}`}
          title={withdrawalStatusLabels[event.to]}
          description={[formatTime(event.created_at), event.note].filter(Boolean).join(' · ')}
          status={index === events.length - 1 ? (failed ? 'error' : 'finish') : 'finish'}
        />
      ))}
    </Steps>
  );
}
