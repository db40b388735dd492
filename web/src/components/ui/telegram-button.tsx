import { appConfig } from '../../config/app-config.ts';
import { TelegramIcon } from './icons/telegram-icon.tsx';

/**
 * Floating button on every page; moves above the mobile bottom bar when one is on screen, hides while a
 * dialog, a menu or the notification panel is open, on phones on a screen holding a form (it would cover
 * its fields and figures) or while a field has focus, and in the admin area (index.css, `.fab`).
 */
export function TelegramButton() {
  if (!appConfig.telegramBotUrl) return null;
  // In a landmark of its own, so that screen-reader users who move by landmarks find it too.
  return (
    <aside aria-label="Telegram">
      <a
        href={appConfig.telegramBotUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open the ${appConfig.appName} Telegram bot (opens in a new tab)`}
        className="fab fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-sky-500 text-white shadow-lg shadow-black/40 transition-transform hover:scale-105 hover:bg-sky-400 md:right-6 md:bottom-6 [body:has([data-bottom-bar])_&]:bottom-22 md:[body:has([data-bottom-bar])_&]:bottom-6"
      >
        <TelegramIcon className="size-7" />
      </a>
    </aside>
  );
}
