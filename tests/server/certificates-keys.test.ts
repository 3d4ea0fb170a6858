// The keys that sign consent certificates: from CERTIFICATE_SIGNING_KEY (PEM or base64 DER), else generated once in
// DATA_DIR; an earlier key stays listed after a rotation, so its certificates still verify; bad keys stop the start.
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_KEY_FILE, loadCertificateKeys } from '../../server/certificates/certificate-keys.ts';
import { certificatePayload, type ConsentFacts } from '../../server/certificates/certificate-payload.ts';
import { verifyCertificate, type Certificate } from '../../server/certificates/verify-certificate.ts';
import { loadConfig } from '../../server/config.ts';

const newPem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const derBase64 = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64').toString('base64');

const FACTS: ConsentFacts = {
  leadId: 7,
  phone: '+12025550123',
  email: 'ana@example.com',
  wording: 'I agree to be called.',
  wordingKey: 'common:consent.notice.lead.none',
  wordingLocale: 'en',
  wordingVersion: 1,
  wordingSha256: 'a'.repeat(64),
  locale: 'en',
  flowId: 'calculator',
  flowVersion: 1,
  consentedAtMs: Date.UTC(2026, 10, 25, 12),
  pageUrl: 'https://claims.example.com/calculate-your-accident-claim-value',
  verifiedAtMs: Date.UTC(2026, 10, 25, 11, 59),
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
};

/** A certificate as the server issues it, signed by the keys of env. */
async function certify(env: Record<string, string>): Promise<Certificate> {
  const { signer } = await loadCertificateKeys(loadConfig(env));
  const payload = JSON.stringify(certificatePayload(FACTS, 'AAAAAAAAAAAAAAAAAAAAAA', signer.keyId, Date.now()));
  return { payload, signature: signer.sign(payload), keyId: signer.keyId };
}

describe('certificate keys', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'claimflow-keys-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads CERTIFICATE_SIGNING_KEY as PEM, as PEM on one line with \\n, or as base64 DER: one key, one id', async () => {
    const pem = newPem();
    const ids = await Promise.all(
      [pem, pem.trim().replaceAll('\n', '\\n'), derBase64(pem)].map(
        async (value) => (await loadCertificateKeys(loadConfig({ CERTIFICATE_SIGNING_KEY: value }))).signer.keyId,
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const named = await loadCertificateKeys(loadConfig({ CERTIFICATE_SIGNING_KEY: pem, CERTIFICATE_KEY_ID: 'claimflow-2026-11' }));
    expect(named.signer.keyId).toBe('claimflow-2026-11');
    expect(named.keys.map((k) => k.keyId)).toEqual(['claimflow-2026-11']);
  });

  it('refuses a key that is not an Ed25519 private key, naming the variable and never echoing it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const bad of [rsa, 'not-a-key', derBase64(newPem()).slice(0, 20)]) {
      expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY: bad })).toThrow(
        /CERTIFICATE_SIGNING_KEY must be an Ed25519 private key: PKCS#8 PEM, or its DER in base64\n/,
      );
      expect(() => loadConfig({ CERTIFICATE_SIGNING_KEY: bad })).not.toThrow(bad.slice(0, 12));
    }
    expect(() => loadConfig({ CERTIFICATE_PREVIOUS_KEYS: 'old:not-a-key' })).toThrow(/CERTIFICATE_PREVIOUS_KEYS must be keyId:x pairs/);
    expect(() => loadConfig({ CERTIFICATE_KEY_ID: 'has spaces' })).toThrow(/CERTIFICATE_KEY_ID must be 1 to 64 letters/);
  });

  it('makes a key on first start in DATA_DIR, readable by its owner only, and keeps it on the next', async () => {
    const first = await loadCertificateKeys(loadConfig({ DATA_DIR: dir }));
    const file = join(dir, GENERATED_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadCertificateKeys(loadConfig({ DATA_DIR: dir }));
    expect(again.keys).toEqual(first.keys);
    // The same key signs after a restart: a certificate of the first start verifies with the second's keys.
    const certificate = await certify({ DATA_DIR: dir });
    expect(verifyCertificate(certificate, { keys: again.keys })).toMatchObject({ valid: true });
    // Configured, it is the configured key that signs: the generated file is left alone.
    const configured = await loadCertificateKeys(loadConfig({ DATA_DIR: dir, CERTIFICATE_SIGNING_KEY: newPem() }));
    expect(configured.signer.keyId).not.toBe(first.signer.keyId);
    expect(await readFile(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('keeps listing the previous key after a rotation, so certificates signed before it still verify', async () => {
    const before = { CERTIFICATE_SIGNING_KEY: newPem(), CERTIFICATE_KEY_ID: 'claimflow-2026-05' };
    const old = await certify(before);
    const [oldKey] = (await loadCertificateKeys(loadConfig(before))).keys;
    const rotated = await loadCertificateKeys(
      loadConfig({
        CERTIFICATE_SIGNING_KEY: newPem(),
        CERTIFICATE_KEY_ID: 'claimflow-2026-11',
        CERTIFICATE_PREVIOUS_KEYS: `claimflow-2026-05:${oldKey?.jwk.x}`,
      }),
    );
    expect(rotated.keys.map((k) => k.keyId)).toEqual(['claimflow-2026-11', 'claimflow-2026-05']);
    expect(rotated.keys[1]).toEqual(oldKey);
    expect(verifyCertificate(old, { keys: rotated.keys })).toMatchObject({ valid: true });
    // Without it, the old certificate names a key nobody lists.
    expect(verifyCertificate(old, { keys: rotated.keys.slice(0, 1) })).toEqual({ valid: false, reason: 'unknown key claimflow-2026-05' });
  });

  it("scripts/verify-certificate.ts checks a certificate with only the keys file, and the lead's facts", async () => {
    const env = { CERTIFICATE_SIGNING_KEY: newPem() };
    const certificate = await certify(env);
    const certificateFile = join(dir, 'certificate.json');
    const keysFile = join(dir, 'keys.json');
    await writeFile(certificateFile, JSON.stringify(certificate));
    await writeFile(keysFile, JSON.stringify({ keys: (await loadCertificateKeys(loadConfig(env))).keys }));
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/verify-certificate.ts', certificateFile, keysFile, ...args]).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const valid = await run('--lead', '7', '--phone', FACTS.phone, '--email', 'Ana@Example.com');
    expect(valid.code).toBe(0);
    expect(valid.stdout).toMatch(/^valid\n/);
    expect(valid.stdout).toContain('"consentText": "I agree to be called."');
    expect(await run('--lead', '8')).toEqual({ code: 1, stdout: 'NOT valid: issued for lead 7\n' });
    await writeFile(certificateFile, JSON.stringify({ ...certificate, payload: certificate.payload.replace('called', 'cal1ed') }));
    expect(await run()).toEqual({ code: 1, stdout: 'NOT valid: bad signature\n' });
  });
});
