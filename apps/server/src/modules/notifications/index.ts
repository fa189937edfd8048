/** The inbox's public API: modules write messages with `notify`; the chat screens will read them. */
export { notify, notificationsOf, type NotificationInput, type NotificationRow } from './inbox.ts';
export { notificationExportSources, openNotification } from './event-detail.ts';
