// Twilio's X-Twilio-Signature on the requests it sends us (its webhooks), as its request-validation docs define it.
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a form POST: base64 of HMAC-SHA1, keyed with the account's auth token, of the full URL Twilio
 * requested (scheme, host, path and query) followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const names = Object.keys(params).sort();
  const data = url + names.map((name) => name + params[name]).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether signature (the header's value) is Twilio's for this request; compared in constant time. */
export function isTwilioSigned(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
