import type { AdminUser } from '@cashtips/contract/admin';
import { Link } from '../../../components/ui/link.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { adminPaths } from '../utils/admin-paths.ts';
import { formatDate, formatPhone, fullName } from '../utils/format.ts';
import { ClosedBadge, RoleBadge, VerifiedBadge } from './badge.tsx';
import {
  bodyCell,
  bodyRow,
  card,
  cardList,
  headCell,
  stretchedLink,
  tableClass,
  tableFrame,
} from './table-styles.ts';

/** Users as a table on desktop and as cards on phones; a row or card opens the user. */
export function UsersList({ users }: { users: AdminUser[] }) {
  return (
    <>
      <div className={tableFrame}>
        <table className={tableClass}>
          <caption className="sr-only">Users</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                User
              </th>
              <th scope="col" className={headCell}>
                Phone
              </th>
              <th scope="col" className={headCell}>
                Role
              </th>
              <th scope="col" className={headCell}>
                Verified
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Main
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Bonus
              </th>
              <th scope="col" className={headCell}>
                Joined
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user._id} className={`${bodyRow} relative hover:bg-emerald-800/30`}>
                <th scope="row" className={`${bodyCell} max-w-80 font-normal`}>
                  <Link to={adminPaths.user(user._id)} className={stretchedLink}>
                    {fullName(user)}
                  </Link>
                  <p className="text-xs break-all text-emerald-100/70">{user.email}</p>
                </th>
                <td className={`${bodyCell} whitespace-nowrap tabular-nums`}>{formatPhone(user.phone)}</td>
                <td className={bodyCell}>
                  <RoleBadge role={user.role} />
                </td>
                <td className={bodyCell}>
                  <div className="flex flex-wrap gap-1">
                    <VerifiedBadge verified={user.emailVerified} />
                    <ClosedBadge closedAt={user.closedAt} />
                  </div>
                </td>
                <td className={`${bodyCell} text-right tabular-nums`}>{formatNaira(user.mainWallet)}</td>
                <td className={`${bodyCell} text-right tabular-nums`}>{formatNaira(user.bonusWallet)}</td>
                <td className={`${bodyCell} whitespace-nowrap text-emerald-100/80`}>
                  {formatDate(user.createdAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cardList} aria-label="Users">
        {users.map((user) => (
          <li key={user._id} className={`${card} relative`}>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link to={adminPaths.user(user._id)} className={stretchedLink}>
                  {fullName(user)}
                </Link>
                <p className="text-sm break-all text-emerald-100/80">{user.email}</p>
                <p className="text-sm text-emerald-100/60 tabular-nums">{formatPhone(user.phone)}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <RoleBadge role={user.role} />
                <VerifiedBadge verified={user.emailVerified} />
                <ClosedBadge closedAt={user.closedAt} />
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-emerald-800/60 pt-3 text-sm">
              <div>
                <dt className="text-xs text-emerald-200/60">Main</dt>
                <dd className="font-semibold text-white tabular-nums">{formatNaira(user.mainWallet)}</dd>
              </div>
              <div>
                <dt className="text-xs text-emerald-200/60">Bonus</dt>
                <dd className="font-semibold text-white tabular-nums">{formatNaira(user.bonusWallet)}</dd>
              </div>
              <div>
                <dt className="text-xs text-emerald-200/60">Joined</dt>
                <dd className="text-emerald-50">{formatDate(user.createdAt)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
