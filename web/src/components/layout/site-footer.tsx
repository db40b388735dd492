import { screenPaths } from '../../config/screen-paths.ts';
import { LiveIcon } from '../ui/icons/live-icon.tsx';
import { Link } from '../ui/link.tsx';
import { PolicyLinks } from './policy-links.tsx';

/**
 * The footer of every screen outside the landing page (which has its own, with the same links):
 * today's live scores (public, and the only way a visitor's shell links them), the policies and the
 * 18+ reminder. Its bottom padding keeps the links clear of the phone's bottom bar and the floating
 * Telegram button.
 */
export function SiteFooter({ className = '' }: { className?: string }) {
  return (
    <footer className={`border-t border-emerald-800/60 pt-6 text-xs text-emerald-100/75 ${className}`}>
      {/* The same column as the layouts' <main> (padding inside the 6xl width), so its edges line up. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          <strong className="font-semibold text-amber-100">18+ only.</strong> Tips are predictions, not
          guarantees. Bet only what you can afford to lose.
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <nav aria-label="Scores">
            <Link
              to={screenPaths.live}
              className="inline-flex min-h-11 items-center gap-1.5 rounded font-medium text-lime-300 underline-offset-4 hover:underline"
            >
              <LiveIcon className="size-4" />
              Live scores
            </Link>
          </nav>
          <nav aria-label="Policies">
            <PolicyLinks linkClassName="rounded font-medium text-emerald-50" />
          </nav>
        </div>
      </div>
    </footer>
  );
}
