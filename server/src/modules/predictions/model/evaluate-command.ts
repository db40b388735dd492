/**
 * Entry of `npm run predict:evaluate` (root package.json, run with tsx): see evaluate.ts. Only the
 * command's output goes to standard output; errors go to standard error.
 */
import { runEvaluateCommand } from './evaluate.ts';

process.exitCode = runEvaluateCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
