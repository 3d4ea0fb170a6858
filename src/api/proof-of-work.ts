// A code send past its limits answers 428 challenge_required with an ALTCHA challenge (server/store/send-challenges.ts):
// the browser finds the number whose SHA-256 with the salt is the challenge (about a second on a phone at the first
// level), and the request goes again with it in the X-Altcha header. The person sees the button busy meanwhile.
import { solveChallenge } from 'altcha-lib/v1';

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export const isChallenge = (value: unknown): value is Challenge => {
  const c = value as Partial<Challenge> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.challenge === 'string' &&
    typeof c.salt === 'string' &&
    typeof c.signature === 'string' &&
    typeof c.maxnumber === 'number'
  );
};

/** The X-Altcha header of the challenge's solution; undefined when none was found (or the request was given up). */
export async function solvedHeader({ algorithm, challenge, maxnumber, salt, signature }: Challenge, signal?: AbortSignal): Promise<string | undefined> {
  const { promise, controller } = solveChallenge(challenge, salt, algorithm, maxnumber);
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop);
  try {
    const solution = await promise;
    return solution ? btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })) : undefined;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
