// The log masks: phone numbers and e-mails in any text, database errors without the values they quote.
import { describe, expect, it } from 'vitest';
import { maskingStream, serializeError } from '../../server/logging.ts';
import { maskEmail, maskPhone, maskSecrets } from '../../server/redact.ts';

describe('maskSecrets', () => {
  it.each([
    ['+12025550123', '+1202***0123'],
    ['SMS to +12025550123: failed', 'SMS to +1202***0123: failed'],
    ['(202) 555-0123', '(202***0123'],
    ['202-555-0123', '202***0123'],
    ['+1 202 555 0123', '+1202***0123'],
    ['+381641234567', '+3816***4567'],
    ['phone=2025550123&x=1', 'phone=202***0123&x=1'],
    ['phone=%2B12025550123', 'phone=%2B1202***0123'],
    ['jane.roe@example.com', 'j***@example.com'],
    ['email=jane.roe%40example.com', 'email=j***%40example.com'],
    ['"To" +12025550123 and jane@example.com', '"To" +1202***0123 and j***@example.com'],
  ])('masks %s', (text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  it.each([
    'GET /api/leads/create/calc?calc_id=42',
    '127.0.0.1',
    '2024-05-01',
    '2024-05-01T12:30:00.000Z',
    '/accident/AbCdEfGhIjKlMnOpQrStUv',
    '123e4567-e89b-12d3-a456-426614174000',
    'at file:///work/main/server/app.ts:123:45',
    'request body is larger than 32768 bytes',
    'req-1f',
  ])('leaves %s alone', (text) => {
    expect(maskSecrets(text)).toBe(text);
  });

  it('is idempotent', () => {
    const once = maskSecrets('+12025550123 jane@example.com (202) 555-0123');
    expect(maskSecrets(once)).toBe(once);
  });

  it('keeps the ends of short numbers and odd e-mails only', () => {
    expect(maskPhone('5550123')).toBe('55***23');
    expect(maskEmail('x@y.z')).toBe('x***@y.z');
  });
});

describe('the log stream', () => {
  it('masks every string of a JSON line, not its numbers', () => {
    const lines: string[] = [];
    maskingStream({ write: (l) => lines.push(l) }).write(
      `${JSON.stringify({ time: 1712345678901, msg: 'SMS to +12025550123 failed', req: { url: '/api/x?email=jane@example.com' }, n: 2025550123 })}\n`,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      time: 1712345678901,
      msg: 'SMS to +1202***0123 failed',
      req: { url: '/api/x?email=j***@example.com' },
      n: 2025550123,
    });
  });

  it('masks a line that is not JSON as text', () => {
    const lines: string[] = [];
    maskingStream({ write: (l) => lines.push(l) }).write('oops +12025550123\n');
    expect(lines).toEqual(['oops +1202***0123\n']);
  });
});

describe('serializeError', () => {
  it('drops the fields of a database error that quote values, and the value its message quotes', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "My car was hit by a truck"'), {
      severity: 'ERROR',
      code: '22P02',
      detail: 'Key (phone)=(+12025550123) already exists.',
      params: ['+12025550123', 'My car was hit by a truck'],
      parameters: ['x'],
      where: 'SQL statement "INSERT ..."',
      internalQuery: 'INSERT ...',
      hint: 'x',
      table: 'leads',
      constraint: 'leads_pkey',
    });
    const out = serializeError(error);
    expect(out).toMatchObject({
      type: 'Error',
      message: 'invalid input syntax for type integer: "[redacted]"',
      code: '22P02',
      table: 'leads',
      constraint: 'leads_pkey',
    });
    for (const field of ['detail', 'params', 'parameters', 'where', 'internalQuery', 'hint']) expect(out).not.toHaveProperty(field);
    expect(JSON.stringify(out)).not.toContain('truck');
    expect(out.stack).toContain('[redacted]');
  });

  it('keeps a plain error whole, with its cause', () => {
    const out = serializeError(new Error('Twilio answered 400', { cause: new TypeError('bad') }));
    expect(out).toMatchObject({ type: 'Error', message: 'Twilio answered 400', cause: { type: 'TypeError', message: 'bad' } });
  });
});
