import { Link } from '../../../components/ui/link.tsx';
import { appConfig } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { landingFigures, recordLine } from '../landing-config.ts';

/**
 * The figures the server measured or an admin set no higher (PRODUCT 13), above the verified record.
 * Only the figures that exist are shown, each a third of the row and centred, so one, two or three
 * sit the same way with no empty box; the server renders them, so nothing moves on hydration.
 */
export function Stats() {
  const figures = landingFigures();
  const line = recordLine();
  if (figures.length === 0 && !line) return null;
  return (
    <section className="bg-lime-400 text-emerald-950" aria-labelledby="numbers-title">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="numbers-title" className="sr-only">
          {appConfig.appName} in numbers
        </h2>
        {figures.length > 0 && (
          <dl className="flex justify-center text-center">
            {figures.map((figure) => (
              <div key={figure.label} className="flex w-1/3 min-w-0 flex-col-reverse px-1 sm:px-2">
                <dt className="mt-1 text-xs font-semibold sm:text-base">{figure.label}</dt>
                <dd className="break-words text-xl font-extrabold tracking-tight min-[400px]:text-2xl sm:text-4xl md:text-5xl">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {line && <VerifiedRecord line={line} separated={figures.length > 0} />}
      </div>
    </section>
  );
}

/** Beside the marketing figures: what settled free tips really did, worked out by the server from results. */
function VerifiedRecord({ line, separated }: { line: string; separated: boolean }) {
  return (
    <p
      className={`text-center text-sm font-medium sm:text-base ${separated ? 'mt-8 border-t border-emerald-950/20 pt-4' : ''}`}
    >
      Verified record of our free tips: {line}.{' '}
      <Link to={paths.pastTips} className="font-bold underline underline-offset-2 hover:no-underline">
        See every result
      </Link>
    </p>
  );
}
