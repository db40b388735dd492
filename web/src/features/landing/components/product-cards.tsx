import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons/chevron-down-icon.tsx';
import { LayersIcon } from '../../../components/ui/icons/layers-icon.tsx';
import { TelegramIcon } from '../../../components/ui/icons/telegram-icon.tsx';
import { TicketIcon } from '../../../components/ui/icons/ticket-icon.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';

export function ProductCards() {
  return (
    <section className="section" aria-labelledby="products-title">
      <h2 id="products-title" className="section-title">
        Three ways to bet smarter
      </h2>
      <p className="section-lead">
        Pick what suits your style: a guided plan, a ready-made slip or today&apos;s free pick.
      </p>
      <div className="mt-8 grid gap-5 md:grid-cols-3">
        <article className="card">
          <div className="icon-box">
            <LayersIcon className="size-6" />
          </div>
          <h3 className="mt-4 text-lg font-bold text-white">Rollover Plans</h3>
          <p className="mt-2 flex-1 text-sm leading-6 text-emerald-100/80">
            Multi-day plans with one carefully chosen tip a day, built to grow a small stake step by step.
            Some plans have limited slots.
          </p>
          <Link to={paths.login} className={`${buttonVariants.primary} mt-6`}>
            Subscribe
          </Link>
        </article>

        <article className="card">
          <div className="icon-box">
            <TicketIcon className="size-6" />
          </div>
          <h3 className="mt-4 text-lg font-bold text-white">Booking Codes</h3>
          <p className="mt-2 flex-1 text-sm leading-6 text-emerald-100/80">
            Ready-made bet slips sorted by odds and risk. Buy a code from your wallet, load it on your
            bookmaker and place the whole slip in seconds.
          </p>
          <Link to={paths.login} className={`${buttonVariants.primary} mt-6`}>
            Explore Codes
          </Link>
        </article>

        <FreeTipsCard />
      </div>
    </section>
  );
}

function FreeTipsCard() {
  const [open, setOpen] = useState(false);
  const previewId = useId();
  return (
    <article className="card">
      <div className="icon-box">
        <TelegramIcon className="size-6" />
      </div>
      <h3 className="mt-4 text-lg font-bold text-white">Free Tips</h3>
      <p className="mt-2 text-sm leading-6 text-emerald-100/80">
        A free pick every day. The full tip, with the match, market and odds, is posted on our Telegram
        channel.
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={previewId}
        onClick={() => setOpen((value) => !value)}
        className={`${buttonVariants.secondary} mt-5 justify-between`}
      >
        {open ? 'Hide sample tip' : 'Show sample tip'}
        <ChevronDownIcon className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={previewId} hidden={!open} className="mt-3">
        <div className="rounded-xl border border-dashed border-lime-300/40 bg-emerald-950/70 p-4">
          <p className="text-xs font-semibold tracking-wide text-lime-300 uppercase">Sample free tip</p>
          <p className="mt-2 font-semibold text-white">Arsenal vs Chelsea — Premier League</p>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-emerald-200/70">Market</dt>
              <dd className="font-medium text-white">Over 1.5 goals</dd>
            </div>
            <div>
              <dt className="text-emerald-200/70">Odds</dt>
              <dd className="font-medium text-white">1.32</dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-emerald-200/70">
            An example of the format only. Today&apos;s real tip is on the channel.
          </p>
        </div>
      </div>
      <div className="flex-1" />
      {appConfig.telegramChannelUrl && (
        <a
          href={appConfig.telegramChannelUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonVariants.telegram} mt-6`}
        >
          <TelegramIcon className="size-5" />
          Join the channel
        </a>
      )}
    </article>
  );
}
