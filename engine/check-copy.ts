// The copy a flow shows, checked in both languages: every key it names (a catalogue that is missing reported once, not
// per key), the title the home page and menu name the funnel by, and that each consent notice names the button the
// visitor presses to agree (the TCPA and TrustedForm's verify read it for that), shown on every step whose button sends
// a consent.
import { LANGUAGES } from './languages.ts';
import { transitionList } from './transitions.ts';
import type { Catalogues, Problem } from './check.ts';
import { copyPlace } from './copy-keys.ts';
import { escape, isOperation } from './logic.ts';
import type { Flow } from './types.ts';
import type { WidgetDeclarations } from './widget-declaration.ts';

function lookup(tree: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

/** The text of a copy key in a language, looked up as the app does (its namespace, else the flow's, then common). */
export function copyText(key: string, namespace: string, catalogues: Catalogues, lang: string): string | undefined {
  const { namespaces, path } = copyPlace(key, namespace);
  for (const ns of namespaces) {
    const text = lookup(catalogues[lang]?.[ns], path);
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/**
 * A key's problems in each language: missing, or, when the catalogue it would be in is missing, that once (`reported`
 * keeps the catalogues already named).
 */
export function missingCopy(key: string, namespace: string, catalogues: Catalogues, reported: Set<string>): string[] {
  return LANGUAGES.flatMap((lang) => {
    if (copyText(key, namespace, catalogues, lang) !== undefined) return [];
    const own = copyPlace(key, namespace).namespaces[0] as string;
    if (catalogues[lang]?.[own] !== undefined) return [`copy key "${key}" is missing in ${lang}`];
    const file = `locales/${lang}/${own}.json`;
    if (reported.has(file)) return [];
    reported.add(file);
    return [`copy catalogue ${file} is missing`];
  });
}

/** The funnel's title (meta.title in its namespace), which the home page and the menu link it by. */
export function titleProblems(flow: Flow, catalogues: Catalogues): Problem[] {
  return LANGUAGES.filter(
    (lang) => catalogues[lang]?.[flow.namespace] !== undefined && copyText('meta.title', flow.namespace, catalogues, lang) === undefined,
  ).map((lang) => ({ pointer: '/namespace', message: `copy key "meta.title" is missing in ${lang}: the home page and the menu name the funnel by it` }));
}

/** The copy keys a Next button can show: its key, or each result of an "if" choosing one. */
function buttonKeys(next: unknown): string[] {
  if (typeof next === 'string') return [next];
  if (!isOperation(next) || !('if' in next)) return [];
  const args = [next.if].flat();
  return args.filter((_, i) => i % 2 === 1 || i === args.length - 1).flatMap(buttonKeys);
}

/** Whether an effect sends a consent: its body has a `consent` object. */
const sendsConsent = (flow: Flow, effect: string | undefined) => {
  const body = effect === undefined ? undefined : flow.effects[effect]?.body;
  return body !== null && typeof body === 'object' && 'consent' in body;
};

/**
 * A step whose Next sends a consent (its effect's, or the entry effect of the step it leads to) shows a consent notice,
 * and each consent notice of a step names the button its step's Next shows, as the visitor reads it.
 */
export function consentProblems(flow: Flow, catalogues: Catalogues, widgets: WidgetDeclarations): Problem[] {
  const problems: Problem[] = [];
  for (const [id, step] of Object.entries(flow.steps)) {
    const shown = step.blocks.some((block) => (widgets[block.widget]?.notices?.(block.props as never) ?? []).length > 0);
    const consenting = transitionList(step.on?.NEXT).some((t) =>
      [t.effect, ...[t.target, ...(t.then ?? []).map((then) => then.target)].flatMap((target) => flow.steps[target ?? '']?.entry ?? [])].some((effect) =>
        sendsConsent(flow, effect),
      ),
    );
    if (consenting && !shown) {
      problems.push({
        pointer: `/steps/${escape(id)}`,
        message: 'its Next sends a consent, but the step shows no consent notice beside it: what would the consent record hold?',
      });
    }
    const buttons = buttonKeys(step.nav?.next);
    step.blocks.forEach((block, i) => {
      for (const notice of widgets[block.widget]?.notices?.(block.props as never) ?? []) {
        for (const lang of LANGUAGES) {
          const text = copyText(notice, flow.namespace, catalogues, lang)?.replace(/<\/?[A-Za-z0-9_-]+\s*\/?>/g, '');
          for (const button of buttons) {
            const label = copyText(button, flow.namespace, catalogues, lang);
            if (text === undefined || label === undefined || text.includes(label)) continue;
            problems.push({
              pointer: `/steps/${escape(id)}/blocks/${i}`,
              message: `the consent notice "${notice}" does not name the button the visitor presses, "${label}" (${lang})`,
            });
          }
        }
      }
    });
  }
  return problems;
}
