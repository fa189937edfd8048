import { describe, expect, it } from 'vitest';
import { isStaff } from './roles.ts';
import { staffProcessRoles } from './process/engine.ts';

describe('isStaff', () => {
  it.each([
    [['finance']],
    [['admin']],
    [['customer_service']],
    [['report_handler']],
    [['merchant', 'finance']],
  ] as const)('is true for %j', (userRoles) => expect(isStaff(userRoles)).toBe(true));

  it.each([[[]], [['merchant']], [['recycler']], [['merchant', 'recycler']]] as const)(
    'is false for %j',
    (userRoles) => expect(isStaff(userRoles)).toBe(false),
  );

  it('names the same roles the process engine treats as staff', () => {
    expect([...staffProcessRoles].sort()).toEqual(['admin', 'customer_service', 'finance', 'report_handler']);
  });
});
