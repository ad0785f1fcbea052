export * from './users.ts';
export * from './departs.ts';
export * from './permissions.ts';
export * from './dicts.ts';
export * from './auth.ts';
export * from './logs.ts';
export * from './files.ts';
export * from './yy-operations.ts';
