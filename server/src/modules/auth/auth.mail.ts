import { OTP_TTL_MINUTES } from '@cashtips/contract/auth';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { OtpPurpose } from './otp.service.ts';

/** `verify-again`: a sign-up for an email that already has one waiting (decision 015). */
export type OtpMailKind = OtpPurpose | 'verify-again';

const copy: Record<OtpMailKind, { subject: string; lead: string; ignore: string }> = {
  verify: {
    subject: 'Your CashTips verification code',
    lead: 'Use this code to verify your email and finish creating your account:',
    ignore: 'If you did not sign up, you can ignore this email.',
  },
  'verify-again': {
    subject: 'Your CashTips verification code',
    lead: 'A CashTips sign-up was requested for this email address. If it was you, use this code to verify your email:',
    ignore:
      'Nothing changes unless this code is entered together with the password chosen at that sign-up, so if it was not you, ignore this email: your details stay as they are.',
  },
  reset: {
    subject: 'Your CashTips password reset code',
    lead: 'Use this code to reset your password:',
    ignore: 'If you did not ask to reset your password, ignore this email: your password stays as it is.',
  },
};

/** `firstName` null: a greeting without a name. */
export function otpMail(
  kind: OtpMailKind,
  to: string,
  firstName: string | null,
  code: string,
  appUrl: string,
): MailMessage {
  const { subject, lead, ignore } = copy[kind];
  const purpose: OtpPurpose = kind === 'reset' ? 'reset' : 'verify';
  const greeting = firstName === null ? 'Hello,' : `Hi ${firstName},`;
  const text = [
    greeting,
    '',
    lead,
    '',
    `    ${code}`,
    '',
    `The code expires in ${OTP_TTL_MINUTES} minutes. Never share it with anyone: CashTips staff will never ask for it.`,
    ignore,
    '',
    `CashTips · ${appUrl}`,
    'For adults 18+ only. Please gamble responsibly.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;color:#047857;margin:0 0 16px">CashTips</h1>
<p>${escapeHtml(greeting)}</p>
<p>${lead}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;margin:24px 0">${code}</p>
<p>The code expires in ${OTP_TTL_MINUTES} minutes. Never share it with anyone: CashTips staff will never ask for it.</p>
<p style="color:#64748b;font-size:13px">${ignore}</p>
<p style="color:#64748b;font-size:12px">For adults 18+ only. Please gamble responsibly.</p>
</div></body></html>`;
  return { to, subject, text, html, kind: `otp-${purpose}` };
}
