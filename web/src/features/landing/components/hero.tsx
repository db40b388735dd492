import { buttonVariants } from '../../../components/ui/button.tsx';
import { ShieldIcon } from '../../../components/ui/icons/shield-icon.tsx';
import { SparkIcon } from '../../../components/ui/icons/spark-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';

export function Hero() {
  return (
    <section className="relative overflow-hidden" aria-labelledby="hero-title">
      <div aria-hidden="true" className="glow pointer-events-none absolute inset-0" />
      <div className="relative mx-auto max-w-6xl px-4 pt-12 pb-14 sm:px-6 md:pt-24 md:pb-24 md:text-center">
        <p className="inline-flex items-center gap-2 rounded-full border border-lime-300/30 bg-lime-300/10 px-3 py-1 text-xs font-semibold tracking-wide text-lime-200 uppercase">
          <SparkIcon className="size-4" />
          AI-powered football predictions
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-5 max-w-3xl text-4xl leading-[1.1] font-extrabold tracking-tight text-white sm:text-5xl md:text-6xl"
        >
          Smarter football tips. <span className="text-lime-300">Steadier wins.</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-emerald-100/85 sm:text-lg">
          Rollover plans, ready-made booking codes and free daily tips, picked with a match model fitted on
          years of real results. Fund your wallet in naira and start in minutes.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row md:justify-center">
          <Link to={paths.register} className={`${buttonVariants.primary} btn-lg`}>
            Get Started
          </Link>
          <Link to={paths.login} className={`${buttonVariants.secondary} btn-lg`}>
            Login
          </Link>
        </div>
        <p className="mt-6 flex items-center gap-2 text-sm text-emerald-200/75 md:justify-center">
          <ShieldIcon className="size-4 shrink-0" />
          18+ only. Tips are predictions, not guarantees. Please bet responsibly.
        </p>
      </div>
    </section>
  );
}
