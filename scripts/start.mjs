// `npm start`: build whatever is missing (the web app, the server bundle), then run the server
// in this very process. package.json starts it with `exec`, so npm's shell is replaced by this
// process and the SIGTERM npm forwards reaches the server (without exec, Debian's sh kept the
// server as a grandchild that outlived npm).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const missing = [
  ['web', 'web/dist/index.html'],
  ['server', 'server/dist/main.js'],
].filter(([, file]) => !existsSync(`${root}/${file}`));

for (const [workspace] of missing) {
  console.log(`Building the ${workspace} (first start)...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(new URL('../server/dist/main.js', import.meta.url).href);
