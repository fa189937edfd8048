import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bindStates,
  noticeSubscriptions,
  profileChanges,
  thirdPartyBindings,
  userProfiles,
  wxPushOutbox,
} from './tables.ts';

/**
 * For account cancellation, in its erasure transaction: the personal centre's records of the user
 * (gender, birthday, region, the change history with its addresses, third-party bindings and their
 * pending states, notice subscriptions and the WeChat pushes sent) are deleted; nothing here is a record the law asks us to keep.
 */
export async function erasePersonalData(executor: Executor, userId: number): Promise<void> {
  await executor.delete(profileChanges).where(eq(profileChanges.userId, userId));
  await executor.delete(userProfiles).where(eq(userProfiles.userId, userId));
  await executor.delete(bindStates).where(eq(bindStates.userId, userId));
  await executor.delete(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId));
  await executor.delete(noticeSubscriptions).where(eq(noticeSubscriptions.userId, userId));
  await executor.delete(wxPushOutbox).where(eq(wxPushOutbox.userId, userId));
}
