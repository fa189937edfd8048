/** How users see a staff member: 客服 and the nickname (a nickname that already says 客服 stays as it is). */
export const staffName = (nickname: string): string =>
  nickname.startsWith('客服') ? nickname : `客服${nickname}`;
