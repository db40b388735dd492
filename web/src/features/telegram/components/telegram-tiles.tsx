import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon.tsx';
import { TelegramIcon } from '../../../components/ui/icons/telegram-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { WidgetFrame } from '../../../components/ui/widget.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session/session-context.ts';

export const linkTelegramPath = `${paths.profile}?link-telegram=true`;
export const telegramSettingsPath = `${paths.profile}?tab=security`;

const tileClass =
  'flex min-h-16 min-w-0 items-center gap-3 rounded-xl border px-4 py-3 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-300/70';

/**
 * The dashboard's Telegram tiles (spec part 2, Quick Actions): Telegram Bot opens the configured bot in
 * a new tab; Link Telegram goes to the profile's link flow, or Telegram Linked (to its settings) once the
 * user has a telegramId.
 */
export function TelegramTiles() {
  const { user } = useSession();
  if (!user) return null;
  const linked = Boolean(user.telegramId);
  return (
    <WidgetFrame id="telegram-tiles-title" title="Telegram" icon={<TelegramIcon className="size-5" />}>
      <div className="grid gap-3 sm:grid-cols-2">
        {appConfig.telegramBotUrl && (
          <a
            href={appConfig.telegramBotUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Telegram Bot (opens in a new tab)"
            className={`${tileClass} border-sky-400/30 bg-sky-400/10 text-sky-100 hover:bg-sky-400/20`}
          >
            <TelegramIcon className="size-6 shrink-0 text-sky-300" />
            Telegram Bot
          </a>
        )}
        {linked ? (
          <Link
            to={telegramSettingsPath}
            className={`${tileClass} border-lime-300/30 bg-lime-400/10 text-lime-100 hover:bg-lime-400/20`}
          >
            <CheckCircleIcon className="size-6 shrink-0 text-lime-300" />
            <span className="min-w-0">
              Telegram Linked{' '}
              {user.telegramUsername && (
                <span className="block truncate text-xs font-normal text-emerald-100/75">
                  @{user.telegramUsername}
                </span>
              )}
            </span>
          </Link>
        ) : (
          <Link
            to={linkTelegramPath}
            className={`${tileClass} border-emerald-700 bg-emerald-950/50 text-white hover:border-emerald-500`}
          >
            <TelegramIcon className="size-6 shrink-0 text-lime-300" />
            Link Telegram
          </Link>
        )}
      </div>
    </WidgetFrame>
  );
}
