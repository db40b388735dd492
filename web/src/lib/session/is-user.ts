import type { User } from '@cashtips/contract/auth';

/**
 * Structural check of a user object from storage or from the server. Deliberately not the contract's
 * zod schema: zod would then load with the landing page, which must stay small.
 */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.email === 'string' &&
    typeof record.firstName === 'string' &&
    typeof record.mainWallet === 'number' &&
    typeof record.bonusWallet === 'number'
  );
}

/** The answer of GET /api/auth/me, checked the same way. */
export function isMeResponse(value: unknown): value is { success: true; user: User } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.success === true && isUser(record.user);
}

export function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUser(value) ? value : null;
  } catch {
    return null;
  }
}
