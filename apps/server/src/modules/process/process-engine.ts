import { and, asc, desc, eq, gt, isNull, ne, or } from 'drizzle-orm';
import {
  ErrorCodes,
  isStaffRole,
  refusalMessage,
  timersOnEntering,
  transitionOf,
  type AnyProcess,
  type ProcessDefinition,
  type ProcessRole,
  type ProcessTimelineEntry,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { preparedRows } from '../../lib/sql-rows.ts';
import { paddedForPlan } from '../../lib/turn-batch.ts';
import { processTransitions } from './tables.ts';
import type { ArmedTimer, ProcessTimer, TimerScheduler } from './timer-scheduler.ts';

export interface ProcessActor {
  role: ProcessRole;
  /** null for the system. */
  userId: number | null;
}

export interface TransitionRequest<S extends string, A extends string, G extends string> {
  process: ProcessDefinition<S, A, G>;
  subjectId: number;
  /** The user the subject belongs to: staff never act on their own subjects. null: nobody's. */
  ownerId: number | null;
  /** The state the caller read, under its lock on the subject. */
  from: S;
  action: A;
  actor: ProcessActor;
  /** The server's verdict on each guard the transition names; a missing verdict refuses. */
  guards?: Partial<Record<G, boolean>>;
  reason?: string;
  metadata?: Record<string, unknown>;
  /** This subject's own duration of a timer of the state entered (an order's protection hold). */
  timerSeconds?: Partial<Record<A, number>>;
}

export interface StartRequest<S extends string, A extends string, G extends string> {
  process: ProcessDefinition<S, A, G>;
  subjectId: number;
  actor: ProcessActor;
  reason?: string;
  metadata?: Record<string, unknown>;
}

/** How the engine reaches the subjects of a process with timers (its module's own table). */
export interface TimerSubject {
  /** Locks the subject in `executor` and answers its state and owner; undefined when it is gone. */
  lock(executor: Executor, subjectId: number): Promise<{ state: string; ownerId: number | null } | undefined>;
  /**
   * The subject's state as of now, without a lock or a transaction (undefined when it is gone): a
   * timer whose subject has moved on is then stale for one read. Optional; a subject with many
   * timers that mostly go stale (an order's pay timer, once it is paid) should have it.
   */
  peek?(executor: Executor, subjectId: number): Promise<string | undefined>;
  /**
   * Brings in, before the timer's transaction and outside it, what happened elsewhere and may make
   * the timer stale (a payment made at a gateway whose notify has not arrived). Optional.
   */
  beforeFire?(executor: Executor, timer: ProcessTimer): Promise<void>;
  /** Writes the state entered, and whatever the transition implies, in `executor`. */
  enter(
    executor: Executor,
    subjectId: number,
    change: { action: string; from: string; to: string },
  ): Promise<void>;
}

const systemActor: ProcessActor = { role: 'system', userId: null };

/** A recorded transition as the record statements answer it (raw driver values). */
interface RecordedRow {
  id: number | string;
  action: string;
  from_state: string | null;
  to_state: string;
  actor_role: ProcessRole;
  reason: string | null;
  created_at: Date | string;
  entered: boolean;
}

const recordInsert = `insert into process_transitions
    (process, subject_id, action, from_state, to_state, actor_role, actor_user_id, reason, metadata, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
  returning id, action, from_state, to_state, actor_role, reason, created_at, true as entered`;

/**
 * The statements recording a transition, run as named prepared statements: the insert alone, or the
 * insert and the subject's earlier entries (the statement's snapshot does not see its own insert;
 * the subject is locked, so no other transition of it is being recorded).
 */
const recordOne = { name: 'process_record', text: recordInsert };
const recordWithTimeline = {
  name: 'process_record_timeline',
  text: `with entered as (${recordInsert})
select id, action, from_state, to_state, actor_role, reason, created_at, false as entered
from process_transitions where process = $1 and subject_id = $2
union all select * from entered
order by id`,
};

/** Many subjects' transitions by one statement: parallel arrays $2–$9, one element per subject. */
const recordManyInsert = `insert into process_transitions
    (process, subject_id, action, from_state, to_state, actor_role, actor_user_id, reason, metadata, created_at)
  select $1, subject_id, action, from_state, to_state, actor_role, actor_user_id, reason, metadata, $10
  from unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::jsonb[])
    with ordinality as entry (subject_id, action, from_state, to_state, actor_role, actor_user_id, reason, metadata, ord)
  order by ord
  returning id, subject_id, action, from_state, to_state, actor_role, reason, created_at, true as entered`;
const recordManyOnly = { name: 'process_record_many', text: recordManyInsert };
/** $11: the subject ids padded for the plan (lib/turn-batch.ts `paddedForPlan`). */
const recordManyWithTimeline = {
  name: 'process_record_many_timeline',
  text: `with entered as (${recordManyInsert})
select id, subject_id, action, from_state, to_state, actor_role, reason, created_at, false as entered
from process_transitions where process = $1 and subject_id = any($11::bigint[])
union all select * from entered
order by id`,
};

/** A transition to record: checked already, `to` the state it enters. */
interface RecordEntry {
  process: AnyProcess;
  subjectId: number;
  action: string;
  from: string | null;
  to: string;
  actor: ProcessActor;
  reason?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  timerSeconds?: Partial<Record<string, number>> | undefined;
}

function timelineEntry(
  process: AnyProcess,
  row: Pick<RecordedRow, 'action' | 'from_state' | 'to_state' | 'actor_role' | 'reason' | 'created_at'>,
): ProcessTimelineEntry {
  return {
    action: row.action,
    action_label: process.transitions[row.action]?.label ?? '创建',
    from: row.from_state,
    to: row.to_state,
    to_label: process.stateLabels[row.to_state] ?? row.to_state,
    actor_role: row.actor_role,
    reason: row.reason ?? '',
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * The process engine: checks a transition against its process's table, refuses with the
 * process's err_code, records it in `process_transitions` and arms the timers of the state
 * entered. It runs inside the caller's transaction, after the caller locked the subject; the
 * caller writes the subject's own status (`where status = from`).
 */
export function createProcessEngine(deps: { now: () => Date; scheduler: TimerScheduler }) {
  const { now, scheduler } = deps;
  const timerSubjects = new Map<string, { process: AnyProcess; subject: TimerSubject }>();

  /** The state `request` leads to, or the refusal; writes nothing. */
  function check<S extends string, A extends string, G extends string>(
    request: TransitionRequest<S, A, G>,
  ): S {
    const { process, actor } = request;
    if (isStaffRole(actor.role) && actor.userId !== null && actor.userId === request.ownerId) {
      const refusal = process.ownObjectRefusal ?? { errCode: ErrorCodes.STAFF_OWN_OBJECT };
      throw new AppError(refusal.errCode, refusal.message);
    }
    const transition = transitionOf(process, request.from, request.action);
    if (!transition || !transition.roles.includes(actor.role))
      throw new AppError(process.refusal.errCode, refusalMessage(process, request.from, request.action));
    for (const name of transition.guards ?? []) {
      if (request.guards?.[name] !== true) {
        const guard = process.guards[name];
        throw new AppError(guard.errCode, guard.message);
      }
    }
    return transition.to ?? request.from;
  }

  /** Records one transition (see recordMany). */
  async function record(executor: Executor, entry: RecordEntry, withTimeline = false) {
    const [timeline] = await recordMany(executor, [entry], withTimeline);
    if (!timeline) throw new Error('process engine: the transition was not recorded');
    return timeline;
  }

  /**
   * Records transitions of one process, each of another subject, by one statement, and arms the
   * timers of the states entered by one more; answers per entry the entry recorded, or with
   * `withTimeline` the subject's whole timeline up to it (read by the same statement).
   */
  async function recordMany(
    executor: Executor,
    entries: readonly RecordEntry[],
    withTimeline = false,
  ): Promise<ProcessTimelineEntry[][]> {
    const [first] = entries;
    if (!first) return [];
    const { process } = first;
    const subjectIds = entries.map((entry) => entry.subjectId);
    if (entries.some((entry) => entry.process !== process) || new Set(subjectIds).size !== entries.length)
      throw new Error('process engine: a batch records one process, each subject once');
    const at = now();
    const many = withTimeline ? recordManyWithTimeline : recordManyOnly;
    const rows =
      entries.length === 1
        ? (await recordedRowsOfOne(executor, first, at, withTimeline)).map((row) => ({
            ...row,
            subject_id: first.subjectId,
          }))
        : await preparedRows<RecordedRow & { subject_id: number | string }>(executor, many.name, many.text, [
            process.name,
            subjectIds,
            entries.map((entry) => entry.action),
            entries.map((entry) => entry.from),
            entries.map((entry) => entry.to),
            entries.map((entry) => entry.actor.role),
            entries.map((entry) => entry.actor.userId),
            entries.map((entry) => entry.reason ?? null),
            entries.map((entry) => JSON.stringify(entry.metadata ?? {})),
            at,
            ...(withTimeline ? [paddedForPlan(subjectIds, 0)] : []),
          ]);
    const bySubject = new Map<number, typeof rows>();
    for (const row of rows) {
      const subjectId = Number(row.subject_id);
      const subjectRows = bySubject.get(subjectId);
      if (subjectRows) subjectRows.push(row);
      else bySubject.set(subjectId, [row]);
    }
    const timers: ArmedTimer[] = [];
    const timelines = entries.map((entry) => {
      const subjectRows = bySubject.get(entry.subjectId) ?? [];
      const entered = subjectRows.find((row) => row.entered);
      if (!entered) throw new Error('process engine: the transition was not recorded');
      if (entry.from !== entry.to) {
        for (const timer of timersOnEntering(process, entry.to)) {
          timers.push({
            process: process.name,
            subjectId: entry.subjectId,
            action: timer.action,
            fromState: entry.to,
            entryId: Number(entered.id),
            runAt: new Date(at.getTime() + (entry.timerSeconds?.[timer.action] ?? timer.afterSeconds) * 1000),
          });
        }
      }
      return subjectRows.map((row) => timelineEntry(process, row));
    });
    if (timers.length > 0) await scheduler.arm(executor, timers);
    return timelines;
  }

  function recordedRowsOfOne(executor: Executor, entry: RecordEntry, at: Date, withTimeline: boolean) {
    const { name, text } = withTimeline ? recordWithTimeline : recordOne;
    return preparedRows<RecordedRow>(executor, name, text, [
      entry.process.name,
      entry.subjectId,
      entry.action,
      entry.from,
      entry.to,
      entry.actor.role,
      entry.actor.userId,
      entry.reason ?? null,
      JSON.stringify(entry.metadata ?? {}),
      at,
    ]);
  }

  /** Checks, records and arms; answers the state entered. The caller then writes it. */
  async function applyTransition<S extends string, A extends string, G extends string>(
    executor: Executor,
    request: TransitionRequest<S, A, G>,
  ): Promise<S> {
    const to = check(request);
    await record(executor, { ...request, from: request.from, to });
    return to;
  }

  /** As applyTransition, and answers the subject's timeline with this transition at its end. */
  async function applyTransitionWithTimeline<S extends string, A extends string, G extends string>(
    executor: Executor,
    request: TransitionRequest<S, A, G>,
  ): Promise<{ to: S; timeline: ProcessTimelineEntry[] }> {
    const to = check(request);
    return { to, timeline: await record(executor, { ...request, from: request.from, to }, true) };
  }

  /**
   * Checks many transitions of one process, each of another subject, records them and arms their
   * timers by one statement each; answers per request the state entered and, with `withTimeline`,
   * the subject's timeline. A refusal of any request throws before anything is written.
   */
  async function applyTransitions<S extends string, A extends string, G extends string>(
    executor: Executor,
    requests: readonly TransitionRequest<S, A, G>[],
    options: { withTimeline?: boolean } = {},
  ): Promise<{ to: S; timeline: ProcessTimelineEntry[] }[]> {
    const entries = requests.map((request) => ({ ...request, to: check(request) }));
    const timelines = await recordMany(executor, entries, options.withTimeline ?? false);
    return entries.map((entry, index) => ({ to: entry.to, timeline: timelines[index] ?? [] }));
  }

  /**
   * Records a subject created in its process's initial state and arms that state's timers; answers
   * the subject's timeline (this one entry).
   */
  async function start<S extends string, A extends string, G extends string>(
    executor: Executor,
    request: StartRequest<S, A, G>,
  ): Promise<ProcessTimelineEntry[]> {
    return record(executor, { ...request, action: 'create', from: null, to: request.process.initial });
  }

  /** `start` of many subjects of one process by one statement (and their timers by one more). */
  async function startMany<S extends string, A extends string, G extends string>(
    executor: Executor,
    requests: readonly StartRequest<S, A, G>[],
  ): Promise<ProcessTimelineEntry[][]> {
    return recordMany(
      executor,
      requests.map((request) => ({ ...request, action: 'create', from: null, to: request.process.initial })),
    );
  }

  function registerTimerSubject(process: AnyProcess, subject: TimerSubject): void {
    timerSubjects.set(process.name, { process, subject });
  }

  /**
   * Takes a due timer's transition if its subject is still where the timer was armed; otherwise
   * does nothing ('stale'). Safe to call late, twice, or from two runners at once.
   */
  async function fireTimer(executor: Executor, timer: ProcessTimer): Promise<'fired' | 'stale'> {
    const entry = timerSubjects.get(timer.process);
    if (!entry) throw new Error(`process engine: no timer subject registered for ${timer.process}`);
    const { process, subject } = entry;
    // Left another state since: stale, whatever happens next (a stay entered later armed its own).
    if (subject.peek && (await subject.peek(executor, timer.subjectId)) !== timer.fromState) return 'stale';
    if (subject.beforeFire) await subject.beforeFire(executor, timer);
    return executor.transaction(async (tx) => {
      const current = await subject.lock(tx, timer.subjectId);
      if (!current || current.state !== timer.fromState) return 'stale';
      if (timer.entryId !== undefined && (await latestEntryId(tx, process, timer)) !== timer.entryId)
        return 'stale';
      // A stay (a reminder) leaves the state as it was: taken already in this stay, it is not again.
      if (
        timer.entryId !== undefined &&
        isStay(process, timer.action) &&
        (await takenSince(tx, process, timer))
      )
        return 'stale';
      const to = await applyTransition(tx, {
        process,
        subjectId: timer.subjectId,
        ownerId: current.ownerId,
        from: current.state,
        action: timer.action,
        actor: systemActor,
      });
      await subject.enter(tx, timer.subjectId, { action: timer.action, from: current.state, to });
      return 'fired';
    });
  }

  /** The recorded transitions of one subject of a process. */
  const historyOf = (process: AnyProcess, subjectId: number) =>
    and(eq(processTransitions.process, process.name), eq(processTransitions.subjectId, subjectId));

  /** A transition that leaves the subject in its state (`to` omitted). */
  const isStay = (process: AnyProcess, action: string) => {
    const transition = (process.transitions as Record<string, { to?: string } | undefined>)[action];
    return transition !== undefined && transition.to === undefined;
  };

  /** Whether the timer's action was recorded after the entry into its state it was armed on. */
  async function takenSince(executor: Executor, process: AnyProcess, timer: ProcessTimer) {
    const [row] = await executor
      .select({ id: processTransitions.id })
      .from(processTransitions)
      .where(
        and(
          historyOf(process, timer.subjectId),
          eq(processTransitions.action, timer.action),
          gt(processTransitions.id, timer.entryId ?? 0),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The recorded transition that last entered the timer's state (an edit stays, so it does not count). */
  async function latestEntryId(executor: Executor, process: AnyProcess, timer: ProcessTimer) {
    const [row] = await executor
      .select({ id: processTransitions.id })
      .from(processTransitions)
      .where(
        and(
          historyOf(process, timer.subjectId),
          eq(processTransitions.toState, timer.fromState),
          or(
            isNull(processTransitions.fromState),
            ne(processTransitions.fromState, processTransitions.toState),
          ),
        ),
      )
      .orderBy(desc(processTransitions.id))
      .limit(1);
    return row?.id;
  }

  /** A subject's recorded transitions, oldest first, as screens show them. */
  async function timeline(
    executor: Executor,
    process: AnyProcess,
    subjectId: number,
  ): Promise<ProcessTimelineEntry[]> {
    const rows = await executor
      .select()
      .from(processTransitions)
      .where(historyOf(process, subjectId))
      .orderBy(asc(processTransitions.id));
    return rows.map((row) =>
      timelineEntry(process, {
        action: row.action,
        from_state: row.fromState,
        to_state: row.toState,
        actor_role: row.actorRole,
        reason: row.reason,
        created_at: row.createdAt,
      }),
    );
  }

  return {
    check,
    applyTransition,
    applyTransitionWithTimeline,
    applyTransitions,
    start,
    startMany,
    registerTimerSubject,
    fireTimer,
    timeline,
  };
}

export type ProcessEngine = ReturnType<typeof createProcessEngine>;
