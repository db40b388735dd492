// `npm start`: build what is missing or older than its sources (the web app, the server bundle),
// then run the server in this very process. package.json starts it with `exec`, so npm's shell is
// replaced by this process and the SIGTERM npm forwards reaches the server (without exec, Debian's
// sh kept the server as a grandchild that outlived npm).
//
// The build's own output is kept out of the way: one line says what is being built, and only a
// failed build prints what the build said. The server prints one plain line once it listens.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const targets = [
  {
    workspace: 'web',
    label: 'the web app',
    // Written last by the web build (after web/dist): its presence means both halves are there.
    output: 'web/dist-server/entry-server.js',
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'packages/contract/src',
    ],
  },
  {
    workspace: 'server',
    label: 'the server',
    output: 'server/dist/main.js',
    sources: ['server/src', 'server/build.mjs', 'server/package.json', 'packages/contract/src'],
  },
];

/** Tests are not part of a build: changing one does not make the build stale. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time under these paths (files and folders, recursively), in ms. */
function newestSource(paths) {
  let newest = 0;
  const visit = (file) => {
    let stats;
    try {
      stats = statSync(file);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(file)) {
        if (entry !== 'node_modules' && !isTest(entry)) visit(path.join(file, entry));
      }
    } else {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const source of paths) visit(path.join(root, source));
  return newest;
}

for (const target of targets) {
  const output = path.join(root, target.output);
  const reason = !existsSync(output)
    ? 'first start'
    : newestSource(target.sources) > statSync(output).mtimeMs
      ? 'its sources changed'
      : null;
  if (!reason) continue;
  console.log(`Building ${target.label} (${reason})...`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`Building ${target.label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

await import(new URL('../server/dist/main.js', import.meta.url).href);
