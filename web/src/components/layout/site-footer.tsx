import { Link } from 'react-router';
import { legalLinks } from '../../config/legal.ts';

/**
 * The footer of every screen outside the landing page (which has its own, with the same links):
 * the policies and the 18+ reminder. Its bottom padding keeps the links clear of the phone's
 * bottom bar and the floating Telegram button.
 */
export function SiteFooter({ className = '' }: { className?: string }) {
  return (
    <footer
      className={`border-t border-emerald-800/60 px-4 pt-6 text-xs text-emerald-100/75 sm:px-6 ${className}`}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <strong className="font-semibold text-amber-100">18+ only.</strong> Tips are predictions, not
          guarantees. Bet only what you can afford to lose.
        </p>
        <nav aria-label="Policies">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded font-medium text-emerald-50 underline-offset-4 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
