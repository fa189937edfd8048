export * from '../modules/identity/tables.ts';
export * from '../modules/admin/tables.ts';
