import { legalLinks } from '../../config/legal.ts';
import { Link } from '../ui/link.tsx';

/** The policies as a list of links (the footer of every layout, and each policy page's "Also read"). */
export function PolicyLinks({ except, linkClassName }: { except?: string; linkClassName: string }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1">
      {legalLinks
        .filter((link) => link.to !== except)
        .map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={`inline-flex min-h-11 items-center underline-offset-4 hover:underline ${linkClassName}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
    </ul>
  );
}
