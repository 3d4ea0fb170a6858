// The names of the landing's query a flow reads: what of a funnel's address can change what it draws. A name it does
// not read (an ad's utm_source, gclid) leaves its first screen as the build drew it (src/main.tsx hydrates it).
import { operationsIn, varPath } from './logic.ts';
import type { Flow } from './types.ts';

/** The query's names the flow reads ({"var": "query.vin"}), or undefined when it reads the query whole. */
export function queryNamesOf(flow: Flow): string[] | undefined {
  const names = new Set<string>();
  for (const { op, args } of operationsIn(flow)) {
    const path = op === 'var' ? varPath(args) : undefined;
    if (path === 'query') return undefined;
    if (path?.startsWith('query.')) names.add(path.slice('query.'.length).split('.')[0] as string);
  }
  return [...names].sort();
}
