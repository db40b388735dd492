import { useId, useState } from 'react';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { DemoBadge } from '../../../components/ui/demo-badge.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons/chevron-down-icon.tsx';
import { LayersIcon } from '../../../components/ui/icons/layers-icon.tsx';
import { TelegramIcon } from '../../../components/ui/icons/telegram-icon.tsx';
import { TicketIcon } from '../../../components/ui/icons/ticket-icon.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { landingFreeTips } from '../landing-config.ts';

export function ProductCards() {
  return (
    <section className="section" aria-labelledby="products-title">
      <h2 id="products-title" className="section-title">
        Three ways to bet smarter
      </h2>
      <p className="section-lead">
        Pick what suits your style: a guided plan, a ready-made slip or today&apos;s free picks.
      </p>
      <div className="mt-8 grid gap-5 md:grid-cols-3">
        <article className="card">
          <div className="icon-box">
            <LayersIcon className="size-6" />
          </div>
          <h3 className="mt-4 text-lg font-bold text-white">Rollover Plans</h3>
          <p className="mt-2 flex-1 text-sm leading-6 text-emerald-100/80">
            Multi-day plans with carefully chosen tips each day (each plan says how many), built to grow a
            small stake step by step. Some plans have limited slots.
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
  const [tips] = useState(landingFreeTips);
  const previewId = useId();
  return (
    <article className="card">
      <div className="icon-box">
        <TelegramIcon className="size-6" />
      </div>
      <h3 className="mt-4 text-lg font-bold text-white">Free Tips</h3>
      <p className="mt-2 text-sm leading-6 text-emerald-100/80">
        Free picks every day, posted on our Telegram channel first, and every one of them settled in the open
        on our past tips page.
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={previewId}
        onClick={() => setOpen((value) => !value)}
        className={`${buttonVariants.secondary} mt-5 justify-between`}
      >
        {open ? 'Hide today’s free tips' : 'Show today’s free tips'}
        <ChevronDownIcon className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={previewId} hidden={!open} className="mt-3">
        <ul className="flex flex-col gap-2 rounded-xl border border-lime-300/30 bg-emerald-950/70 p-4 text-sm">
          {tips.length === 0 && (
            <li>No free tip is posted yet today. The next one lands on our channel first.</li>
          )}
          {tips.map((tip) => (
            <li key={tip.teams + tip.time}>
              <span className="font-semibold text-white">{tip.teams}</span> ({tip.league}, {tip.time} Lagos):{' '}
              {tip.prediction} at {tip.totalOdds} <DemoBadge demo={tip.demo === true} />
            </li>
          ))}
        </ul>
        <Link
          to={paths.pastTips}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-lime-300 hover:text-lime-200"
        >
          Past tips and results
        </Link>
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
