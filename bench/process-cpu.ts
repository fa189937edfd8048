import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system) a process has used, in ms, from /proc (Linux; clock ticks of 10 ms): per
 * operation it says what a change saves even when other work on the machine moves the rates.
 */
export function cpuMs(child: ChildProcess | undefined): number {
  try {
    const fields = readFileSync(`/proc/${child?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
