/**
 * One way to describe a process as data (a listing, a withdrawal, later an order): its states,
 * the transitions each role may take, the guards the server evaluates and the timers that take a
 * transition on their own. The server refuses whatever the table does not allow; the web derives
 * the buttons a party sees from the same table.
 */
import type { ErrorCode } from '../error-codes.ts';
import { staffRoles } from '../roles.ts';

/**
 * Who acts. `owner` is the user the subject belongs to (the seller of a listing, the requester of
 * a withdrawal); `buyer` and `seller` are the two parties of a trade; the staff roles are granted
 * in `user_roles`; `system` is the server itself (automatic steps, timers, provider callbacks).
 */
export const processRoles = [
  'owner',
  'buyer',
  'seller',
  'customer_service',
  'finance',
  'admin',
  'report_handler',
  'system',
] as const;
export type ProcessRole = (typeof processRoles)[number];

/** Roles that act for the platform (the staff roles of roles.ts): never on their own objects. */
export const staffProcessRoles: readonly ProcessRole[] = staffRoles;

export const isStaffRole = (role: ProcessRole) => staffProcessRoles.includes(role);

/** A refusal: an err_code of the catalogue and, when it says more than the catalogue, its message. */
export interface ProcessRefusal {
  errCode: ErrorCode;
  message?: string;
}

/** A named condition the server evaluates; refused with its own err_code and Chinese message. */
export interface ProcessGuard extends ProcessRefusal {
  message: string;
}

export interface ProcessTransition<S extends string, G extends string> {
  from: S | readonly S[];
  /** Omitted: the subject stays in its state (an edit). */
  to?: S;
  roles: readonly ProcessRole[];
  guards?: readonly G[];
  /** A timer: `system` takes this transition this many seconds after the subject entered `from`. */
  afterSeconds?: number;
  /** Chinese text of the button and of the timeline entry. */
  label: string;
}

export interface ProcessDefinition<S extends string, A extends string, G extends string = never> {
  /** Stable name, stored in the history table. */
  name: string;
  /** What the subject is called ('商品'): a refusal then says `在售的商品不能编辑`. */
  subjectLabel?: string;
  states: readonly S[];
  stateLabels: Record<S, string>;
  initial: S;
  terminal: readonly S[];
  /** Answer to a transition the table does not allow: the process's own err_code. */
  refusal: ProcessRefusal;
  /** Answer when staff act on their own subject; omitted: the common 1014. */
  ownObjectRefusal?: ProcessRefusal;
  guards: Record<G, ProcessGuard>;
  transitions: Record<A, ProcessTransition<S, G>>;
}

/** Any process, as the server's history and timers see it (names and states as strings). */
export type AnyProcess = ProcessDefinition<string, string, string>;

const fromStates = <S extends string>(transition: ProcessTransition<S, string>): readonly S[] =>
  typeof transition.from === 'string' ? [transition.from] : transition.from;

/**
 * Checks a definition once, when its module loads: every state named exists, terminal states have
 * no way out, timers belong to `system` and fire from one state, the initial state is not terminal.
 */
export function defineProcess<const S extends string, const A extends string, const G extends string = never>(
  process: ProcessDefinition<S, A, G>,
): ProcessDefinition<S, A, G> {
  const known = new Set<string>(process.states);
  const fail = (why: string) => {
    throw new Error(`process ${process.name}: ${why}`);
  };
  if (!known.has(process.initial) || process.terminal.includes(process.initial))
    fail(`initial state ${process.initial} must be a non-terminal state`);
  for (const state of process.terminal) if (!known.has(state)) fail(`unknown terminal state ${state}`);
  for (const [action, transition] of Object.entries<ProcessTransition<S, G>>(process.transitions)) {
    const from = fromStates(transition);
    if (from.length === 0) fail(`${action} has no from-state`);
    for (const state of from) {
      if (!known.has(state)) fail(`${action} leaves unknown state ${state}`);
      if (process.terminal.includes(state)) fail(`${action} leaves terminal state ${state}`);
    }
    if (transition.to !== undefined && !known.has(transition.to))
      fail(`${action} enters unknown state ${transition.to}`);
    if (transition.roles.length === 0) fail(`${action} has no role`);
    for (const guard of transition.guards ?? [])
      if (!(guard in process.guards)) fail(`${action} names unknown guard ${guard}`);
    if (transition.afterSeconds !== undefined) {
      if (!(transition.afterSeconds > 0)) fail(`${action}: a timer needs a positive duration`);
      if (transition.roles.length !== 1 || transition.roles[0] !== 'system')
        fail(`${action}: a timer is taken by system alone`);
      if (from.length !== 1) fail(`${action}: a timer fires from one state`);
    }
  }
  return process;
}

