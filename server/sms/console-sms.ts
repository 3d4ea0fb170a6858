// Development SMS provider: prints each message as one stdout line instead of sending it.
import { maskPhone } from '../redact.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Prints `SMS to <phone>: <text>`, the text's newlines (any run of whitespace) as one space; write is replaceable for
 * tests. The only line of the server's output with a full phone number, and only in development: in production (a
 * console provider there is a mistake serve.ts warns of) the number is masked as in the request log. It remembers what this process printed, no more: after a crash it answers wasSent with false, so a text whose
 * sender died between printing and recording it is printed again (development only; Twilio keeps its own record).
 */
export function consoleSms(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  { production = false }: { production?: boolean } = {},
): SmsProvider {
  const printed = new Map<string, number>();
  const key = (to: string, text: string) => `${to}\n${text}`;
  return {
    send(toE164, text) {
      write(`SMS to ${production ? maskPhone(toE164) : toE164}: ${text.replace(/\s+/g, ' ')}`);
      printed.set(key(toE164, text), Date.now());
      return Promise.resolve();
    },
    wasSent(toE164, text, since) {
      return Promise.resolve((printed.get(key(toE164, text)) ?? -Infinity) >= since.getTime());
    },
  };
}
