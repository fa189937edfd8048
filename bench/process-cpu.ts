import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name (field 3 onwards), or none if it is gone. */
function statOf(pid: number | string): string[] {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  } catch {
    return [];
  }
}

/**
 * CPU time (user + system) a process and its live children (the server processes of
 * `SERVER_PROCESSES` > 1) have used, in ms, from /proc (Linux; clock ticks of 10 ms): per operation it
 * says what a change saves even when other work on the machine moves the rates.
 */
export function cpuMs(child: ChildProcess | undefined): number {
  if (child?.pid === undefined) return Number.NaN;
  const parent = String(child.pid);
  const ticks = (fields: string[]) => Number(fields[11]) + Number(fields[12]);
  const own = statOf(parent);
  if (own.length === 0) return Number.NaN;
  let total = ticks(own);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || entry === parent) continue;
    const fields = statOf(entry);
    if (fields[1] === parent) total += ticks(fields);
  }
  return (total * 1000) / 100;
}

/**
 * CPU time of every PostgreSQL process on this machine (server and backends), in ms: where the
 * database runs beside the bench, its share of an operation. Backends that exit meanwhile are lost.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.startsWith(`${entry} (postgres)`)) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (total * 1000) / 100;
}
