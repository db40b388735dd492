// `node scripts/compact-openfootball.mjs <input dir or files...> [--out DIR]`: turns results in the
// openfootball JSON format (`{ name, matches: [{ round, date, time, team1, team2, score: { ft } }] }`,
// one file per league and season laid out as `<season>/<league>.json`, e.g. `2023-24/en.1.json`)
// into the compact form the match model reads: one CSV per league-season,
// `server/data/openfootball/<league>/<season>.csv` with `date,time,home,away,hg,ag` rows, finished
// matches only (a score at full time, i.e. after 90 minutes; extra time and penalties are left
// out), sorted by date and time. Team names are kept as published; `aliases.csv` beside the data
// maps a club's older spellings to its newest one when the data is read. Directories are searched
// recursively for `*.json`; a league-season given twice is written once (the last one wins).
// Also writes `leagues.json` (league code -> name) so the product can name a league.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SEASON = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;

function usage(message) {
  if (message) console.error(message);
  console.error('usage: node scripts/compact-openfootball.mjs <input dir or files...> [--out DIR]');
  process.exit(2);
}

function jsonFilesUnder(entry) {
  const stats = statSync(entry);
  if (stats.isFile()) return entry.endsWith('.json') ? [entry] : [];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => jsonFilesUnder(path.join(entry, name)));
}

/** '2023/24' in the file's name, or the folder it sits in, gives the season '2023-24'. */
function seasonOf(file, document) {
  const folder = path.basename(path.dirname(file));
  if (SEASON.test(folder)) return folder;
  const named = /(\d{4})\/(\d{2})\b/.exec(document.name ?? '');
  if (named) return `${named[1]}-${named[2]}`;
  return null;
}

const csvField = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function leagueName(document) {
  const name = String(document.name ?? '').trim();
  // 'English Premier League 2023/24' -> 'English Premier League'
  return name.replace(/\s*\d{4}\/\d{2}\s*$/, '').trim() || null;
}

function compact(file) {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(document.matches)) throw new Error(`${file}: no "matches" array`);
  const league = path.basename(file, '.json');
  const season = seasonOf(file, document);
  if (!season)
    throw new Error(`${file}: cannot tell the season (folder like 2023-24 or a name with 2023/24)`);
  const rows = [];
  for (const match of document.matches) {
    const ft = match.score?.ft;
    if (!Array.isArray(ft) || ft.length !== 2) continue; // not played (yet), postponed or cancelled
    const [hg, ag] = ft;
    if (!Number.isInteger(hg) || !Number.isInteger(ag) || hg < 0 || ag < 0) {
      throw new Error(`${file}: bad score ${JSON.stringify(ft)} for ${match.team1} - ${match.team2}`);
    }
    if (!DAY.test(match.date ?? '')) throw new Error(`${file}: bad date ${JSON.stringify(match.date)}`);
    const time = CLOCK.test(match.time ?? '') ? match.time : '';
    const home = String(match.team1 ?? '').trim();
    const away = String(match.team2 ?? '').trim();
    if (!home || !away) throw new Error(`${file}: a match without both teams on ${match.date}`);
    rows.push({ date: match.date, time, home, away, hg, ag });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
  return { league, season, name: leagueName(document), rows };
}

function main() {
  const args = process.argv.slice(2);
  let out = path.join(root, 'server/data/openfootball');
  const inputs = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out') {
      const value = args[++i];
      if (!value) usage('--out needs a folder');
      out = path.resolve(value);
    } else if (args[i].startsWith('--')) usage(`unknown option ${args[i]}`);
    else inputs.push(args[i]);
  }
  if (!inputs.length) usage();

  const files = inputs.flatMap((input) => jsonFilesUnder(path.resolve(input)));
  if (!files.length) usage('no .json files found');

  const namesFile = path.join(out, 'leagues.json');
  let names = {};
  try {
    names = JSON.parse(readFileSync(namesFile, 'utf8'));
  } catch {
    // first run: no names yet
  }

  let written = 0;
  let matches = 0;
  for (const file of files) {
    if (path.basename(file) === 'leagues.json') continue;
    const { league, season, name, rows } = compact(file);
    if (!rows.length) {
      console.error(`skipped ${path.relative(process.cwd(), file)}: no finished matches`);
      continue;
    }
    const folder = path.join(out, league);
    mkdirSync(folder, { recursive: true });
    const lines = ['date,time,home,away,hg,ag'];
    for (const row of rows) {
      lines.push([row.date, row.time, csvField(row.home), csvField(row.away), row.hg, row.ag].join(','));
    }
    writeFileSync(path.join(folder, `${season}.csv`), `${lines.join('\n')}\n`);
    if (name) names[league] = name;
    written++;
    matches += rows.length;
  }
  const sorted = Object.fromEntries(Object.entries(names).sort(([a], [b]) => a.localeCompare(b)));
  mkdirSync(out, { recursive: true });
  writeFileSync(namesFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(
    `${written} league-seasons, ${matches} finished matches written to ${path.relative(root, out) || out}`,
  );
}

main();
