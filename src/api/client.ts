// The only place that calls fetch: JSON requests to the API under /api, each with the browser's time zone, failures as
// ApiError with the API's code. A request the API answers with a proof-of-work challenge (428) goes again, solved.
import { isChallenge, solvedHeader } from './proof-of-work.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds the API asked us to wait (429 Retry-After). */
    readonly retryAfter?: number,
    /** Where the API sends the person after the message (a commercial user: the business sign-up page). */
    readonly redirect?: string,
    /** The request's field the API names (a validation error, a proof fact that is not the report's). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Where path starts: API_BASE, or '' for a route outside /api that answers JSON too (/certificates/{id}). */
  base?: string;
}

export const API_BASE = '/api';

/**
 * The browser's IANA zone, sent as the Time-Zone header (as GitHub's API takes it) with the lead API's requests only:
 * it schedules calls in it when the lead names no ZIP or state. No other route reads it, and the first
 * Intl.DateTimeFormat of a page cost 188 ms of a funnel's first screen at 4x CPU, on its first request (POST /visits).
 */
const browserZone = (path: string): string | undefined =>
  (path.startsWith('/leads/') ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined) || undefined;

/**
 * A file (a report's PDF) the server answers at path, outside /api; failures as ApiError with the status and the wait a
 * 503 or 429 names (Retry-After).
 */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', signal });
  } catch (error) {
    throw new ApiError(0, 'network', (error as Error).message);
  }
  if (!response.ok)
    throw new ApiError(response.status, `http_${response.status}`, response.statusText, Number(response.headers.get('retry-after')) || undefined);
  return response.blob();
}

export async function callApi<T = unknown>(request: ApiRequest, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<T> {
  const search = new URLSearchParams(request.query ?? {}).toString();
  const zone = browserZone(request.path);
  const sent = { ...(zone && { 'time-zone': zone }), ...request.headers, ...headers };
  let response: Response;
  try {
    response = await fetch(`${request.base ?? API_BASE}${request.path}${search ? `?${search}` : ''}`, {
      method: request.method,
      headers: request.body === undefined ? sent : { 'content-type': 'application/json', ...sent },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw new ApiError(0, 'network', (error as Error).message);
  }
  const payload = (await response.json().catch(() => ({}))) as {
    error?: unknown;
    message?: unknown;
    retryAfter?: unknown;
    redirect?: unknown;
    field?: unknown;
    challenge?: unknown;
  };
  if (response.status === 428 && isChallenge(payload.challenge) && headers['x-altcha'] === undefined) {
    const solved = await solvedHeader(payload.challenge, signal);
    if (solved) return callApi(request, signal, { ...headers, 'x-altcha': solved });
  }
  if (!response.ok) {
    const code = typeof payload.error === 'string' ? payload.error : `http_${response.status}`;
    // The header, else the body's retryAfter (the API's own limits answer 429 { error, retryAfter } in seconds).
    const retryAfter = Number(response.headers.get('retry-after')) || (typeof payload.retryAfter === 'number' ? payload.retryAfter : undefined);
    const message = typeof payload.message === 'string' ? payload.message : `${response.status} ${response.statusText}`;
    // Only an http(s) URL is followed: the answer names where to go, never what to run.
    const redirect = typeof payload.redirect === 'string' && /^https?:\/\//i.test(payload.redirect) ? payload.redirect : undefined;
    throw new ApiError(response.status, code, message, retryAfter, redirect, typeof payload.field === 'string' ? payload.field : undefined);
  }
  return payload as T;
}
