import { NoticeBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { CLAIM_SUPPLEMENT_DAYS } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { remainingText } from './labels';

/**
 * The countdown of a claim waiting for the buyer's material: when it closes unless they supplement
 * (display only: the server's timer closes it). Ticks every second.
 */
export function SupplementDeadline({ deadline }: { deadline: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((new Date(deadline).getTime() - now) / 1000);
  return (
    <div data-testid="supplement-deadline">
      <NoticeBar
        color="alert"
        wrap
        content={
          seconds > 0
            ? `请在 ${remainingText(seconds)} 内补充材料（截止 ${formatChinaDateTime(deadline)}），客服提出要求后${CLAIM_SUPPLEMENT_DAYS}天内未补充，申请将自动关闭`
            : '补充材料已逾期，申请即将自动关闭'
        }
      />
    </div>
  );
}
