// What the server asks of an SMS service: deliver a text to a phone, and say later whether a text went out.

export interface SmsProvider {
  /** Delivers text to an E.164 number; rejects when the service refuses it or gives no answer. */
  send(toE164: string, text: string): Promise<void>;
  /**
   * Whether the service took a text of exactly this body for toE164 at or after since: how a sender that died (or got
   * no answer) between handing a text over and recording it learns whether to send it again.
   */
  wasSent(toE164: string, text: string, since: Date): Promise<boolean>;
}
