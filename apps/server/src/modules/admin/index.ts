/** The admin command line's public API. */
export { AdminCommandError, adminUsage, createAdminService, type AdminUserLine } from './admin-service.ts';
export { openAdminSessions } from './admin-sessions.ts';
