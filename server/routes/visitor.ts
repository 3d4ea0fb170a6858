// The answer to a call that needs the visitor's phone verification (live, VERIFICATION_VALID_HOURS) and has none.
export const NOT_VERIFIED = { error: 'phone_not_verified' } as const;
