// The copy table of a flow: every key it names with its English and Spanish text, keys missing in a language, and
// keys of the flow's own catalogue that nothing names.
import type { Catalogues } from '../../engine/check.ts';
import { copyKeysOf, copyPlace } from '../../engine/copy-keys.ts';
import { LANGUAGES, type Language } from '../../engine/languages.ts';
import type { Flow } from '../../engine/types.ts';

export interface CopyRow {
  key: string;
  /** The namespace the key was found in (in English, else Spanish), or the first it is looked up in. */
  namespace: string;
  /** Where the flow names it (a JSON pointer), or what uses it when the flow does not. */
  usedAt: string;
  text: Record<Language, string | undefined>;
  status: 'ok' | 'missing' | 'unused';
}

/** Keys of a flow's namespace the app reads itself: its title in the menu and as the heading of a step without one. */
const APP_KEYS = ['meta.title'];

const lookup = (tree: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

/** A key's text in a language and the namespace it came from. */
export function copyText(catalogues: Catalogues, lang: string, key: string, namespace: string): { text?: string; ns?: string } {
  const { namespaces, path } = copyPlace(key, namespace);
  for (const ns of namespaces) {
    const text = lookup(catalogues[lang]?.[ns], path);
    if (typeof text === 'string') return { text, ns };
  }
  return {};
}

/** Every leaf key of a catalogue, dotted. */
function leafKeys(tree: unknown, prefix = ''): string[] {
  if (!tree || typeof tree !== 'object') return prefix ? [prefix] : [];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** The rows of a flow's copy; `flows` are every funnel, since funnels may share a namespace (variants of one file). */
export function copyRows(flow: Flow, catalogues: Catalogues, flows: Flow[] = [flow]): CopyRow[] {
  const named = (f: Flow) => [
    ...copyKeysOf(f).map(({ key, pointer }) => ({ key, usedAt: pointer })),
    ...APP_KEYS.map((key) => ({ key: `${f.namespace}:${key}`, usedAt: 'the app (menu, default heading)' })),
  ];
  const rowOf = ({ key, usedAt }: { key: string; usedAt: string }): CopyRow => {
    const found = LANGUAGES.map((lang) => copyText(catalogues, lang, key, flow.namespace));
    const text = { en: found[0]?.text, es: found[1]?.text };
    const namespace = found[0]?.ns ?? found[1]?.ns ?? copyPlace(key, flow.namespace).namespaces[0] ?? flow.namespace;
    return { key, namespace, usedAt, text, status: text.en === undefined || text.es === undefined ? 'missing' : 'ok' };
  };
  const rows = named(flow).map(rowOf);
  // A key of the namespace is used when a funnel of that namespace names it (as it is found in English or Spanish).
  const used = new Set(
    flows
      .filter((f) => f.namespace === flow.namespace)
      .flatMap(named)
      .map(rowOf)
      .filter((r) => r.namespace === flow.namespace)
      .map((r) => copyPlace(r.key, flow.namespace).path.join('.')),
  );
  const own = new Set(LANGUAGES.flatMap((lang) => leafKeys(catalogues[lang]?.[flow.namespace])));
  for (const key of [...own].filter((k) => !used.has(k)).sort()) {
    rows.push({ ...rowOf({ key: `${flow.namespace}:${key}`, usedAt: 'nothing' }), key, status: 'unused' });
  }
  return rows;
}
