import { MONEY_RECORDS_KEPT_YEARS } from '@cashtips/contract/data-rights';
import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { LegalPage, type LegalSection, Points } from '../../features/legal/components/legal-page.tsx';
import { SupportLink } from '../../features/legal/components/support-link.tsx';

const link = 'font-semibold text-lime-300 underline-offset-4 hover:underline';

const sections: readonly LegalSection[] = [
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <Points>
        <li>
          <strong>Your account</strong>: first and last name, email address, phone number, and your password
          as a one-way hash (no one at CashTips can read your password).
        </li>
        <li>
          <strong>Sign-in</strong>: the one-time codes we email you (stored hashed, valid for 10 minutes) and
          your sessions: when each started and was last used, the browser or device it came from, and its IP
          address (which we show you only in part).
        </li>
        <li>
          <strong>Money</strong>: every deposit (amount, provider, reference and its status), every movement
          of your main and bonus wallets, what you bought and when. Your card and bank details go to the
          payment provider, never to us.
        </li>
        <li>
          <strong>Referrals</strong>: who referred you and whom you referred. Other users see only a first
          name and the initial of a last name, never your contact details.
        </li>
        <li>
          <strong>If you turn them on</strong>: your browser&apos;s push-notification address, and your
          Telegram id and username once you link Telegram.
        </li>
        <li>
          <strong>Your messages</strong> to support, and an approximate country worked out from your IP
          address to preselect your currency and phone country (not stored).
        </li>
      </Points>
    ),
  },
  {
    id: 'why',
    title: 'Why we keep it',
    body: (
      <Points>
        <li>To run your account and deliver what you buy (our contract with you).</li>
        <li>
          To keep accurate financial records of deposits, purchases and balances, as Nigerian law requires of
          us.
        </li>
        <li>
          To keep accounts safe: rate limits on sign-in, spotting fraud and abuse (our legitimate interest).
        </li>
        <li>
          To send you the codes, alerts and notifications you asked for (your consent, which you can
          withdraw).
        </li>
      </Points>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We do not sell your data and do not share it with bookmakers or advertisers. We pass on only what
          each service needs to do its job for you:
        </p>
        <Points>
          <li>
            Paystack, Flutterwave and NOWPayments, to take your payments (your name, email and the amount).
          </li>
          <li>Our email provider, to deliver sign-in codes and account mail.</li>
          <li>Your browser&apos;s push service and Telegram, for the notifications you turned on.</li>
          <li>Our hosting provider, which stores the data on our behalf.</li>
          <li>Authorities, when Nigerian law obliges us to.</li>
        </Points>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <Points>
        <li>
          Account details: while your account is open. When you close it, your name, email address, phone
          number, username, referral code, sign-in history, notifications, activity, push and Telegram details
          are erased at once.
        </li>
        <li>
          Money records (deposits, withdrawals and the bank account they were paid to, wallet movements,
          purchases and subscriptions): {MONEY_RECORDS_KEPT_YEARS} years after the transaction, even after you
          close your account, because Nigerian law on financial records and on preventing money laundering
          requires us to keep them. After closing they are kept under a number only, without your name or
          contact details. They cannot be edited or erased; a mistake is corrected by a new, opposite entry.
        </li>
        <li>
          A self-exclusion: if you close your account while you have excluded yourself, we keep a one-way
          fingerprint of your email address (it cannot be turned back into the address) until the exclusion
          ends, so that a new account with that address is excluded until the same date. A break (time-out) is
          not kept.
        </li>
        <li>
          Sessions and sign-in codes: until they expire or you sign out; rate-limit counters for minutes.
        </li>
        <li>Push and Telegram details: until you turn them off or unlink.</li>
      </Points>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Connections are encrypted, passwords are hashed with Argon2, sessions can be ended from your account,
        and staff access to accounts is limited and every administrative action is recorded in an audit log
        that cannot be altered.
      </p>
    ),
  },
  {
    id: 'storage',
    title: 'What we store in your browser',
    body: (
      <p>
        We use your browser&apos;s local storage to keep you signed in, remember your display currency and a
        referral code you arrived with. We use no advertising or tracking cookies and load nothing from other
        websites.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the Nigeria Data Protection Act 2023 you may:</p>
        <Points>
          <li>ask for a copy of the data we hold about you;</li>
          <li>have wrong data corrected;</li>
          <li>have your data erased, except the money records we must keep;</li>
          <li>object to a use of your data, or withdraw a consent you gave;</li>
          <li>receive your data in a format you can take elsewhere.</li>
        </Points>
        <p>
          You can do two of these yourself, on the{' '}
          <Link to={paths.yourData} className={link}>
            Your data
          </Link>{' '}
          tab of your profile: download a copy of everything we hold about you as one file, and close your
          account (your details are erased; bonus money is forfeited; money records are kept as described
          above).
        </p>
        <p>
          For anything else, write to <SupportLink subject="Data request" /> from the email address of your
          account; we answer within 30 days. If you are not satisfied, you can complain to the Nigeria Data
          Protection Commission.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>CashTips is only for people aged 18 or older. We delete an account we find belongs to a minor.</p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes',
    body: (
      <p>
        When this policy changes, the date at the top changes too, and we tell you in the app about changes
        that affect how we use your data. The{' '}
        <Link to={paths.terms} className={link}>
          Terms of Service
        </Link>{' '}
        cover everything else.
      </p>
    ),
  },
];

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary={
        <p>
          What CashTips keeps about you, why, who else sees it, how long we keep it, and how to get a copy or
          have it deleted.
        </p>
      }
      sections={sections}
    />
  );
}
