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
        <Points>
          <li>
            Use your bookmaker&apos;s own tools: deposit limits, time-outs and self-exclusion are offered in
            the account settings of the major bookmakers.
          </li>
          <li>
            With us, write to <SupportLink subject="Take a break" /> from your account&apos;s email address
            and we will block purchases and deposits on your account for the period you choose (from one week
            to a year), or close it. We act within one working day and will not reopen it early because of a
            later request.
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
          Write to <SupportLink subject="Close my account" /> from the email address of your account and say
          that you want it closed. We confirm by email, then:
        </p>
        <Points>
          <li>sign you out on every device and stop every email, push and Telegram message;</li>
          <li>block new deposits and purchases, and delete your contact details and preferences;</li>
          <li>
            keep only the money records the law requires (see the Privacy Policy), and talk to you about any
            money left in your main wallet.
          </li>
        </Points>
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
