import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { LegalPage, type LegalSection, Points } from '../../features/legal/components/legal-page.tsx';
import { SupportLink } from '../../features/legal/components/support-link.tsx';

const external = 'font-semibold text-lime-300 underline-offset-4 hover:underline';

const sections: readonly LegalSection[] = [
  {
    id: 'adults-only',
    title: 'Adults only',
    body: (
      <p>
        Betting is for people aged 18 and over. Do not let children use your account or your bookmaker
        accounts, and keep your phone locked.
      </p>
    ),
  },
  {
    id: 'in-control',
    title: 'Stay in control',
    body: (
      <>
        <p>
          Tips, booking codes and rollover plans are predictions, never a sure thing. Treat betting as paid
          entertainment, not as a way to earn money.
        </p>
        <Points>
          <li>Decide before you start how much money and time you will spend, and stop when you reach it.</li>
          <li>
            Never bet money you need for rent, food, transport, school fees or debts. Never borrow to bet.
          </li>
          <li>Do not chase losses: a bigger stake to win back what you lost usually loses more.</li>
          <li>
            Rollover plans carry one stake forward day after day: one lost day ends the run. Stake only what
            you are ready to lose in full.
          </li>
          <li>Take breaks, and do not bet when you are upset, tired or have been drinking.</li>
        </Points>
      </>
    ),
  },
  {
    id: 'warning-signs',
    title: 'Warning signs',
    body: (
      <>
        <p>Betting may be becoming a problem if you:</p>
        <Points>
          <li>spend more money or time than you planned, again and again;</li>
          <li>bet to win back losses, or to escape worry or sadness;</li>
          <li>borrow, sell things or skip bills to keep betting;</li>
          <li>
            hide your betting from family or friends, or feel restless and irritable when you try to stop;
          </li>
          <li>miss work, school or time with family because of betting.</li>
        </Points>
        <p>If one of these sounds familiar, it is a good moment to pause and talk to someone.</p>
      </>
    ),
  },
  {
    id: 'tools',
    title: 'Limits and breaks',
    body: (
      <>
        <p>
          Set deposit limits, take a break or exclude yourself in your profile:{' '}
          <Link to={paths.responsibleGamblingSettings} className={external}>
            Profile → Responsible gambling
          </Link>
          . You need to be signed in.
        </p>
        <Points>
          <li>
            <strong className="text-white">Deposit limits</strong>: the most you can deposit in any 24 hours,
            7 days or 30 days. A lower limit works at once. A higher one, or removing a limit, works only
            after 24 hours, so a bad moment cannot undo it.
          </li>
          <li>
            <strong className="text-white">Take a break</strong> for 1, 7 or 30 days, or{' '}
            <strong className="text-white">exclude yourself</strong> for 6 months, 1 year or 5 years. Until it
            ends you cannot deposit, buy booking codes or subscribe to rollover plans, and we send you no
            offers. You can still sign in, withdraw your money and see what you already bought.
          </li>
          <li>
            A break or a self-exclusion cannot be shortened or cancelled, not even by our support team. You
            can make it longer.
          </li>
          <li>
            Use your bookmaker&apos;s own tools too: the major bookmakers offer deposit limits, time-outs and
            self-exclusion in their account settings.
          </li>
          <li>Ask your bank to block payments to betting sites if it offers that.</li>
        </Points>
      </>
    ),
  },
  {
    id: 'get-help',
    title: 'Get help',
    body: (
      <>
        <Points>
          <li>Talk to someone you trust: a family member, a friend, a religious leader.</li>
          <li>
            See a doctor or a counsellor; gambling problems are treatable and often come with stress or low
            mood.
          </li>
          <li>
            <a
              href="https://www.gamblersanonymous.org/"
              target="_blank"
              rel="noopener noreferrer"
              className={external}
            >
              Gamblers Anonymous
            </a>{' '}
            lists support meetings, including meetings held online.
          </li>
          <li>
            <a
              href="https://www.gamblingtherapy.org/"
              target="_blank"
              rel="noopener noreferrer"
              className={external}
            >
              Gambling Therapy
            </a>{' '}
            offers free online support for anyone affected by gambling, wherever they live.
          </li>
        </Points>
        <p>
          If you ever feel unsafe or think about harming yourself, go to the nearest hospital or call the
          emergency number 112 now.
        </p>
      </>
    ),
  },
  {
    id: 'close-account',
    title: 'Close your account',
    body: (
      <>
        <p>
          You can close it yourself, on the{' '}
          <Link to={paths.yourData} className={external}>
            Your data
          </Link>{' '}
          tab of your profile, with your password. Withdraw your main wallet first; closing waits for a
          withdrawal still being paid and for a money-back code you bought to be settled. Closing:
        </p>
        <Points>
          <li>signs you out on every device and stops every email, push and Telegram message;</li>
          <li>erases your name, contact details, preferences and history at once;</li>
          <li>
            forfeits any bonus money, and keeps only the money records the law requires (see the Privacy
            Policy).
          </li>
        </Points>
        <p>
          If you cannot sign in any more, write to <SupportLink subject="Close my account" /> from the email
          address of your account and we close it for you.
        </p>
      </>
    ),
  },
];

export default function ResponsibleGamblingRoute() {
  return (
    <LegalPage
      title="Responsible Gambling"
      summary={
        <p>
          CashTips is for adults who bet for fun. Here is how to keep it that way, the signs that it is not
          fun any more, where to get help, and how to take a break or close your account.
        </p>
      }
      sections={sections}
    />
  );
}
