import { useLocation } from 'react-router';

/** The email handed from one auth screen to the next: router state first, then `?email=` (survives reload). */
export function useCarriedEmail(): string {
  const { state, search } = useLocation() as { state: unknown; search: string };
  if (typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return new URLSearchParams(search).get('email')?.trim() ?? '';
}

export function withEmail(path: string, email: string): string {
  return `${path}?email=${encodeURIComponent(email)}`;
}
