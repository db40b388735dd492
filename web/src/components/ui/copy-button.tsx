import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { buttonVariants } from './button.tsx';
import { CheckCircleIcon } from './icons/check-circle-icon.tsx';
import { CopyIcon } from './icons/copy-icon.tsx';

/** The Clipboard API, or the older selection copy where it is missing (pages served over plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. "Copy referral code". */
  label: string;
  /** Toast shown once copied. */
  successMessage: string;
  variant?: 'primary' | 'secondary';
  className?: string;
  /** Visible text before copying; the accessible name starts with it. */
  idleText?: string;
}

export function CopyButton({
  text,
  label,
  successMessage,
  variant = 'secondary',
  className = '',
  idleText = 'Copy',
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onClick = async () => {
    if (await copyText(text)) {
      setCopied(true);
      toast.success(successMessage);
    } else {
      toast.error('Could not copy. Select the text and copy it instead.');
    }
  };

  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`${buttonVariants[variant]} ${className}`}
    >
      {copied ? <CheckCircleIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span className="inline-block min-w-[3.25rem] text-left">{copied ? 'Copied' : idleText}</span>
    </button>
  );
}
