import { useEffect, useState } from 'react';

/** The current time, refreshed every second while `running` (a countdown on screen). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** "14:05" minutes and seconds left until `deadline`, never below zero. */
export function timeLeft(deadline: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
