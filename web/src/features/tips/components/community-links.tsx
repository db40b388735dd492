import { buttonVariants } from '../../../components/ui/button.tsx';
import { TelegramIcon } from '../../../components/ui/icons/telegram-icon.tsx';
import { appConfig, link, rawAppConfig } from '../../../config/app-config.ts';

/** A WhatsApp glyph, drawn here: only the tips screens use it. */
function WhatsAppIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7.5-.1 1.5-.6 1.8-1.2.2-.6.2-1.1.1-1.2l-.6-.3Z" />
    </svg>
  );
}

/**
 * The community links of the spec's Free Tips widget and screen: the Telegram channel (where the
 * full tip lands first) and the WhatsApp community, each shown when the admin has set one.
 */
export function CommunityLinks({ className = '' }: { className?: string }) {
  const { telegramChannelUrl } = appConfig;
  // The WhatsApp community the admin set (site settings), or none.
  const whatsappUrl = link(rawAppConfig().whatsappUrl, null);
  if (!telegramChannelUrl && !whatsappUrl) return null;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      {telegramChannelUrl && (
        <a
          href={telegramChannelUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonVariants.telegram} min-h-11 flex-1 basis-40`}
        >
          <TelegramIcon className="size-5" />
          Telegram community
        </a>
      )}
      {whatsappUrl && (
        <a
          href={whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="btn min-h-11 flex-1 basis-40 bg-green-600 text-white hover:bg-green-500"
        >
          <WhatsAppIcon className="size-5" />
          WhatsApp community
        </a>
      )}
    </div>
  );
}
