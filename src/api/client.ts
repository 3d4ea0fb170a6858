// The only place that calls fetch: JSON requests to the API under /api, failures as ApiError with the API's code.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export const API_BASE = '/api';

export async function callApi<T = unknown>(request: ApiRequest, signal?: AbortSignal): Promise<T> {
  const search = new URLSearchParams(request.query ?? {}).toString();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${request.path}${search ? `?${search}` : ''}`, {
      method: request.method,
      headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw new ApiError(0, 'network', (error as Error).message);
  }
  const payload = (await response.json().catch(() => ({}))) as { error?: unknown; message?: unknown };
  if (!response.ok) {
    const code = typeof payload.error === 'string' ? payload.error : `http_${response.status}`;
    throw new ApiError(response.status, code, typeof payload.message === 'string' ? payload.message : `${response.status} ${response.statusText}`);
  }
  return payload as T;
}
