import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { LegalPage, type LegalSection, Points } from '../../features/legal/components/legal-page.tsx';
import { SupportLink } from '../../features/legal/components/support-link.tsx';

const link = 'font-semibold text-lime-300 underline-offset-4 hover:underline';

const sections: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are and what these terms cover',
    body: (
      <>
        <p>
          CashTips is a web app for football bettors in Nigeria. These terms are the agreement between you and
          CashTips when you create an account, fund your wallet or buy anything from us. By registering you
          accept them. If you do not agree, do not use CashTips.
        </p>
        <p>
          We are <strong>not a bookmaker</strong>. We do not take bets, hold stakes or pay winnings. You place
          every bet yourself, with a bookmaker of your choice, under that bookmaker&apos;s own rules.
        </p>
      </>
    ),
  },
  {
    id: 'age',
    title: 'You must be 18 or older',
    body: (
      <p>
        CashTips is for adults only. By registering you confirm that you are at least 18 years old. We may ask
        you to prove your age and we close any account we believe belongs to someone under 18.
      </p>
    ),
  },
  {
    id: 'what-we-sell',
    title: 'What we sell',
    body: (
      <>
        <Points>
          <li>
            <strong>Booking codes</strong>: a code issued by a bookmaker (SportyBet, Bet9ja and others) that
            loads a ready selection of bets into your betslip there. Until you buy a code you see only its
            first characters; once bought, it is yours to view and copy.
          </li>
          <li>
            <strong>Rollover plans</strong>: a subscription for a set number of days, with tips posted for
            each day of the plan.
          </li>
          <li>
            <strong>Free tips</strong>: daily tips anyone can read, at no cost.
          </li>
        </Points>
        <p>
          Every tip, code, confidence figure and success rate is our opinion of what may happen, not a
          promise. Football is unpredictable, matches are postponed, and a bookmaker may change its odds,
          suspend a market or stop accepting a code at any time. You can lose the money you stake.
        </p>
        <p>
          Success rates we show are worked out from the results we have settled. A past record does not mean
          future tips will win.
        </p>
      </>
    ),
  },
  {
    id: 'wallets',
    title: 'Your wallets and payments',
    body: (
      <>
        <Points>
          <li>
            Your <strong>main wallet</strong> holds the naira you deposit. You fund it by card, bank transfer
            or USSD through Paystack or Flutterwave, or with cryptocurrency through NOWPayments. Money reaches
            your wallet when the payment provider confirms the payment to us.
          </li>
          <li>
            Your <strong>bonus wallet</strong> holds referral bonuses. Once it reaches the minimum shown in
            the app you can move it to your main wallet.
          </li>
          <li>
            Wallet balances are credit for buying CashTips products. They are not a bank account, they earn no
            interest, and we do not currently pay main-wallet balances out to a bank account. Deposit only
            what you intend to spend with us.
          </li>
          <li>
            Prices are in naira. A currency you choose in the app changes only how amounts are displayed.
          </li>
        </Points>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Purchases and refunds',
    body: (
      <>
        <p>
          A booking code is delivered the moment you buy it, so it cannot be returned once shown. A rollover
          plan starts when you subscribe. We still put things right when we are at fault:
        </p>
        <Points>
          <li>
            If a code could not be loaded at the bookmaker at the time you bought it (wrong or already expired
            there), write to us within 48 hours with the code. If we confirm it, we refund its price to your
            main wallet.
          </li>
          <li>
            If we post no tip on a day of your plan, tell us and we refund that day&apos;s share of the price.
          </li>
          <li>
            If a payment left your bank or card but did not reach your wallet, or you were charged twice, send
            us the payment reference. We check it with the provider and either credit your wallet or have the
            payment reversed. A payment is never credited twice.
          </li>
        </Points>
        <p>
          A code whose games are postponed, abandoned or cancelled is settled as <strong>void</strong>: it
          counts as neither won nor lost in our success rates, and its price is not refunded, because the code
          was delivered and your bookmaker settles void selections under its own rules.
        </p>
        <p>
          A result that turns out to be recorded wrongly (for example a match counted as lost that was won) is
          corrected, and the correction is kept in our records with the reason for it. A correction changes
          the record and the success rates; it does not by itself move money.
        </p>
      </>
    ),
  },
  {
    id: 'referrals',
    title: 'Referral bonuses',
    body: (
      <p>
        When someone registers with your referral link and their first deposit is confirmed, your bonus wallet
        is credited the share shown on your referral page, up to the cap shown there. Referring yourself,
        creating accounts for others or any other abuse of the programme forfeits the bonuses it produced.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <Points>
        <li>
          One account per person. Keep your password to yourself; you are responsible for what is done with
          it.
        </li>
        <li>Paid codes and tips are for your own use. Reselling or publishing them is not allowed.</li>
        <li>
          We may suspend or close an account used for fraud, chargebacks on payments that were credited, or
          abuse of other users or of our staff, and we will tell you why.
        </li>
        <li>
          You can close your account at any time; see{' '}
          <Link to={`${paths.responsibleGambling}#close-account`} className={link}>
            how to close your account
          </Link>
          .
        </li>
      </Points>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <>
        <p>
          We are not responsible for money you stake or lose with a bookmaker, for a bookmaker&apos;s
          decisions, or for results that differ from our tips. Where the law allows, our responsibility for
          anything else is limited to the amount you paid us in the three months before the problem.
        </p>
        <p>Nothing in these terms takes away rights you have under Nigerian consumer protection law.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes, law and contact',
    body: (
      <>
        <p>
          We may update these terms; the date at the top shows the latest version, and we tell you in the app
          before a change that affects you takes effect. These terms are governed by the laws of the Federal
          Republic of Nigeria.
        </p>
        <p>
          Questions or complaints: <SupportLink subject="Question about the terms" />. How we handle your data
          is in the{' '}
          <Link to={paths.privacy} className={link}>
            Privacy Policy
          </Link>
          .
        </p>
      </>
    ),
  },
];

export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      summary={
        <p>
          The rules for using CashTips: who may use it (adults, 18+), what you buy from us, how your wallets
          work, and when you get your money back.
        </p>
      }
      sections={sections}
    />
  );
}
