// Ed25519 keys as configuration writes them: a private key in PKCS#8 (PEM, or its DER in base64) and a public key as
// the x of its JWK. Each reader answers undefined for anything else.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

const PEM = /^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----$/;

/** The private key a CERTIFICATE_SIGNING_KEY holds, when it is an Ed25519 one. */
export function ed25519PrivateKeyOf(text: string): KeyObject | undefined {
  // An .env file may hold the PEM on one line with its line breaks written \n.
  const pem = text.trim().replaceAll('\\n', '\n');
  try {
    const key = PEM.test(pem)
      ? createPrivateKey({ key: pem, format: 'pem' })
      : /^[A-Za-z0-9+/=\s]+$/.test(pem)
        ? createPrivateKey({ key: Buffer.from(pem, 'base64'), format: 'der', type: 'pkcs8' })
        : undefined;
    return key?.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** The key as PKCS#8 PEM, its canonical form in the configuration. */
export const ed25519PrivateKeyPem = (text: string): string | undefined => ed25519PrivateKeyOf(text)?.export({ format: 'pem', type: 'pkcs8' }).toString();

/** The public key whose JWK x (base64url of its 32 bytes) is x. */
export function ed25519PublicKeyOf(x: string): KeyObject | undefined {
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
  } catch {
    return undefined;
  }
}
