// Totals a CI run: `node scripts/count-results.mjs MANIFEST`.
// The manifest (written by .ci/run) has one line per step, tab-separated:
//   step  <name>  <exit code>  <seconds>              lint, typecheck, build...: 1 passed or 1 failed
//   suite <name>  <exit code>  <seconds>  <json file>  a Vitest run with the JSON reporter
// A suite counts numPassedTests / numFailedTests from its JSON file, plus 1 failed for each test
// file that failed without a failing test (an import error), plus 1 failed if the run still exited
// non-zero with nothing failed in it (no test files, unhandled errors, a crash after the report).
// A missing or unreadable JSON file counts as 1 failed.
// Prints each failed test (suite, file, title, the first lines of its message) so that the tail of
// a CI log names what broke, then a table per step, then, last and alone, `N passed, N failed`.
// Exits 1 when anything failed.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const manifestPath = process.argv[2];
if (!manifestPath) {
  console.error('usage: node scripts/count-results.mjs MANIFEST');
  process.exit(2);
}

const FAILURE_LINES = 6;

const failedTestsOf = (file) => (file.assertionResults ?? []).filter((test) => test.status === 'failed');

/** A test file that failed with no failing test in it: it did not load (an import or syntax error). */
const isBrokenFile = (file) => file.status === 'failed' && failedTestsOf(file).length === 0;

/** @returns {string[]} one block per failed test or broken test file */
function describeFailures(suiteName, report) {
  const blocks = [];
  for (const file of report.testResults ?? []) {
    const fileName = relative(process.cwd(), String(file.name ?? ''));
    if (isBrokenFile(file)) blocks.push(`${suiteName} › ${fileName}\n${firstLines(file.message)}`);
    for (const test of failedTestsOf(file)) {
      const title = [...(test.ancestorTitles ?? []), test.title].join(' › ');
      blocks.push(
        `${suiteName} › ${fileName} › ${title}\n${firstLines((test.failureMessages ?? []).join('\n'))}`,
      );
    }
  }
  return blocks;
}

function firstLines(text) {
  return String(text ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, FAILURE_LINES)
    .map((line) => `    ${line.slice(0, 200)}`)
    .join('\n');
}

/** @returns {{ passed: number, failed: number, note: string, failures: string[] }} */
function countSuite(suiteName, jsonFile, exitCode) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch (error) {
    return {
      passed: 0,
      failed: 1,
      note: `no readable report (${error.code ?? error.message})`,
      failures: [],
    };
  }
  const passed = Number(report.numPassedTests);
  let failed = Number(report.numFailedTests);
  if (!Number.isFinite(passed) || !Number.isFinite(failed)) {
    return { passed: 0, failed: 1, note: 'report has no test counts', failures: [] };
  }
  const notes = [];
  const brokenFiles = (report.testResults ?? []).filter(isBrokenFile);
  if (brokenFiles.length > 0) {
    failed += brokenFiles.length;
    notes.push(`${brokenFiles.length} test file(s) failed to run`);
  }
  if (failed === 0 && (exitCode !== 0 || report.success === false)) {
    failed = 1;
    notes.push(report.numTotalTests === 0 ? 'no tests ran' : `exited ${exitCode} with no failed test`);
  }
  return { passed, failed, note: notes.join('; '), failures: describeFailures(suiteName, report) };
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
    rows.push({ name, seconds, ...countSuite(name, jsonFile, exitCode) });
  } else {
    rows.push({ name: `manifest line ${lineNumber}`, seconds: '', passed: 0, failed: 1, note: 'unreadable' });
  }
}

const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);

const failures = rows.flatMap((row) => row.failures ?? []);
if (failures.length > 0) {
  console.log(`Failed tests (${failures.length}):`);
  for (const block of failures) console.log(`  ${block}`);
  console.log();
}

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
