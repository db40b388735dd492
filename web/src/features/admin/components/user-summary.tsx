import type { AdminUserDetailResponse } from '@cashtips/contract/admin';
import type { ReactNode } from 'react';
import { GiftIcon } from '../../../components/ui/icons/gift-icon.tsx';
import { WalletIcon } from '../../../components/ui/icons/wallet-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDateTime, formatPhone, roleLabels } from '../utils/format.ts';

type DetailUser = AdminUserDetailResponse['user'];

export function UserBalances({ user }: { user: DetailUser }) {
  return (
    <section aria-labelledby="user-balances-title">
      <h2 id="user-balances-title" className="sr-only">
        Balances
      </h2>
      {/* Side by side from 400 px: narrower, "₦17,500" broke inside its number. */}
      <div className="grid gap-3 min-[400px]:grid-cols-2 sm:gap-4">
        <div className="rounded-2xl border border-lime-300/30 bg-gradient-to-br from-lime-400/15 to-emerald-900/40 p-4 sm:p-5">
          <p className="flex items-center gap-2 text-sm font-medium text-lime-200">
            <WalletIcon className="size-5" />
            Main wallet
          </p>
          <p className="mt-2 text-2xl font-extrabold tracking-tight text-white tabular-nums sm:text-3xl">
            {formatNaira(user.mainWallet)}
          </p>
        </div>
        <div className="rounded-2xl border border-emerald-700/70 bg-emerald-900/40 p-4 sm:p-5">
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-200">
            <GiftIcon className="size-5" />
            Bonus wallet
          </p>
          <p className="mt-2 text-2xl font-extrabold tracking-tight text-white tabular-nums sm:text-3xl">
            {formatNaira(user.bonusWallet)}
          </p>
        </div>
      </div>
    </section>
  );
}

function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    // A long value (an email, a phone number) takes the row on phones rather than breaking inside.
    <div className={`min-w-0 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-xs font-medium text-emerald-200/60">{term}</dt>
      <dd className="mt-0.5 break-words text-sm text-emerald-50">{children}</dd>
    </div>
  );
}

export function UserProfile({ user }: { user: DetailUser }) {
  return (
    <section aria-labelledby="user-profile-title" className="card p-5">
      <h2 id="user-profile-title" className="text-base font-bold text-white">
        Profile
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <Fact term="Email" wide>
          {user.email}
        </Fact>
        <Fact term="Phone" wide>
          {formatPhone(user.phone)}
        </Fact>
        <Fact term="Role">{roleLabels[user.role]}</Fact>
        <Fact term="Email verified">{user.emailVerified ? 'Yes' : 'No'}</Fact>
        <Fact term="Referral code">
          <span className="font-mono">{user.referralCode}</span>
        </Fact>
        <Fact term="Referred by">
          {user.referredBy ? (
            <Link
              to={adminPaths.user(user.referredBy._id)}
              className="rounded font-semibold text-lime-300 underline-offset-4 hover:underline"
            >
              {user.referredBy.email}
            </Link>
          ) : (
            'Nobody'
          )}
        </Fact>
        <Fact term="Telegram">{user.telegramId ? user.telegramId : 'Not linked'}</Fact>
        <Fact term="Joined">{formatDateTime(user.createdAt)}</Fact>
      </dl>
    </section>
  );
}
