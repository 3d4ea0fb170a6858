// The copy a funnel route's page names: its first screen's catalogues in one file (scripts/route-pages.ts), fetched
// once, from the preload the page's loader started with its code (server/page-code.ts), instead of one per catalogue
// (src/api/catalogues.ts).
import { PAGE_CODE_ID, type PageCode } from '../../engine/site-pages.ts';

type PageCopy = Record<string, Record<string, Record<string, unknown>> | undefined>;
let pageCopy: Promise<PageCopy> | undefined;

/** The file the page names; none when it names none or it could not be had (each catalogue is then fetched alone). */
async function fetchPageCopy(): Promise<PageCopy> {
  const code = JSON.parse(document.getElementById(PAGE_CODE_ID)?.textContent ?? '{}') as Partial<PageCode>;
  if (code.copy === undefined) return {};
  try {
    const response = await fetch(code.copy);
    return response.ok ? ((await response.json()) as PageCopy) : {};
  } catch {
    return {};
  }
}

/** A catalogue the page's copy holds, if it does. */
export async function pageCatalogue(language: string, namespace: string): Promise<Record<string, unknown> | undefined> {
  pageCopy ??= fetchPageCopy();
  return (await pageCopy)[language]?.[namespace];
}
