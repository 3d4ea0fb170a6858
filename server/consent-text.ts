// The TCPA consent wording a consent record refers to, per funnel.

const DEFAULT_CONSENT =
  'By clicking Next, I agree that claimflow, its sponsoring law firms and marketing partners may contact me ' +
  'at the phone number and email I provided, including by calls and text messages made with an automatic ' +
  'dialing system or prerecorded voice, even if my number is on a Do Not Call list. Consent is not a condition ' +
  'of any purchase or service. Message and data rates may apply. Reply STOP to opt out.';

const BY_FUNNEL: Record<string, string> = {
  calc: DEFAULT_CONSENT,
};

export function tcpaMessage(funnel: string | undefined): string {
  return (funnel === undefined ? undefined : BY_FUNNEL[funnel]) ?? DEFAULT_CONSENT;
}
