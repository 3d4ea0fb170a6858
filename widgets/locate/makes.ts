// The vehicle maker list (§3), fetched as its own chunk only when the map form needs it, and its search.
import { useEffect, useState } from 'react';

let loading: Promise<string[]> | null = null;

function loadMakes(): Promise<string[]> {
  loading ??= import('./vehicle-makes.json').then((module) => module.default);
  return loading;
}

/** The list, or null while it loads. */
export function useMakes(): string[] | null {
  const [makes, setMakes] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadMakes().then((list) => {
      if (live) setMakes(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return makes;
}

/** Makes matching typed text: those starting with it first, then those containing it; all when nothing is typed. */
export function filterMakes(makes: readonly string[], query: string): string[] {
  const q = query.trim().toUpperCase();
  if (q === '') return [...makes];
  const starts = makes.filter((m) => m.startsWith(q));
  const contains = makes.filter((m) => !m.startsWith(q) && m.includes(q));
  return [...starts, ...contains];
}

/** The make written exactly (any case), so typing a full name counts as choosing it. */
export function exactMake(makes: readonly string[] | null, text: string): string | null {
  const q = text.trim().toUpperCase();
  return makes?.find((m) => m === q) ?? null;
}
