import { SUPPORT_EMAIL } from '../../../config/legal.ts';

/** The support address as a mail link, optionally with a subject that tells us what it is about. */
export function SupportLink({ subject }: { subject?: string }) {
  const href = `mailto:${SUPPORT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <a href={href} className="font-semibold break-all text-lime-300 underline-offset-4 hover:underline">
      {SUPPORT_EMAIL}
    </a>
  );
}
