import { ArrowLeftIcon } from '../../components/ui/icons/arrow-left-icon.tsx';
import { LogoutIcon } from '../../components/ui/icons/logout-icon.tsx';
import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';

const itemClass =
  'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-sm font-semibold text-emerald-100/85 hover:bg-emerald-900/70 hover:text-white';

/** Who is signed in, the way back to the user app, and Logout. */
export function AdminAccount({ onNavigate }: { onNavigate?: () => void }) {
  const { user, logout } = useSession();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-1">
      <div className="px-3 pb-2">
        <p className="text-xs text-emerald-200/60">Signed in as</p>
        <p className="text-sm font-semibold wrap-anywhere text-white">{user.email}</p>
      </div>
      <Link to={paths.dashboard} className={itemClass} onClick={onNavigate}>
        <ArrowLeftIcon className="size-5" />
        Back to the app
      </Link>
      <button
        type="button"
        className={`${itemClass} text-rose-200 hover:bg-rose-500/10 hover:text-rose-100`}
        onClick={() => {
          onNavigate?.();
          logout();
        }}
      >
        <LogoutIcon className="size-5" />
        Logout
      </button>
    </div>
  );
}
