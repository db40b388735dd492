import type { ComponentType, ReactNode } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon.tsx';
import { BookmarkIcon } from '../../../components/ui/icons/bookmark-icon.tsx';
import { CalendarIcon } from '../../../components/ui/icons/calendar-icon.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon.tsx';
import { GiftIcon } from '../../../components/ui/icons/gift-icon.tsx';
import { LayersIcon } from '../../../components/ui/icons/layers-icon.tsx';
import { MoreIcon } from '../../../components/ui/icons/more-icon.tsx';
import type { IconProps } from '../../../components/ui/icons/outline.tsx';
import { ReceiptIcon } from '../../../components/ui/icons/receipt-icon.tsx';
import { SparkIcon } from '../../../components/ui/icons/spark-icon.tsx';
import { TelegramIcon } from '../../../components/ui/icons/telegram-icon.tsx';
import { WalletIcon } from '../../../components/ui/icons/wallet-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { WidgetFrame, widgetFooterLinkClass } from '../../../components/ui/widget.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session/session-context.ts';
// The profile addresses of the Telegram link flow are the telegram feature's; one place for them.
import { linkTelegramPath, telegramSettingsPath } from '../../telegram/components/telegram-tiles.tsx';

/** Spec: compact Quick Actions shows the first 6 tiles and a More button. */
export const COMPACT_QUICK_ACTIONS = 6;

/**
 * A tile: a 44 px+ target, icon over label. Also given to the Deposit button the route passes in, so it
 * looks like its neighbours (the deposit modal belongs to the wallet feature).
 */
export const quickActionTileClass =
  'flex min-h-20 w-full flex-col items-center justify-center gap-1.5 rounded-xl border border-emerald-800/70 bg-emerald-950/50 px-2 py-3 text-center text-xs font-semibold text-emerald-50 hover:border-emerald-500 hover:bg-emerald-900/60 [&_svg]:size-6 [&_svg]:shrink-0 [&_svg]:text-lime-300';

interface TileLink {
  label: string;
  icon: ComponentType<IconProps>;
  to: string;
  /** Opens outside the app, in a new tab. */
  external?: boolean;
}

/** Every tile after Deposit, in the spec's order; the Telegram ones depend on the user and the config. */
function useTileLinks(): TileLink[] {
  const { user } = useSession();
  const linked = Boolean(user?.telegramId);
  return [
    { label: "Today's Tips", icon: CalendarIcon, to: paths.rollover },
    { label: 'Buy Codes', icon: ReceiptIcon, to: paths.buyCodes },
    { label: 'Rollover Plans', icon: LayersIcon, to: paths.subscribe },
    { label: 'Free Tips', icon: SparkIcon, to: paths.free },
    { label: 'My Codes', icon: BookmarkIcon, to: paths.myCodes },
    { label: 'Wallet', icon: WalletIcon, to: paths.wallet },
    ...(appConfig.telegramBotUrl
      ? [{ label: 'Telegram Bot', icon: TelegramIcon, to: appConfig.telegramBotUrl, external: true }]
      : []),
    linked
      ? { label: 'Telegram Linked', icon: CheckCircleIcon, to: telegramSettingsPath }
      : { label: 'Link Telegram', icon: TelegramIcon, to: linkTelegramPath },
  ];
}

function Tile({ tile }: { tile: TileLink }) {
  const Icon = tile.icon;
  if (tile.external)
    return (
      <a href={tile.to} target="_blank" rel="noopener noreferrer" className={quickActionTileClass}>
        <Icon />
        <span>
          {tile.label}
          <span className="sr-only"> (opens in a new tab)</span>
        </span>
      </a>
    );
  return (
    <Link to={tile.to} className={quickActionTileClass}>
      <Icon />
      {tile.label}
    </Link>
  );
}

interface QuickActionTilesProps {
  /** The Deposit tile (a button opening the deposit modal), drawn with `quickActionTileClass`. */
  depositAction: ReactNode;
  /** How many tiles, Deposit first; all of them when left out. */
  limit?: number;
}

/** The Quick Actions tiles, the one list the widget and /quick-actions both show. */
export function QuickActionTiles({ depositAction, limit }: QuickActionTilesProps) {
  const links = useTileLinks();
  const tiles = [
    { key: 'Deposit', node: depositAction },
    ...links.map((tile) => ({ key: tile.label, node: <Tile tile={tile} /> })),
  ].slice(0, limit);
  return (
    <ul className="grid grid-cols-2 gap-2 min-[380px]:grid-cols-3">
      {tiles.map((tile) => (
        <li key={tile.key} className="flex">
          {tile.node}
        </li>
      ))}
    </ul>
  );
}

/** The way to invite friends, under the full list of tiles. */
export function ReferFriendsLink() {
  return (
    <Link to={paths.referral} className={`${buttonVariants.secondary} w-full sm:w-auto sm:self-start`}>
      <GiftIcon className="size-5 text-lime-300" />
      Refer Friends
    </Link>
  );
}

interface QuickActionsWidgetProps {
  compact?: boolean;
  depositAction: ReactNode;
}

/**
 * Dashboard (spec): shortcuts to what users do most. Compact shows the first 6 and More (the
 * /quick-actions page); the full view shows every tile and Refer Friends.
 */
export function QuickActionsWidget({ compact = false, depositAction }: QuickActionsWidgetProps) {
  return (
    <WidgetFrame id="quick-actions-title" title="Quick Actions" icon={<MoreIcon className="size-5" />}>
      <QuickActionTiles depositAction={depositAction} limit={compact ? COMPACT_QUICK_ACTIONS : undefined} />
      {compact ? (
        <Link to={paths.quickActions} className={widgetFooterLinkClass}>
          More actions
          <ArrowRightIcon className="size-4" />
        </Link>
      ) : (
        <ReferFriendsLink />
      )}
    </WidgetFrame>
  );
}
