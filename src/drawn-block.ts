// The JSON blocks a page drawn by the server comes with (server/page-html.ts's dataBlock): what its first render drew
// from, read once when the app starts so the browser's first render draws the same.

/** The block's value; none outside a browser, or when the page came without it. */
export function drawnBlock<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  return (JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T | null) ?? undefined;
}
