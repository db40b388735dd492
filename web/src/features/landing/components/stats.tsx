import { Link } from '../../../components/ui/link.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { recordLine } from '../landing-config.ts';

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
        <dl className="grid grid-cols-3 gap-2 text-center sm:gap-4">
          {items.map((item) => (
            <div key={item.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-xs font-semibold sm:text-base">{item.label}</dt>
              <dd className="text-xl font-extrabold tracking-tight min-[400px]:text-2xl sm:text-4xl md:text-5xl">
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
        <VerifiedRecord />
      </div>
    </section>
  );
}

/** Beside the marketing figures: what settled free tips really did, worked out by the server from results. */
function VerifiedRecord() {
  const line = recordLine();
  if (!line) return null;
  return (
    <p className="mt-8 border-t border-emerald-950/20 pt-4 text-center text-sm font-medium sm:text-base">
      Verified record of our free tips: {line}.{' '}
      <Link to={paths.pastTips} className="font-bold underline underline-offset-2 hover:no-underline">
        See every result
      </Link>
    </p>
  );
}
