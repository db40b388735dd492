/**
 * Entry of `npm run predict:evaluate` (root package.json, run with tsx): see evaluate.ts. Only the
 * command's output goes to standard output; errors go to standard error.
 */
import { runEvaluateCommand } from './evaluate.ts';

const args = process.argv.slice(2);
// npm prints its own '> predict:evaluate' banner on standard output before this runs, unless it
// was silenced (-s): no setting of the project's can send only that banner elsewhere (npm's `json`
// did, at the cost of every npm summary, npm ci's included, printing as JSON; issue 23). Say so to
// whoever is about to parse standard output.
if (
  args.includes('--json') &&
  process.env.npm_lifecycle_event &&
  process.env.npm_config_loglevel !== 'silent'
) {
  process.stderr.write(
    "npm printed its '> script' banner on standard output first: for the JSON alone, run `npm run -s predict:evaluate -- ... --json`.\n",
  );
}
process.exitCode = runEvaluateCommand(args, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
