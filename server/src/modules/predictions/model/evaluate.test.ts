import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runEvaluateCommand } from './evaluate.ts';

const fixtureDir = fileURLToPath(new URL('./fixtures/openfootball', import.meta.url));
const command = fileURLToPath(new URL('./evaluate-command.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../../../..', import.meta.url));
const repositoryDir = fileURLToPath(new URL('../../../../..', import.meta.url));

function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runEvaluateCommand(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    dataDir: fixtureDir,
  });
  return { code, stdout, stderr };
}

describe('predict:evaluate', () => {
  it('prints one JSON object with the season figures and nothing else', () => {
    const { code, stdout, stderr } = run(['--league', 'xx.1', '--season', '2022-23', '--json']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const answer = JSON.parse(stdout);
    expect(Object.keys(answer)).toEqual([
      'league',
      'season',
      'matches',
      'rps',
      'baselineRps',
      'logLoss',
      'brier',
      'accuracy',
    ]);
    expect(answer).toMatchObject({ league: 'xx.1', season: '2022-23', matches: 30 });
    for (const key of ['rps', 'baselineRps', 'logLoss', 'brier', 'accuracy']) {
      expect(typeof answer[key]).toBe('number');
      expect(answer[key]).toBeGreaterThan(0);
    }
    expect(answer.rps).toBeLessThan(0.5);
    expect(answer.accuracy).toBeLessThanOrEqual(1);
  });

  it('prints a table of the model beside the baseline without --json', () => {
    const { code, stdout } = run(['--league=xx.1', '--season=2022-23']);
    expect(code).toBe(0);
    expect(stdout).toContain('xx.1 2022-23: 30 matches');
    expect(stdout).toMatch(/RPS\s+0\.\d{4}\s+0\.\d{4}/);
    expect(stdout).toMatch(/log loss\s+\d\.\d{4}\s+\d\.\d{4}/);
    expect(stdout).toMatch(/Brier\s+0\.\d{4}\s+0\.\d{4}/);
    expect(stdout).toMatch(/accuracy\s+\d+\.\d%\s+\d+\.\d%/);
  });

  it('exits 2 with a clear message for an unknown league or season', () => {
    const league = run(['--league', 'zz.9', '--season', '2022-23', '--json']);
    expect(league).toMatchObject({ code: 2, stdout: '' });
    expect(league.stderr).toContain("unknown league 'zz.9'; known: xx.1");
    const season = run(['--league', 'xx.1', '--season', '1999-00']);
    expect(season).toMatchObject({ code: 2, stdout: '' });
    expect(season.stderr).toContain("no season '1999-00' for xx.1; available: 2020-21, 2021-22, 2022-23");
    const first = run(['--league', 'xx.1', '--season', '2020-21']);
    expect(first.code).toBe(2);
    expect(first.stderr).toContain('first season in the data');
    expect(run(['--league', 'xx.1']).code).toBe(2);
    expect(run(['--season']).code).toBe(2);
    expect(run(['--bogus']).stderr).toContain("unknown argument '--bogus'");
  });

  it('as a process, writes only the JSON object to standard output', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        command,
        '--league',
        'xx.1',
        '--season',
        '2021-22',
        '--json',
        '--data-dir',
        fixtureDir,
      ],
      { cwd: serverDir, encoding: 'utf8' },
    );
    expect(child.status).toBe(0);
    const answer = JSON.parse(child.stdout);
    expect(answer).toMatchObject({ league: 'xx.1', season: '2021-22', matches: 30 });
    const unknown = spawnSync(
      process.execPath,
      ['--import', 'tsx', command, '--league', 'nope', '--season', '2021-22'],
      {
        cwd: serverDir,
        encoding: 'utf8',
      },
    );
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain("unknown league 'nope'");
  });

  const npmRun = (npmArgs: string[]) => {
    const env = { ...process.env };
    for (const key of Object.keys(env)) if (/^npm_(config_|lifecycle_)/i.test(key)) delete env[key];
    return spawnSync(
      'npm',
      [...npmArgs, '--', '--league', 'xx.1', '--season', '2022-23', '--json', '--data-dir', fixtureDir],
      { cwd: repositoryDir, encoding: 'utf8', env },
    );
  };

  it('through `npm run -s predict:evaluate` as the README gives it, standard output is the JSON object alone', () => {
    const child = npmRun(['run', '-s', 'predict:evaluate']);
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stdout)).toMatchObject({ league: 'xx.1', season: '2022-23', matches: 30 });
    expect(child.stderr).toBe('');
  });

  it('through a plain `npm run`, says on standard error how to get the JSON alone', () => {
    const child = npmRun(['run', 'predict:evaluate']);
    expect(child.status).toBe(0);
    expect(child.stdout).toContain('> predict:evaluate');
    expect(child.stderr).toContain('npm run -s predict:evaluate');
  });

  it('leaves npm’s own output as npm prints it: the project sets no JSON mode (npm ci prints its summary line)', () => {
    const env = { ...process.env };
    for (const key of Object.keys(env)) if (/^npm_config_/i.test(key)) delete env[key];
    const json = spawnSync('npm', ['config', 'get', 'json'], { cwd: repositoryDir, encoding: 'utf8', env });
    expect(json.stdout.trim()).toBe('false');
  });
});
