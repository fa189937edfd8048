/** The inbox's public API: modules write messages with `notify`; chat's notice channels read them. */
export {
  eraseInbox,
  markNoticesRead,
  noticesOf,
  notificationsOf,
  notify,
  notifyAll,
  takePendingPushes,
  unreadNoticeCounts,
  unreadNoticeCountsOf,
  type NotificationInput,
  type NotificationRow,
} from './inbox.ts';
export { notificationExportSources, openNotification } from './event-detail.ts';
export { onNoticeWritten, type NoticeListener, type WrittenNotice } from './notice-listeners.ts';
