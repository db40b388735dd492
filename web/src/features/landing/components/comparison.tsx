import { Link } from '../../../components/ui/link.tsx';
import { text } from '../../../config/app-config.ts';
import { paths } from '../../../config/paths.ts';
import { modelRecord, type PickRecord } from '../landing-config.ts';

/** '15 won, 7 lost (68.2%)'; the rate once the server gives one. */
const recordText = ({ won, lost, successRate }: PickRecord) =>
  `${won} won, ${lost} lost${successRate === null ? '' : ` (${successRate}%)`}`;

/**
 * AI versus human, measured: the server writes the settled free tips of the model and of our tipsters, the
 * model's RPS and its picks' return at the market's prices (a sentence), into the page. The other rows say only what the model does: past results, nothing else.
 */
export function Comparison() {
  const record = modelRecord();
  const rows = [
    ['Based on', 'Past results: goals, home advantage, recency', 'Form, news, judgement'],
    ['Bias', 'Same rules every match', 'Can favour teams'],
  ];
  if (record) rows.unshift(['Free tips', recordText(record.model), recordText(record.human)]);
  return (
    <section className="section" aria-labelledby="compare-title">
      <h2 id="compare-title" className="section-title">
        AI vs human tips
      </h2>
      <p className="section-lead">
        {!record
          ? 'No model pick is settled yet: no record to compare.'
          : record.rps !== null &&
            record.baselineRps !== null &&
            `Forecast error over ${record.matches} match${record.matches === 1 ? '' : 'es'} (RPS, lower is better): model ${record.rps.toFixed(3)}, base rates ${record.baselineRps.toFixed(3)}.`}{' '}
        {text(record?.marketLine, '')}{' '}
        <Link to={paths.pastTips} className="font-semibold text-lime-300 underline">
          Past tips
        </Link>
      </p>
      <div className="mt-8 overflow-hidden rounded-2xl border border-emerald-800/70">
        {/* Narrow cell padding on phones: at 320 px the fixed columns broke "Based" and "judgement" inside. */}
        <table className="w-full table-fixed text-left text-sm">
          <thead className="bg-emerald-900/60">
            <tr>
              <td className="w-1/4" />
              <th className="px-2 py-3 text-lime-300 sm:px-4">AI model</th>
              <th className="px-2 py-3 sm:px-4">Our tipsters</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([topic, ai, human]) => (
              <tr key={topic} className="border-t border-emerald-800/60 align-top">
                <th className="px-2 py-3 sm:px-4">{topic}</th>
                <td className="px-2 py-3 sm:px-4">{ai}</td>
                <td className="px-2 py-3 text-emerald-100/70 sm:px-4">{human}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
