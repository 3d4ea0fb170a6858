// The funnels the app serves: every JSON file in flows/ (checked at build time), looked up by route.
import type { Flow } from '../engine/types.ts';

const modules = import.meta.glob<{ default: Flow }>('@flows/*.json', { eager: true });

export const flows: Flow[] = Object.values(modules).map((m) => m.default);

export function flowForRoute(pathname: string): Flow | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return flows.find((flow) => flow.routes.includes(path));
}
