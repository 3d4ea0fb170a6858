// The Ed25519 key that signs consent certificates, and its public half as a buyer fetches it (a JWK of RFC 8037).
import { createHash, createPublicKey, sign, type KeyObject } from 'node:crypto';

/** Signs certificates: the id of its key, and a base64url Ed25519 signature of a string's UTF-8 bytes. */
export interface CertificateSigner {
  readonly keyId: string;
  sign(text: string): string;
}

/** A public key as /.well-known/claimflow-keys lists it. */
export interface PublishedKey {
  keyId: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
}

/** The JWK of a key's public half (x: the raw 32 bytes, base64url). */
export function publicJwk(key: KeyObject): PublishedKey['jwk'] {
  const { x } = createPublicKey(key).export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('not an Ed25519 key');
  return { kty: 'OKP', crv: 'Ed25519', x };
}

/** RFC 7638's thumbprint of the public key (SHA-256 of its canonical JWK, base64url): the key id unless one is set. */
export function thumbprint(jwk: PublishedKey['jwk']): string {
  return createHash('sha256').update(`{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}"}`).digest('base64url');
}

/** The signer of an Ed25519 private key, known as keyId (its thumbprint by default). */
export function ed25519Signer(privateKey: KeyObject, keyId: string = thumbprint(publicJwk(privateKey))): CertificateSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the certificate signing key must be an Ed25519 key');
  return { keyId, sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64url') };
}
