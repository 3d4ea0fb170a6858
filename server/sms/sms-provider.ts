// The one thing the server asks of an SMS service: deliver a text to a phone.

export interface SmsProvider {
  /** Delivers text to an E.164 number; rejects when the service refuses it. */
  send(toE164: string, text: string): Promise<void>;
}
