// Consent certificates (issue 19 part 3): a lead's consent evidence, signed with the server's Ed25519 key, read by a
// buyer as { payload, signature, keyId } and checked offline with the keys of /.well-known/claimflow-keys; one
// changed character or another lead's facts fail; ids are unguessable and nothing shows the phone or email in clear.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCertificateKeys, type CertificateKeys } from '../../server/certificates/certificate-keys.ts';
import type { CertificatePayload } from '../../server/certificates/certificate-payload.ts';
import { certificateUrl, issueCertificate } from '../../server/certificates/issue-certificate.ts';
import { verifyCertificate, type Certificate, type PublicKeys } from '../../server/certificates/verify-certificate.ts';
import { loadConsentCatalogue } from '../../server/consent-text.ts';
import { flowFolders } from '../../server/flow-files.ts';
import { calcLeadBody, testConsent, uniquePhone } from '../testing/lead-bodies.ts';
import { send, verifyPhone } from '../testing/requests.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestDist, makeTestServer, type TestServer } from '../testing/test-servers.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const JSON_ACCEPT = { accept: 'application/json' };

/** What the lead a buyer got says of itself (ExpectedLead's fields). */
interface LeadMade {
  leadId: number;
  phone: string;
  email: string;
}

describe.each(appDbKinds)('consent certificates on %s', (kind) => {
  let s: TestServer;
  let keys: CertificateKeys;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
    keys = await loadCertificateKeys(s.config);
  }, STARTUP_MS);
  afterAll(() => s.close());

  /** A lead made as a visitor makes it: a verified phone, then the calculator's lead. */
  const makeLead = async (overrides: Record<string, unknown> = {}): Promise<LeadMade> => {
    const phone = uniquePhone();
    const cookie = await verifyPhone(s, phone.national);
    const email = `Person.${phone.national}@Example.com`;
    const res = await send(s.app, 'POST', '/api/leads/create/calc', {
      payload: calcLeadBody(phone.typed, { email, ...overrides }),
      cookie,
      headers: { 'user-agent': 'Mozilla/5.0 (certificate test)' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { leadId: res.json<{ lead: { id: number } }>().lead.id, phone: phone.e164, email };
  };
  const issue = (leadId: number) => s.db.transaction((tx) => issueCertificate(tx, leadId, keys.signer));
  const read = async (app: FastifyInstance, id: string) => app.inject({ method: 'GET', url: `/certificates/${id}`, headers: JSON_ACCEPT });
  const certificateOf = async (id: string) => (await read(s.app, id)).json<Certificate>();
  const publicKeys = async () => (await s.app.inject({ method: 'GET', url: '/.well-known/claimflow-keys' })).json<PublicKeys>();

  it('signs what was consented to, where, when and by whom, and a buyer verifies it with the public key alone', async () => {
    const lead = await makeLead();
    const id = await issue(lead.leadId);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const res = await read(s.app, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const certificate = res.json<Certificate>();
    expect(Object.keys(certificate)).toEqual(['payload', 'signature', 'keyId']);
    expect(certificate.keyId).toBe(keys.signer.keyId);

    const verdict = verifyCertificate(certificate, await publicKeys(), lead);
    expect(verdict).toMatchObject({ valid: true });
    const payload = JSON.parse(certificate.payload) as CertificatePayload;
    const shown = loadConsentCatalogue(flowFolders().localesDir).resolve('common:consent.notice.lead.none', 'en');
    const { rows } = await s.db.query<{ verified_at: Date; consented_at_ms: string | number; ip: string }>(
      `SELECT v.verified_at, r.consented_at_ms, r.ip FROM leads l JOIN consent_records r ON r.id = l.consent_record_id
       JOIN phone_verifications v ON v.id = r.verification_id WHERE l.id = $1`,
      [lead.leadId],
    );
    const stored = rows[0];
    expect(payload).toEqual({
      version: 1,
      certificateId: id,
      leadId: lead.leadId,
      issuedAt: payload.issuedAt,
      keyId: keys.signer.keyId,
      consentText: shown?.text,
      consentLanguage: 'en',
      wordingKey: 'common:consent.notice.lead.none',
      wordingVersion: 1,
      wordingSha256: sha256(shown?.text ?? ''),
      consentedAt: new Date(Number(stored?.consented_at_ms)).toISOString(),
      flowId: 'calculator',
      flowVersion: 1,
      pageUrl: testConsent().pageUrl,
      phoneVerifiedAt: stored?.verified_at.toISOString(),
      ip: stored?.ip,
      userAgent: 'Mozilla/5.0 (certificate test)',
      phoneSha256: sha256(lead.phone),
      emailSha256: sha256(lead.email.toLowerCase()),
    });
    expect(Date.parse(payload.issuedAt)).toBeGreaterThanOrEqual(Date.parse(payload.consentedAt));
    expect(Date.parse(payload.issuedAt)).toBeLessThanOrEqual(Date.now());
    // No phone or email in clear, in any form the lead was typed in.
    for (const secret of [lead.phone, lead.phone.slice(2), lead.email, lead.email.toLowerCase(), 'Person.']) expect(res.body).not.toContain(secret);
  });

  it('is the Spanish wording when the consent was given in Spanish', async () => {
    const lead = await makeLead({ language: 'es', consent: testConsent({ locale: 'es' }) });
    const payload = JSON.parse((await certificateOf(await issue(lead.leadId))).payload) as CertificatePayload;
    expect(payload.consentLanguage).toBe('es');
    expect(payload.consentText).toBe(loadConsentCatalogue(flowFolders().localesDir).resolve('common:consent.notice.lead.none', 'es')?.text);
  });

  it('is issued once per lead: later calls, and calls at the same time, answer the same certificate', async () => {
    const lead = await makeLead();
    const [a, b, c] = await Promise.all([issue(lead.leadId), issue(lead.leadId), issue(lead.leadId)]);
    expect(new Set([a, b, c, await issue(lead.leadId)]).size).toBe(1);
    const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM consent_certificates WHERE lead_id = $1', [lead.leadId]);
    expect(rows[0]?.n).toBe(1);
    // Append-only evidence: not even the database's owner changes or removes it.
    await expect(s.db.query("UPDATE consent_certificates SET payload = '{}' WHERE lead_id = $1", [lead.leadId])).rejects.toThrow(/append-only/);
    await expect(s.db.query('DELETE FROM consent_certificates WHERE lead_id = $1', [lead.leadId])).rejects.toThrow(/append-only/);
  });

  it('fails verification when any one character of its payload or signature is changed', async () => {
    const lead = await makeLead();
    const certificate = await certificateOf(await issue(lead.leadId));
    const known = await publicKeys();
    const other = (ch: string) => (ch === 'A' ? 'B' : 'A');
    const changedAt = (text: string, i: number) => text.slice(0, i) + other(text[i] ?? '') + text.slice(i + 1);
    const passing: string[] = [];
    for (let i = 0; i < certificate.payload.length; i++) {
      if (verifyCertificate({ ...certificate, payload: changedAt(certificate.payload, i) }, known).valid) passing.push(`payload[${i}]`);
    }
    // The signature's last character holds 2 padding bits that decoders ignore: change every other character.
    for (let i = 0; i < certificate.signature.length - 1; i++) {
      if (verifyCertificate({ ...certificate, signature: changedAt(certificate.signature, i) }, known).valid) passing.push(`signature[${i}]`);
    }
    expect(passing).toEqual([]);
    expect(verifyCertificate(certificate, known)).toMatchObject({ valid: true });
    expect(verifyCertificate({ ...certificate, keyId: 'another-key' }, known)).toEqual({ valid: false, reason: 'unknown key another-key' });
  });

  it("does not verify for another lead: lead A's certificate against lead B's facts, or B's payload under A's signature", async () => {
    const a = await makeLead();
    const b = await makeLead();
    const [certA, certB] = [await certificateOf(await issue(a.leadId)), await certificateOf(await issue(b.leadId))];
    const known = await publicKeys();
    expect(verifyCertificate(certA, known, a)).toMatchObject({ valid: true });
    expect(verifyCertificate(certA, known, b)).toEqual({ valid: false, reason: `issued for lead ${a.leadId}` });
    expect(verifyCertificate(certA, known, { phone: b.phone })).toEqual({ valid: false, reason: 'issued for another phone' });
    expect(verifyCertificate(certA, known, { email: b.email })).toEqual({ valid: false, reason: 'issued for another email' });
    expect(verifyCertificate({ ...certB, signature: certA.signature }, known)).toEqual({ valid: false, reason: 'bad signature' });
  });

  it('cannot be guessed: an unknown or malformed id is not found, and ids differ in 128 random bits', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', '1', "'; select 1 --", 'A'.repeat(64)]) {
      const res = await read(s.app, encodeURIComponent(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
    const ids = await Promise.all([0, 1, 2].map(async () => issue((await makeLead()).leadId)));
    expect(new Set(ids).size).toBe(3);
  });

  it("is checked over HTTP by docs/delivery.md's few lines of verifier, with nothing but Node", async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'delivery.md'), 'utf8');
    const snippet = /## Consent certificates[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(snippet).toContain("createPublicKey({ key: jwk, format: 'jwk' })");
    const file = join(tmpdir(), `claimflow-verify-${process.pid}-${kind}.mjs`);
    writeFileSync(file, snippet ?? '');
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    const id = await issue((await makeLead()).leadId);
    const { stdout } = await promisify(execFile)(process.execPath, [file, `http://127.0.0.1:${port}/certificates/${id}`]).finally(() => rmSync(file));
    expect(stdout).toContain(`certificateId: '${id}'`);
    expect(stdout).not.toContain('NOT valid');
  });

  it('lists its public keys at /.well-known/claimflow-keys for anyone to fetch', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/.well-known/claimflow-keys' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const { keys: listed } = res.json<PublicKeys>();
    expect(listed).toEqual(keys.keys);
    expect(listed).toEqual([{ keyId: keys.signer.keyId, jwk: { kty: 'OKP', crv: 'Ed25519', x: listed[0]?.jwk.x } }]);
    expect(listed[0]?.jwk.x).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('the certificate page and its URL', () => {
  let s: TestServer;
  let dist: Awaited<ReturnType<typeof makeTestDist>>;
  beforeAll(async () => {
    dist = await makeTestDist();
    s = await makeTestServer({ config: { staticDir: dist.dir } });
  }, STARTUP_MS);
  afterAll(async () => {
    await s.close();
    await dist.remove();
  });

  it("is the web app's page for a browser, whatever the id, and JSON for anything else", async () => {
    const page = await s.app.inject({
      method: 'GET',
      url: '/certificates/AAAAAAAAAAAAAAAAAAAAAA',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const json = await s.app.inject({ method: 'GET', url: '/certificates/AAAAAAAAAAAAAAAAAAAAAA', headers: { accept: '*/*' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ error: 'not_found' });
    expect(json.headers['x-robots-tag']).toBe('noindex');
  });

  it('is the public origin followed by /certificates/{id}', () => {
    expect(certificateUrl('https://claims.example.com', 'abc_DEF-123')).toBe('https://claims.example.com/certificates/abc_DEF-123');
    expect(certificateUrl('https://claims.example.com/', 'abc')).toBe('https://claims.example.com/certificates/abc');
  });
});
