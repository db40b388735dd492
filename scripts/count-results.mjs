// Totals a CI run: `node scripts/count-results.mjs MANIFEST`.
// The manifest (written by .ci/run) has one line per step, tab-separated:
//   step  <name>  <exit code>  <seconds>              lint, typecheck, build...: 1 passed or 1 failed
//   suite <name>  <exit code>  <seconds>  <json file>  a Vitest run with the JSON reporter
// A suite counts numPassedTests / numFailedTests from its JSON file, plus 1 failed for each test
// file that failed without a failing test (an import error), plus 1 failed if the run still exited
// non-zero with nothing failed in it (no test files, unhandled errors, a crash after the report).
// A missing or unreadable JSON file counts as 1 failed.
// Prints a table per step, then, last and alone, the line `N passed, N failed`.
// Exits 1 when anything failed.
import { readFileSync } from 'node:fs';

const manifestPath = process.argv[2];
if (!manifestPath) {
  console.error('usage: node scripts/count-results.mjs MANIFEST');
  process.exit(2);
}

/** @returns {{ passed: number, failed: number, note: string }} */
function countSuite(jsonFile, exitCode) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch (error) {
    return { passed: 0, failed: 1, note: `no readable report (${error.code ?? error.message})` };
  }
  const passed = Number(report.numPassedTests);
  let failed = Number(report.numFailedTests);
  if (!Number.isFinite(passed) || !Number.isFinite(failed)) {
    return { passed: 0, failed: 1, note: 'report has no test counts' };
  }
  const notes = [];
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  if (brokenFiles.length > 0) {
    failed += brokenFiles.length;
    notes.push(`${brokenFiles.length} test file(s) failed to run`);
  }
  if (failed === 0 && (exitCode !== 0 || report.success === false)) {
    failed = 1;
    notes.push(report.numTotalTests === 0 ? 'no tests ran' : `exited ${exitCode} with no failed test`);
  }
  return { passed, failed, note: notes.join('; ') };
}

const rows = [];
let lineNumber = 0;
for (const line of readFileSync(manifestPath, 'utf8').split('\n')) {
  lineNumber += 1;
  if (!line.trim()) continue;
  const [kind, name, code, seconds, jsonFile] = line.split('\t');
  const exitCode = Number(code);
  if (kind === 'step') {
    const ok = exitCode === 0;
    rows.push({ name, seconds, passed: ok ? 1 : 0, failed: ok ? 0 : 1, note: ok ? '' : `exit ${code}` });
  } else if (kind === 'suite') {
    rows.push({ name, seconds, ...countSuite(jsonFile, exitCode) });
  } else {
    rows.push({ name: `manifest line ${lineNumber}`, seconds: '', passed: 0, failed: 1, note: 'unreadable' });
  }
}

const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);

const width = Math.max(4, ...rows.map((row) => row.name.length));
console.log(
  `${'step'.padEnd(width)}  ${'time'.padStart(6)}  ${'passed'.padStart(6)}  ${'failed'.padStart(6)}`,
);
for (const row of rows) {
  const time = row.seconds === '' || row.seconds === undefined ? '' : `${row.seconds}s`;
  const note = row.note ? `  ${row.note}` : '';
  console.log(
    `${row.name.padEnd(width)}  ${time.padStart(6)}  ${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}${note}`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
