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
