const steps = [
  {
    title: 'Fund your wallet',
    text: 'Deposit in naira by card or bank transfer through Paystack or Flutterwave, or pay with crypto.',
  },
  {
    title: 'Choose a product',
    text: 'Subscribe to a rollover plan, buy a booking code that matches your odds and risk, or follow the free tip.',
  },
  {
    title: 'Win and withdraw',
    text: 'Place the bet with your bookmaker, collect your winnings and keep referral bonuses in your bonus wallet.',
  },
] as const;

export function HowItWorks() {
  return (
    <section className="border-y border-emerald-800/60 bg-emerald-900/20" aria-labelledby="how-title">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="how-title" className="section-title">
          How it works
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl bg-emerald-950/50 p-5 md:flex-col">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-lime-400 text-lg font-extrabold text-emerald-950"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold text-white">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-sm leading-6 text-emerald-100/80">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
