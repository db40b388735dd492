import { OTP_RESEND_COOLDOWN_SECONDS } from '@cashtips/contract/auth';
import type { MessageResponse } from '@cashtips/contract/errors';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCooldown } from '../../../lib/use-cooldown.ts';

/**
 * Sending an emailed code (register, resend): a busy flag and the resend cooldown, which starts after a
 * sent code or, on a 429, from the server's `retryAfterSeconds`.
 */
export function useSendCode() {
  const cooldown = useCooldown();
  const [sending, setSending] = useState(false);

  /** Runs `request` and toasts its message; a failure is rethrown for the form to show. */
  const send = async (request: () => Promise<MessageResponse>): Promise<void> => {
    setSending(true);
    try {
      const response = await request();
      toast.success(response.message);
      cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) {
        cooldown.start(error.retryAfterSeconds);
      }
      throw error;
    } finally {
      setSending(false);
    }
  };

  return {
    send,
    sending,
    coolingDown: cooldown.active,
    /** The send button's text: `Wait 42s` during the cooldown, otherwise `idle`. */
    buttonText: (idle: string): string => (cooldown.active ? `Wait ${cooldown.remaining}s` : idle),
  };
}
