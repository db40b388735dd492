import { buttonVariants } from '../../components/ui/button.tsx';
import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session/session-context.ts';

/** Inside the layout the visitor is in: the signed-in one keeps its top and bottom bars. */
export default function NotFoundRoute() {
  const { token, user } = useSession();
  const signedIn = Boolean(token && user);
  return (
    <div className="flex flex-col items-center py-10 text-center sm:py-16">
      <p className="text-6xl font-extrabold text-lime-300" aria-hidden="true">
        404
      </p>
      <h1 className="mt-3 text-2xl font-bold text-white">Page not found</h1>
      <p className="mt-2 max-w-sm text-emerald-100/80">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to={signedIn ? paths.dashboard : paths.landing} className={`${buttonVariants.primary} mt-8`}>
        {signedIn ? 'Back to dashboard' : 'Back to home'}
      </Link>
    </div>
  );
}
