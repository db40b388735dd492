import { Link } from '../../../components/ui/link.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';

export function LandingFooter() {
  const linkClass = 'rounded text-emerald-100/80 hover:text-white';
  return (
    <footer className="border-t border-emerald-800/60 bg-black/20">
      <div className="mx-auto max-w-6xl px-4 py-10 pb-28 sm:px-6 md:pb-10">
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-3 text-sm text-emerald-100/70">
              AI-powered football tips, rollover plans and booking codes for bettors in Nigeria.
            </p>
          </div>
          <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
            <Link to={paths.register} className={linkClass}>
              Create account
            </Link>
            <Link to={paths.login} className={linkClass}>
              Login
            </Link>
            {/* The three of config/legal.ts, written out: importing that module from the landing page
                adds one more file to its JavaScript, which is at its budget. */}
            <Link to={paths.terms} className={linkClass}>
              Terms of Service
            </Link>
            <Link to={paths.privacy} className={linkClass}>
              Privacy Policy
            </Link>
            <Link to={paths.responsibleGambling} className={linkClass}>
              Responsible Gambling
            </Link>
            {appConfig.telegramChannelUrl && (
              <a
                href={appConfig.telegramChannelUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
              >
                Telegram channel
              </a>
            )}
            {appConfig.telegramBotUrl && (
              <a
                href={appConfig.telegramBotUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
              >
                Telegram bot
              </a>
            )}
          </nav>
        </div>
        <div className="mt-8 flex gap-3 rounded-2xl border border-amber-300/30 bg-amber-300/5 p-4 text-sm text-amber-100/90">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full border-2 border-amber-300 text-xs font-extrabold text-amber-200"
          >
            18+
          </span>
          <p>
            <strong className="font-semibold text-amber-100">18+ only. Gamble responsibly.</strong> Betting
            involves risk and you can lose money; tips are predictions, not guarantees. Only stake what you
            can afford to lose. If betting stops being fun, stop and talk to someone you trust or a support
            service.
          </p>
        </div>
        <p className="mt-6 text-xs text-emerald-100/50">
          © {new Date().getFullYear()} {appConfig.appName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
