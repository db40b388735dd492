export * from './booking-codes.ts';
export * from './matches.ts';
export * from './money.ts';
export * from './notifications.ts';
export * from './predictions.ts';
export * from './rollover.ts';
export * from './system.ts';
export * from './users.ts';
