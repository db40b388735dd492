const rows = [
  {
    topic: 'Matches studied',
    ai: 'Every fixture in the leagues we cover, every day',
    human: 'The handful of games one person can follow',
  },
  {
    topic: 'Data behind a pick',
    ai: 'Form, head-to-head, injuries, line-ups and odds movement',
    human: 'Mostly recent results and gut feeling',
  },
  {
    topic: 'Bias',
    ai: 'Same rules for every match, no favourite club',
    human: 'Favourite teams, winning and losing streaks',
  },
  {
    topic: 'Reacting to news',
    ai: 'Re-checked when team news or odds change',
    human: 'Often too late once the slip is posted',
  },
  {
    topic: 'Track record',
    ai: 'Every tip settled as won or lost and kept on record',
    human: 'Wins get shared, losses quietly deleted',
  },
] as const;

export function Comparison() {
  return (
    <section className="section" aria-labelledby="compare-title">
      <h2 id="compare-title" className="section-title">
        AI tips vs a human tipster
      </h2>
      <p className="section-lead">
        Models do not get tired, emotional or attached to a club. Here is what that means for your slip.
      </p>
      <div className="mt-8 overflow-hidden rounded-2xl border border-emerald-800/70">
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">Comparison of AI-generated tips and a human tipster</caption>
          <thead className="bg-emerald-900/60 text-emerald-50">
            <tr>
              <th scope="col" className="hidden w-1/4 px-4 py-3 font-semibold sm:table-cell">
                <span className="sr-only">Topic</span>
              </th>
              <th scope="col" className="px-4 py-3 font-semibold text-lime-300">
                AI tips
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Human tipster
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.topic} className="border-t border-emerald-800/60 align-top">
                <th scope="row" className="hidden px-4 py-3 font-semibold text-emerald-50 sm:table-cell">
                  {row.topic}
                </th>
                <td className="px-4 py-3 text-emerald-50">
                  <span className="mb-1 block text-xs font-semibold text-emerald-300/80 uppercase sm:hidden">
                    {row.topic}
                  </span>
                  {row.ai}
                </td>
                <td className="px-4 py-3 text-emerald-100/70">
                  <span
                    aria-hidden="true"
                    className="mb-1 block text-xs font-semibold text-transparent uppercase sm:hidden"
                  >
                    {row.topic}
                  </span>
                  {row.human}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
