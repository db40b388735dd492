import { ReferralOverview } from '../../features/referrals/components/referral-overview.tsx';
import { WithdrawBonusButton } from '../../features/wallet/components/withdraw-bonus-button.tsx';

export default function ReferralRoute() {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Referral Program</h1>
        <p className="mt-1 text-emerald-100/75">Invite friends and earn a bonus on their first deposit.</p>
      </header>
      <ReferralOverview withdrawAction={<WithdrawBonusButton variant="primary" />} />
    </div>
  );
}
