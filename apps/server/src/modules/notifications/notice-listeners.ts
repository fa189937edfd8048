import type { Executor } from '../../db/client.ts';
import type { NotificationInput } from './inbox.ts';

/** A notice as written to the inbox, with its id. */
export interface WrittenNotice extends NotificationInput {
  id: number;
}

/**
 * Called in the transaction that wrote notices (one or more, written together), after their inbox
 * rows: a listener may only add rows of its own (an outbox), so the notices and what they cause
 * commit or roll back together.
 */
export type NoticeListener = (executor: Executor, notices: readonly WrittenNotice[]) => Promise<void>;

/**
 * The listeners, by name. They hold no app state (what they do depends only on the executor and
 * the notice), so one registry serves every app in the process and registering again replaces.
 */
const listeners = new Map<string, NoticeListener>();

/** Lets another module act on every notice written (the personal centre's WeChat pushes). */
export function onNoticeWritten(name: string, listener: NoticeListener): void {
  listeners.set(name, listener);
}

export async function runNoticeListeners(
  executor: Executor,
  notices: readonly WrittenNotice[],
): Promise<void> {
  for (const listener of listeners.values()) await listener(executor, notices);
}
