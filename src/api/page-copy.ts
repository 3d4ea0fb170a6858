// The copy a funnel route's page comes with: its first screen's catalogues in a JSON block (scripts/route-pages.ts),
// read instead of fetched (src/api/catalogues.ts).

/** id of the page's JSON block: catalogues by language, then namespace. */
export const PAGE_COPY_ID = 'claimflow-copy';

type PageCopy = Record<string, Record<string, Record<string, unknown>> | undefined>;
let pageCopy: PageCopy | undefined;

/** A catalogue the page came with, if it did (the block is read once). */
export function pageCatalogue(language: string, namespace: string): Record<string, unknown> | undefined {
  pageCopy ??= JSON.parse(document.getElementById(PAGE_COPY_ID)?.textContent ?? '{}') as PageCopy;
  return pageCopy[language]?.[namespace];
}
