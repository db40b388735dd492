export * from './system.ts';
export * from './users.ts';
