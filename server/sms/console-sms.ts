// Development SMS provider: prints each message as one stdout line instead of sending it.
import type { SmsProvider } from './sms-provider.ts';

/** Prints `SMS to <phone>: <text>`, the text's newlines (any run of whitespace) as one space; write is replaceable for tests. */
export function consoleSms(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): SmsProvider {
  return {
    send(toE164, text) {
      write(`SMS to ${toE164}: ${text.replace(/\s+/g, ' ')}`);
      return Promise.resolve();
    },
  };
}
