import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';

export default function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-emerald-950 px-6 text-center">
      <Link to={paths.landing} className="rounded-lg">
        <Logo />
      </Link>
      <p className="mt-10 text-6xl font-extrabold text-lime-300">404</p>
      <h1 className="mt-3 text-2xl font-bold text-white">Page not found</h1>
      <p className="mt-2 max-w-sm text-emerald-100/80">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to={paths.landing} className={`${buttonVariants.primary} mt-8`}>
        Back to home
      </Link>
    </main>
  );
}
