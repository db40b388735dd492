import { SUPPORT_EMAIL } from '../../../config/legal.ts';

const [mailbox, domain] = SUPPORT_EMAIL.split('@');

/**
 * The support address as a mail link, optionally with a subject that tells us what it is about. It
 * moves to the next line whole when it does not fit; on a screen too narrow even for that it breaks
 * after the @, never in the middle of a word.
 */
export function SupportLink({ subject }: { subject?: string }) {
  const href = `mailto:${SUPPORT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <a href={href} className="font-semibold break-words text-lime-300 underline-offset-4 hover:underline">
      {mailbox}@<wbr />
      {domain}
    </a>
  );
}
