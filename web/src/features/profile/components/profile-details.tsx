import type { User } from '@cashtips/contract/auth';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';

/** A phone stored as digits (2348012345678) shown with its + (the country code is part of it). */
const displayPhone = (phone: string) => (phone && !phone.startsWith('+') ? `+${phone}` : phone);

/** The signed-in user's account details as the server has them (spec part 2, Profile tab). */
export function ProfileDetails({ user }: { user: User }) {
  return (
    <section aria-labelledby="profile-details-title" className="card min-w-0 gap-4 p-5 sm:p-6">
      <h2 id="profile-details-title" className="text-lg font-bold text-white">
        Account details
      </h2>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Detail term="Full name">{user.fullName}</Detail>
        <Detail term="Email">{user.email}</Detail>
        <Detail term="Phone">{displayPhone(user.phone)}</Detail>
        <Detail term="Username">
          {user.username ?? <span className="text-emerald-100/60">Not set</span>}
        </Detail>
        <Detail term="Member since">{formatDate(user.createdAt)}</Detail>
      </dl>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-emerald-200/75 uppercase">{term}</dt>
      <dd className="mt-1 text-base break-words text-white">{children}</dd>
    </div>
  );
}