type Entry<S extends string, A extends string, G extends string> = [A, ProcessTransition<S, G>];

const entries = <S extends string, A extends string, G extends string>(process: ProcessDefinition<S, A, G>) =>
  Object.entries(process.transitions) as Entry<S, A, G>[];

/** The transition `action` from `state`, whoever takes it. */
export function transitionOf<S extends string, A extends string, G extends string>(
  process: ProcessDefinition<S, A, G>,
  state: S,
  action: A,
): ProcessTransition<S, G> | undefined {
  const transition = process.transitions[action] as ProcessTransition<S, G> | undefined;
  return transition && fromStates(transition).includes(state) ? transition : undefined;
}

/** Whether any of `roles` may take `action` from `state` (guards are the server's to evaluate). */
export function canTake<S extends string, A extends string, G extends string>(
  process: ProcessDefinition<S, A, G>,
  state: S,
  action: A,
  roles: readonly ProcessRole[],
): boolean {
  const transition = transitionOf(process, state, action);
  return Boolean(transition?.roles.some((role) => roles.includes(role)));
}

/** The actions any of `roles` may take from `state`, in the order of the definition (the buttons). */
export function allowedActions<S extends string, A extends string, G extends string>(
  process: ProcessDefinition<S, A, G>,
  state: S,
  roles: readonly ProcessRole[],
): A[] {
  return entries(process)
    .filter(([action]) => canTake(process, state, action, roles))
    .map(([action]) => action);
}

/** Where `action` leads from `state` (for `roles`, when given), or undefined when not allowed. */
export function nextState<S extends string, A extends string, G extends string>(
  process: ProcessDefinition<S, A, G>,
  state: S,
  action: A,
  roles?: readonly ProcessRole[],
): S | undefined {
  const transition = transitionOf(process, state, action);
  if (!transition || (roles && !canTake(process, state, action, roles))) return undefined;
  return transition.to ?? state;
}

export interface ProcessTimerSpec<A extends string> {
  action: A;
  afterSeconds: number;
}

/** The timers to arm when a subject enters `state`. */
export function timersOnEntering<S extends string, A extends string, G extends string>(
  process: ProcessDefinition<S, A, G>,
  state: S,
): ProcessTimerSpec<A>[] {
  return entries(process).flatMap(([action, transition]) =>
    transition.afterSeconds !== undefined && fromStates(transition).includes(state)
      ? [{ action, afterSeconds: transition.afterSeconds }]
      : [],
  );
}

/** The Chinese message refusing `action` from `state` (the web shows the same words). */
export function refusalMessage<S extends string, A extends string, G extends string>(
  process: ProcessDefinition<S, A, G>,
  state: S,
  action: A,
): string | undefined {
  if (process.refusal.message || !process.subjectLabel) return process.refusal.message;
  const label = (process.transitions[action] as ProcessTransition<S, G> | undefined)?.label ?? action;
  return `${process.stateLabels[state]}的${process.subjectLabel}不能${label}`;
}

export const isTerminal = <S extends string, A extends string, G extends string>(
  process: ProcessDefinition<S, A, G>,
  state: S,
) => process.terminal.includes(state);
