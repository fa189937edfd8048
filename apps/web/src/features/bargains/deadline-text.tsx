import { useEffect, useState } from 'react';

/** "23小时59分" / "5分12秒" until `deadline`; '' once it has passed. */
export function remainingText(deadline: string, nowMs: number): string {
  const seconds = Math.floor((new Date(deadline).getTime() - nowMs) / 1000);
  if (seconds <= 0) return '';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours}小时${minutes}分`;
  return `${minutes}分${seconds % 60}秒`;
}

/** A live countdown to a bargain's deadline (display only: the server's timer decides). */
export function DeadlineText({ deadline, label }: { deadline: string; label: (text: string) => string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const text = remainingText(deadline, now);
  return text ? (
    <span className="bargain-deadline" data-testid="bargain-deadline">
      {label(text)}
    </span>
  ) : null;
}
