// The phone-number library (≈30 KB gzip), loaded on demand so a browser fetches it only near the contact step.
import type { CountryCode, PhoneNumber } from 'libphonenumber-js';

type Parse = (text: string, country?: CountryCode) => PhoneNumber | undefined;

let parse: Parse | undefined;
let loading: Promise<void> | undefined;

/** Loads the library once; guards stay synchronous and, until it is there, read every phone number as invalid. */
export function loadPhoneLibrary(): Promise<void> {
  loading ??= import('libphonenumber-js').then((module) => {
    parse = module.parsePhoneNumberFromString;
  });
  return loading;
}

export const phoneLibraryLoaded = (): boolean => parse !== undefined;

/** libphonenumber-js's parsePhoneNumberFromString once loaded, else undefined. */
export const parsePhoneNumberFromString: Parse = (text, country) => parse?.(text, country);

// Outside a browser (the server, scripts, Node tests) the library is there before anything runs.
if (!('document' in globalThis)) await loadPhoneLibrary();
