// The lead-types answer (§3): services keyed to 'AM' | 'PM', or only { notInterested: true }.
export type CallHalf = 'AM' | 'PM';
export type LeadTypesValue = Record<string, CallHalf | true>;

/** Call preference a newly checked service gets (§9). */
export const DEFAULT_HALF: CallHalf = 'AM';

export function asLeadTypes(value: unknown): LeadTypesValue {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as LeadTypesValue) : {};
}

export function isNotInterested(value: LeadTypesValue): boolean {
  return value.notInterested === true;
}

export function halfOf(value: LeadTypesValue, service: string): CallHalf | undefined {
  const v = value[service];
  return v === 'AM' || v === 'PM' ? v : undefined;
}

/** Checking a service sets AM and clears notInterested; unchecking removes it (the last one leaves {}). */
export function toggleService(value: LeadTypesValue, service: string, checked: boolean): LeadTypesValue {
  const rest = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'notInterested' && key !== service));
  return checked ? { ...rest, [service]: halfOf(value, service) ?? DEFAULT_HALF } : rest;
}

export function setHalf(value: LeadTypesValue, service: string, half: CallHalf): LeadTypesValue {
  return { ...value, [service]: half };
}

/** notInterested excludes every service. */
export function setNotInterested(checked: boolean): LeadTypesValue {
  return checked ? { notInterested: true } : {};
}
