/** Query keys of the profile's own lists (nothing outside the profile reads them). */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  preferences: ['account', 'preferences'] as const,
  statistics: ['account', 'statistics'] as const,
};
