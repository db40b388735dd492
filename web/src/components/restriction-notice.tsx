import { lazy, Suspense } from 'react';
import { paths } from '../config/paths.ts';
import { useRestriction } from '../lib/session/use-restriction.ts';
import { ClockIcon } from './ui/icons/clock-icon.tsx';
import { Link } from './ui/link.tsx';

// The sentence comes from the contract's protection module, which builds zod schemas: loaded only for
// a user who is restricted, so public pages and the dashboard's first paint carry none of it.
const RestrictionNoticeText = lazy(() => import('./restriction-notice-text.tsx'));

export const restrictionNoticeClass =
  'flex w-full min-w-0 items-start gap-3 rounded-xl border border-amber-300/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-50';

/**
 * In place of Deposit, Buy Now or Subscribe while the user is on a time-out or self-exclusion: what is
 * closed, until when, and where the settings are. Renders nothing when the user is not restricted.
 */
export function RestrictionNotice({ className = '' }: { className?: string }) {
  const restriction = useRestriction();
  if (!restriction) return null;
  return (
    <div data-testid="restriction-notice" className={`${restrictionNoticeClass} ${className}`}>
      <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-200" />
      <div className="min-w-0">
        {/* A fallback of about the sentence's height: the card does not grow when the text arrives. */}
        <Suspense fallback={<span className="block min-h-[4.5rem]" />}>
          <RestrictionNoticeText restriction={restriction} />
        </Suspense>{' '}
        <Link
          to={paths.responsibleGamblingSettings}
          className="font-semibold text-amber-200 underline underline-offset-4 hover:text-amber-100"
        >
          Responsible gambling settings
        </Link>
      </div>
    </div>
  );
}
