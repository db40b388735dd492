import { describe, expect, it } from 'vitest';
import { describeForLog } from './error-handler.ts';

describe('what an unexpected error leaves in the logs', () => {
  it('drops the SQL parameters a query error carries', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ...\nparams: ada@example.com,$argon2id$v=19$m=19456,t=2,p=1$abc',
      ),
      { name: 'DrizzleQueryError', cause },
    );
    const logged = JSON.stringify(describeForLog(error));
    expect(logged).toContain('22021');
    expect(logged).not.toContain('ada@example.com');
    expect(logged).not.toContain('argon2id');
  });

  it('keeps the message of other errors', () => {
    expect(describeForLog(new TypeError('x is undefined'))).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
    });
  });
});

describe('a client that hangs up', () => {
  it('is logged at debug level, never as a server error', async () => {
    const { Readable, PassThrough } = await import('node:stream');
    const Fastify = (await import('fastify')).default;
    const { registerErrorHandler } = await import('./error-handler.ts');
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    const app = Fastify({ logger: { level: 'trace', stream: logStream } });
    registerErrorHandler(app);
    // What a cancelled download looks like to the server: the file stream ends before it is done.
    app.get('/assets/big.js', () => {
      const stream = new Readable({ read() {} });
      setImmediate(() =>
        stream.destroy(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })),
      );
      return stream;
    });
    app.get('/boom', () => {
      throw new Error('a real fault');
    });
    const cut = await app.inject({ method: 'GET', url: '/assets/big.js' });
    const fault = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    const levels = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(cut.statusCode).toBe(499);
    expect(levels).toContainEqual(
      expect.objectContaining({ level: 20, msg: 'client closed the connection early' }),
    );
    expect(fault.statusCode).toBe(500);
    // The only error logged is the real fault.
    expect(levels.filter((entry) => entry.level >= 50).map((entry) => entry.msg)).toEqual([
      'unhandled error',
    ]);
  });
});

describe('a request whose money moved', () => {
  it('answers that it happened when only its answer fails, and says nothing of the kind elsewhere', async () => {
    const Fastify = (await import('fastify')).default;
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const { z } = await import('zod');
    const { registerErrorHandler } = await import('./error-handler.ts');
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const answer = {
      schema: { response: { 200: z.object({ success: z.literal(true), price: z.number() }) } },
    };
    // An answer its own schema refuses, as a view built from unexpected data would be.
    const broken = () => ({ success: true, price: 'five hundred' });
    app.post('/bought', { ...answer, config: { committedMessage: 'Bought.' } }, broken);
    app.post('/not-money', answer, broken);
    const bought = await app.inject({ method: 'POST', url: '/bought' });
    const other = await app.inject({ method: 'POST', url: '/not-money' });
    await app.close();
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toEqual({ success: true, message: 'Bought.', partial: true });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toMatchObject({ success: false, code: 'INTERNAL' });
  });
});
