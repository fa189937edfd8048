// Roles without a schema library: the web's first screen may ask whether a user is staff.

export const roles = [
  'merchant',
  'recycler',
  'customer_service',
  'report_handler',
  'finance',
  'admin',
] as const;
export type Role = (typeof roles)[number];

/** Roles that work for the platform; merchants and recyclers trade on it. */
export const staffRoles = [
  'customer_service',
  'report_handler',
  'finance',
  'admin',
] as const satisfies readonly Role[];

export const isStaff = (userRoles: readonly Role[]): boolean =>
  userRoles.some((role) => (staffRoles as readonly Role[]).includes(role));
