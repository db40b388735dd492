import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons/chevron-down-icon.tsx';
import { appConfig } from '../../../config/app-config.ts';

const questions = [
  {
    q: 'What is a rollover plan?',
    a: 'A paid plan that runs for a fixed number of days. Each day you get the plan’s tips with their booking codes (each plan says how many it posts a day) and roll the returns into the next day. Some plans have limited slots.',
  },
  {
    q: 'How do booking codes work?',
    a: "A booking code is a ready-made bet slip. Pick one by odds and risk, buy it from your wallet, then enter it on your bookmaker's site or app to load every selection at once.",
  },
  {
    q: 'How do I fund my wallet?',
    a: 'Deposit naira by card or bank transfer through Paystack or Flutterwave, or pay with crypto. Your main wallet is credited once the provider confirms the payment.',
  },
  {
    q: 'Who can use it? Is it 18+?',
    a: `${appConfig.appName} is strictly 18+. Betting carries real risk: only stake what you can afford to lose, set limits and take breaks. Tips are predictions, never guarantees.`,
  },
  {
    q: 'How do I withdraw my money?',
    a: 'From the Wallet page, withdraw what your main wallet holds to a Nigerian bank account: add the account once, then choose the amount. Your first withdrawal and large ones are checked by our team before they are paid; the page shows the minimum, what you may still withdraw in 24 hours and where each withdrawal stands.',
  },
  {
    q: 'How do referral bonuses work?',
    a: 'Share your referral link. When someone you referred makes their first deposit, a bonus lands in your bonus wallet. Once it reaches the minimum, move it to your main wallet and spend it on plans and codes.',
  },
  {
    q: 'How do free tips work?',
    a: 'We publish free tips every day, each with its match, market and odds, on our free tips page and our Telegram channel. How every one of them ended is on our past tips page.',
  },
] as const;

export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-emerald-800/70 rounded-2xl border border-emerald-800/70 bg-emerald-900/25">
        {questions.map((item, index) => {
          const expanded = open === index;
          const panelId = `${baseId}-panel-${index}`;
          const buttonId = `${baseId}-button-${index}`;
          return (
            <div key={item.q}>
              <h3>
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : index)}
                  className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-white hover:bg-emerald-900/40"
                >
                  {item.q}
                  <ChevronDownIcon
                    className={`size-5 shrink-0 text-lime-300 transition-transform ${expanded ? 'rotate-180' : ''}`}
                  />
                </button>
              </h3>
              <section
                id={panelId}
                aria-labelledby={buttonId}
                hidden={!expanded}
                className="px-5 pb-5 text-sm leading-6 text-emerald-100/85"
              >
                {item.a}
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}
