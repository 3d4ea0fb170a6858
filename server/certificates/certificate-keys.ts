// The server's certificate keys: the signer (CERTIFICATE_SIGNING_KEY, else a key generated on first start and kept in
// DATA_DIR) and every public key buyers may need, the current one first, then those of CERTIFICATE_PREVIOUS_KEYS.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { ed25519Signer, publicJwk, type CertificateSigner, type PublishedKey } from './certificate-signer.ts';
import { ed25519PrivateKeyOf } from './key-text.ts';

export interface CertificateKeys {
  signer: CertificateSigner;
  keys: PublishedKey[];
}

export const GENERATED_KEY_FILE = 'certificate-signing-key.pem';

const newKey = () => generateKeyPairSync('ed25519').privateKey;

// An in-memory database (tests) has no directory: one key for the whole process, so every server of it agrees.
let processKey: KeyObject | undefined;

/** The key kept in dataDir, made (readable by its owner only) when there is none; two starting at once keep one. */
async function keptKey(dataDir: string): Promise<KeyObject> {
  if (dataDir.startsWith('memory://')) return (processKey ??= newKey());
  const file = join(dataDir, GENERATED_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  const pem = newKey().export({ format: 'pem', type: 'pkcs8' });
  await writeFile(file, pem, { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const key = ed25519PrivateKeyOf(await readFile(file, 'utf8'));
  if (!key) throw new Error(`${file} holds no Ed25519 private key: remove it, or set CERTIFICATE_SIGNING_KEY`);
  return key;
}

export async function loadCertificateKeys(config: Config): Promise<CertificateKeys> {
  const key = (config.certificateSigningKey && ed25519PrivateKeyOf(config.certificateSigningKey)) || (await keptKey(config.dataDir));
  const signer = ed25519Signer(key, config.certificateKeyId);
  const previous = config.certificatePreviousKeys.map((item): PublishedKey => {
    const [keyId = '', x = ''] = item.split(':');
    return { keyId, jwk: { kty: 'OKP', crv: 'Ed25519', x } };
  });
  return { signer, keys: [{ keyId: signer.keyId, jwk: publicJwk(key) }, ...previous.filter((k) => k.keyId !== signer.keyId)] };
}
