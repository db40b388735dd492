import { codeMessages } from '@cashtips/contract/booking-codes';
import { copyText } from '../../../components/ui/copy-button.tsx';
import { CopyIcon } from '../../../components/ui/icons/copy-icon.tsx';
import { toast } from '../../../lib/toast.ts';

interface CodeCopyButtonProps {
  code: string;
  purchased: boolean;
  /** Locked codes: refuse (the detail page) or copy the masked text with a reminder (cards, preview). */
  lockedBehaviour?: 'refuse' | 'copy-masked';
  className?: string;
}

export function CodeCopyButton({
  code,
  purchased,
  lockedBehaviour = 'refuse',
  className = '',
}: CodeCopyButtonProps) {
  const onClick = async () => {
    if (!purchased && lockedBehaviour === 'refuse') {
      toast.error(codeMessages.copyLocked);
      return;
    }
    if (await copyText(code)) {
      toast.success(purchased ? codeMessages.copied : codeMessages.copiedMasked);
    } else {
      toast.error('Could not copy. Select the text and copy it instead.');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-label={purchased ? 'Copy booking code' : 'Copy masked booking code'}
      className={`btn btn-secondary px-3 ${className}`}
    >
      <CopyIcon className="size-4" />
      Copy
    </button>
  );
}

const codeSizes = {
  base: 'text-base font-bold tracking-wider',
  lg: 'text-lg font-bold tracking-wider',
  // Spaced more where the screen has room for it.
  page: 'text-2xl font-extrabold tracking-[0.12em] sm:text-3xl sm:tracking-[0.2em]',
} as const;

interface CodeWithCopyProps extends Omit<CodeCopyButtonProps, 'className'> {
  /** In a dashed box, as on cards and My Codes; the code pages show it bare and large. */
  boxed?: boolean;
  /** The code's size: a card's, a list row's, or large on its own page. */
  size: keyof typeof codeSizes;
  testId?: string;
}

/**
 * A booking code shown whole beside its Copy button. Users copy it by eye into a bookmaker's app, so a
 * long code wraps onto more lines (the button moves under it when the code needs the row) and is never
 * cut with "…".
 */
export function CodeWithCopy({ boxed = false, size, testId, ...copy }: CodeWithCopyProps) {
  return (
    <div
      className={`flex flex-wrap items-center ${
        boxed ? 'gap-2 rounded-xl border border-dashed border-lime-300/40 bg-lime-400/5 px-3 py-2' : 'gap-3'
      }`}
    >
      <span className="sr-only">Booking code</span>
      <span
        data-testid={testId}
        className={`min-w-0 flex-auto font-mono wrap-anywhere text-white ${codeSizes[size]}`}
      >
        {copy.code}
      </span>
      <CodeCopyButton {...copy} className={boxed ? 'min-h-9' : ''} />
    </div>
  );
}
