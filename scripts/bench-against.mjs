// `npm run bench:against [-- COMMIT [RUNS]]`: the booking-code benchmark (`npm run bench -- codes`) on
// this checkout and on an older commit, alternately, in one session, so that a figure that falls is
// compared with the same code's figure on the same machine at the same time before anyone blames the
// machine (issue 34). COMMIT defaults to c1798e5, the commit the purchase regression was measured
// against; RUNS (default 3) runs of each. The older commit is checked out once into
// .tmp/against/<commit> (a git worktree), installed with `npm ci` and built; each side runs its own
// benchmark code. Prints one row per run and the median of each side, and writes
// .tmp/bench-against.json. BENCH_PACED_PER_SECOND=N measures the latency at N purchases a second
// instead of 500 on both sides (for a machine where neither reaches 500): the older checkout's
// benchmark, which has 500 written in, is made to read it too (a one-line edit of that scratch copy).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [commit = 'c1798e5', runsArgument = '3'] = process.argv.slice(2);
const runs = Number(runsArgument);
if (!/^[0-9a-f]{7,40}$/i.test(commit) || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run bench:against -- [commit] [runs]');
  process.exit(2);
}
const older = path.join(root, '.tmp', 'against', commit);

function run(command, args, cwd, quiet = true) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: quiet ? 'pipe' : 'inherit' });
  if (result.status !== 0) {
    console.error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${result.stderr ?? ''}${result.stdout ?? ''}`,
    );
    process.exit(1);
  }
  return result.stdout;
}

if (!existsSync(path.join(older, 'package.json'))) {
  mkdirSync(path.dirname(older), { recursive: true });
  console.log(`Checking out ${commit} into ${path.relative(root, older)} and installing it (once)…`);
  run('git', ['worktree', 'add', '--force', '--detach', older, commit], root);
}
if (!existsSync(path.join(older, 'node_modules'))) run('npm', ['ci', '--no-audit', '--no-fund'], older);
if (!existsSync(path.join(older, 'server', 'dist', 'main.js'))) run('npm', ['run', 'build'], older);

const pace = process.env.BENCH_PACED_PER_SECOND || '500';
const olderBench = path.join(older, 'server', 'bench', 'codes.bench.ts');
const writtenPace = 'const PACED_PER_SECOND = 500;';
const olderSource = readFileSync(olderBench, 'utf8');
if (olderSource.includes(writtenPace)) {
  writeFileSync(
    olderBench,
    olderSource.replace(
      writtenPace,
      'const PACED_PER_SECOND = Number(process.env.BENCH_PACED_PER_SECOND || 500);',
    ),
  );
}

/** One codes benchmark in `cwd` (its own bench script and build): the figures the comparison reads. */
function codesBench(cwd) {
  const load = loadavg()[0];
  run('node', ['scripts/bench.mjs', 'codes'], cwd);
  const codes = JSON.parse(readFileSync(path.join(cwd, '.tmp', 'bench.json'), 'utf8')).sections.codes;
  return {
    load: Number(load.toFixed(1)),
    bare: Math.round(codes.bare.requestsPerSecond),
    list: Math.round(codes.list.requestsPerSecond),
    listBytes: codes.listBytes,
    closedLoop: Math.round(codes.purchases.capacity.perSecond),
    pacedAchieved: Math.round(codes.purchases.paced.achievedPerSecond),
    pacedP99Ms: Math.round(codes.purchases.paced.p99Ms),
    anomalies: codes.anomalies,
  };
}

const sides = { [commit]: older, 'this checkout': root };
const results = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
const row = (name, figures) =>
  `${name.padEnd(14)} bare ${String(figures.bare).padStart(6)}/s  list ${String(figures.list).padStart(6)}/s (${figures.listBytes} B)  closed loop ${String(figures.closedLoop).padStart(5)}/s  at ${pace}/s: ${figures.pacedAchieved}/s, p99 ${figures.pacedP99Ms} ms  anomalies ${figures.anomalies}  (load ${figures.load})`;

for (let index = 1; index <= runs; index++) {
  for (const [name, cwd] of Object.entries(sides)) {
    const figures = codesBench(cwd);
    results[name].push(figures);
    console.log(`run ${index}  ${row(name, figures)}`);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};
console.log('\nmedians');
const medians = {};
for (const [name, list] of Object.entries(results)) {
  medians[name] = Object.fromEntries(
    Object.keys(list[0]).map((key) => [key, median(list.map((figures) => figures[key]))]),
  );
  console.log(`       ${row(name, medians[name])}`);
}
writeFileSync(
  path.join(root, '.tmp', 'bench-against.json'),
  `${JSON.stringify({ date: new Date().toISOString(), commit, pacedPerSecond: Number(pace), runs: results, medians }, null, 2)}\n`,
);
const ours = medians['this checkout'];
const theirs = medians[commit];
const kept = ours.closedLoop >= theirs.closedLoop * 0.95 && ours.anomalies === 0;
console.log(
  kept
    ? `\nThis checkout buys at least as fast as ${commit} here (closed loop within 5% or better).`
    : `\nThis checkout buys slower than ${commit} on this machine now: ${ours.closedLoop}/s against ${theirs.closedLoop}/s.`,
);
process.exit(kept ? 0 : 1);
