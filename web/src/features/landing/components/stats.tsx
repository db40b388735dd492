import { appConfig } from '../../../config/app-config.ts';

export function Stats() {
  const items = [
    { value: appConfig.stats.users, label: 'Users' },
    { value: appConfig.stats.accuracy, label: 'Tip accuracy' },
    { value: appConfig.stats.satisfaction, label: 'Satisfaction' },
  ];
  return (
    <section className="bg-lime-400 text-emerald-950" aria-labelledby="numbers-title">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="numbers-title" className="sr-only">
          {appConfig.appName} in numbers
        </h2>
        <dl className="grid grid-cols-3 gap-4 text-center">
          {items.map((item) => (
            <div key={item.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-xs font-semibold sm:text-base">{item.label}</dt>
              <dd className="text-2xl font-extrabold tracking-tight sm:text-4xl md:text-5xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
