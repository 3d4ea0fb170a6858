// The console SMS provider prints exactly one line per message, with the code.
import { describe, expect, it } from 'vitest';
import { consoleSms } from '../../server/sms/console-sms.ts';

describe('consoleSms', () => {
  it('writes one line: SMS to <E.164>: <text>', async () => {
    const lines: string[] = [];
    await consoleSms((line) => lines.push(line)).send('+12025550123', 'Your claimflow code is 0421');
    expect(lines).toEqual(['SMS to +12025550123: Your claimflow code is 0421']);
  });

  it('prints a message of several lines on one, newlines as spaces', async () => {
    const lines: string[] = [];
    await consoleSms((line) => lines.push(line)).send('+12025550123', 'Your claimflow code is 0421\n@localhost #0421\r\nend');
    expect(lines).toEqual(['SMS to +12025550123: Your claimflow code is 0421 @localhost #0421 end']);
  });
});
