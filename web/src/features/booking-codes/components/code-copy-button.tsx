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
