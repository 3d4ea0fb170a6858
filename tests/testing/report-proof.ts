// Proving involvement in a report through POST /api/reports/:id/proof, as the report page does, and reading it back
// with the cookie the proof sets.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface ProofBody {
  vin?: string;
  caseId?: string;
  token?: string;
  lastName?: string;
}

/** The name=value pairs of a response's Set-Cookie headers, by path. */
export function cookiesByPath(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.path ?? '/', `${c.name}=${c.value}`]));
}

/** POST /api/reports/:id/proof from ip. */
export function prove(app: FastifyInstance, id: string, body: ProofBody, ip = '203.0.113.9'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/reports/${id}/proof`, payload: body as Record<string, string>, remoteAddress: ip });
}

/** Proves with both facts and answers the Cookie header the browser then sends to the report's API read (or its PDF). */
export async function provedCookie(app: FastifyInstance, id: string, body: ProofBody, ip?: string, route: 'api' | 'pdf' = 'api'): Promise<string> {
  const res = await prove(app, id, body, ip);
  if (res.statusCode !== 200 || !res.json<{ proved: boolean }>().proved) throw new Error(`not proved: ${res.statusCode} ${res.body}`);
  const cookie = cookiesByPath(res)[route === 'api' ? `/api/reports/${id}` : `/pdf/${id}`];
  if (!cookie) throw new Error('no proof cookie for the report');
  return cookie;
}
