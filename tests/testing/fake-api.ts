// For the client's tests with a fake fetch: a JSON answer, and the URL a call was made to.

/** An API answer of status with body as JSON. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The URL fetch was called with (a path is read against http://localhost). */
export const urlOf = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
