import { buttonVariants } from '../../../components/ui/button.tsx';
import { TelegramIcon } from '../../../components/ui/icons/telegram-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-emerald-800/60 bg-emerald-950/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={paths.landing} className="rounded-lg" aria-label={`${appConfig.appName} home`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {appConfig.telegramBotUrl && (
            <a
              href={appConfig.telegramBotUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Telegram Bot (opens in a new tab)"
              className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-sky-300 hover:bg-emerald-900/70"
            >
              <TelegramIcon className="size-5" />
              <span className="hidden sm:inline">Telegram Bot</span>
              <span className="sm:hidden">Bot</span>
            </a>
          )}
          <Link to={paths.login} className={`${buttonVariants.secondary} px-4`}>
            Login
          </Link>
        </nav>
      </div>
    </header>
  );
}
