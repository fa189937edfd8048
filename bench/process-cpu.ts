import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** /proc/<pid>/stat: the command name and the fields after it (field 3 onwards); none if it is gone. */
function statOf(pid: number | string): { command: string; fields: string[] } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(') ');
    return { command: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
  } catch {
    return undefined;
  }
}

/** User + system clock ticks (10 ms each) of a stat's fields. */
const ticksOf = (fields: string[]) => Number(fields[11]) + Number(fields[12]);

/** Every live process's stat on this machine. */
function* allStats() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat) yield { pid: entry, ...stat };
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
  const own = statOf(parent);
  if (!own) return Number.NaN;
  let ticks = ticksOf(own.fields);
  for (const { fields } of allStats()) if (fields[1] === parent) ticks += ticksOf(fields);
  return (ticks * 1000) / 100;
}

/** User + system clock ticks of the children a process has waited for (a backend that exited). */
const reapedTicksOf = (fields: string[]) => Number(fields[13]) + Number(fields[14]);

/**
 * CPU time of every PostgreSQL process on this machine (server and backends), in ms: where the
 * database runs beside the bench, its share of an operation. A backend that exits meanwhile moves
 * its time into the postmaster's reaped-children count, so the total only grows.
 */
export function postgresCpuMs(): number {
  let ticks = 0;
  for (const { command, fields } of allStats())
    if (command === 'postgres') ticks += ticksOf(fields) + reapedTicksOf(fields);
  return (ticks * 1000) / 100;
}

/** CPU time of the Redis server on this machine (`redis-server`), in ms: its share of an operation. */
export function redisCpuMs(): number {
  let ticks = 0;
  for (const { command, fields } of allStats()) if (command === 'redis-server') ticks += ticksOf(fields);
  return (ticks * 1000) / 100;
}
