import { buttonVariants } from '../../components/ui/button.tsx';
import { Link } from '../../components/ui/link.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { usePageName } from '../page-title.tsx';

/** What a signed-in user who is not an admin sees at /admin; the API answers them 403 as well. */
export function AdminForbidden({ email }: { email: string }) {
  usePageName('Access denied');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-emerald-950 px-6 text-center">
      <Link to={paths.dashboard} className="rounded-lg">
        <Logo />
      </Link>
      <p className="mt-10 text-6xl font-extrabold text-amber-300">403</p>
      <h1 className="mt-3 max-w-md text-2xl font-bold text-white">This area is for administrators only.</h1>
      <p className="mt-2 max-w-sm text-emerald-100/80">
        You are signed in as <span className="font-semibold text-white">{email}</span>, which has no admin
        role.
      </p>
      <Link to={paths.dashboard} className={`${buttonVariants.primary} mt-8`}>
        Back to dashboard
      </Link>
    </main>
  );
}
