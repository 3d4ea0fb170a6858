// Checks a ClaimFlow consent certificate offline, with only the public keys:
//   npx tsx scripts/verify-certificate.ts <certificate> <keys> [--lead <id>] [--phone <E.164>] [--email <address>]
// <certificate> is GET /certificates/{id}'s JSON and <keys> is /.well-known/claimflow-keys, each a file or an http(s) URL.
// Prints the certificate and exits 0 when it is valid (and the given lead's), else says why and exits 1.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { verifyCertificate, type Certificate, type PublicKeys } from '../server/certificates/verify-certificate.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { lead: { type: 'string' }, phone: { type: 'string' }, email: { type: 'string' } },
});
const [certificateAt, keysAt] = positionals;
if (!certificateAt || !keysAt) {
  process.stderr.write('usage: verify-certificate.ts <certificate file or URL> <keys file or URL> [--lead id] [--phone e164] [--email address]\n');
  process.exit(2);
}

const read = async <T>(at: string): Promise<T> =>
  JSON.parse(/^https?:\/\//.test(at) ? await (await fetch(at, { headers: { accept: 'application/json' } })).text() : await readFile(at, 'utf8')) as T;

const verdict = verifyCertificate(await read<Certificate>(certificateAt), await read<PublicKeys>(keysAt), {
  leadId: values.lead === undefined ? undefined : Number(values.lead),
  phone: values.phone,
  email: values.email,
});
if (verdict.valid) process.stdout.write(`valid\n${JSON.stringify(verdict.payload, null, 2)}\n`);
else process.stdout.write(`NOT valid: ${verdict.reason}\n`);
process.exit(verdict.valid ? 0 : 1);
