import { checkedBookmakerLabel } from '@cashtips/contract/bookmakers';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * "Check this code at SportyBet": opens /check-code on a code (checked at once), or on the bookmaker
 * alone when the code is not the viewer's to see. Nothing for a bookmaker whose codes are not read.
 */
export function CheckCodeLink({
  bookmaker,
  code,
  className = '',
}: {
  bookmaker: string;
  code?: string | undefined;
  className?: string;
}) {
  const label = checkedBookmakerLabel(bookmaker);
  if (!label) return null;
  const query = new URLSearchParams({ bookmaker: label });
  if (code) query.set('code', code);
  return (
    <Link
      to={`${paths.checkCode}?${query}`}
      className={`inline-flex min-h-11 items-center text-sm font-semibold text-lime-300 underline underline-offset-2 hover:text-lime-200 ${className}`}
    >
      {code ? `Check this code at ${label} now` : `Check a ${label} code`}
    </Link>
  );
}
