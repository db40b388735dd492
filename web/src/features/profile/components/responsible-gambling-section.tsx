import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { useRestriction } from '../../../lib/session/use-restriction.ts';
import { DepositLimitsForm } from './deposit-limits-form.tsx';
import { CurrentRestriction, TakeABreak } from './take-a-break.tsx';

/**
 * Profile → Responsible gambling (PRODUCT 13): deposit limits, a break, self-exclusion, and where to
 * find help. The /responsible-gambling page points here.
 */
export function ResponsibleGamblingSection() {
  const restriction = useRestriction();
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p className="text-emerald-100/80">
        Betting should stay fun. Set limits on what you deposit, or step away for a while: these work at once
        and we hold you to them.
      </p>
      {restriction && <CurrentRestriction restriction={restriction} />}
      <DepositLimitsForm />
      <TakeABreak />
      <section aria-labelledby="get-help-title" className="card min-w-0 gap-2 p-5 sm:p-6">
        <h2 id="get-help-title" className="text-lg font-bold text-white">
          Need to talk to someone?
        </h2>
        <p className="text-sm text-emerald-100/75">
          The warning signs of a gambling problem, and free support organisations you can contact, are on our{' '}
          <Link
            to={paths.responsibleGambling}
            className="font-semibold text-lime-300 underline-offset-4 hover:underline"
          >
            Responsible Gambling page
          </Link>
          . If you ever feel unsafe, call the emergency number 112.
        </p>
      </section>
    </div>
  );
}
