import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { afterCommit, answerOnceCommitted } from './committed.ts';

function loggedApp() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ),
  );
  return { app: Fastify({ logger: { level: 'info', stream } }), lines };
}

describe('work after a commit', () => {
  it('keeps a built answer, and answers the sentence (logged as an error) when building it throws', async () => {
    const { app, lines } = loggedApp();
    await expect(
      answerOnceCommitted(app.log, 'Bought.', () => ({ success: true, code: 'ABC' })),
    ).resolves.toEqual({
      success: true,
      code: 'ABC',
    });
    await expect(
      answerOnceCommitted(app.log, 'Bought.', async () => {
        throw new RangeError('Invalid time value');
      }),
    ).resolves.toEqual({ success: true, message: 'Bought.', partial: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'after a commit: the answer could not be built' }),
    );
    await app.close();
  });

  it('logs a side effect that fails instead of failing the request', async () => {
    const { app, lines } = loggedApp();
    await expect(
      afterCommit(app.log, 'the events', () => {
        throw new Error('socket adapter gone');
      }),
    ).resolves.toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'after a commit: the events failed' }),
    );
    await app.close();
  });
});
