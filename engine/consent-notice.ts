// Consent notices as the page shows them and the server keeps them: the plain text of a catalogue notice (its link tags
// dropped), the sponsors it names written as a list, and which notices a flow shows beside the button that sends a
// request, so the server takes a consent only with a notice that was on screen next to that button.
import { transitionList } from './transitions.ts';
import type { Flow } from './types.ts';
import type { WidgetDeclarations } from './widget-declaration.ts';

/** The spec's cancel reasons (§3), as a lead that declined a call stores them: copy under common:consent.decline.reasons. */
export const DECLINE_REASONS = ['report', 'noCall', 'info', 'hasLawyer', 'other'] as const;

/** Trans markup such as <terms>Terms of Use</terms> or <1>…</1>, <br/>: the tags go, what they wrap stays. */
export function plainText(marked: string): string {
  return marked.replace(/<\/?[A-Za-z0-9_-]+\s*\/?>/g, '');
}

const AND: Record<string, string> = { en: 'and', es: 'y' };

/** Names as one list in the language: "A", "A and B", "A, B, and C"; in Spanish "A y B", "A, B y C". */
export function listOf(names: readonly string[], locale: string): string {
  const and = AND[locale] ?? AND.en;
  if (names.length <= 2) return names.join(` ${and} `);
  const serial = locale === 'es' ? '' : ',';
  return `${names.slice(0, -1).join(', ')}${serial} ${and} ${names.at(-1)}`;
}

/** A notice's plain text with its {{sponsors}} written in: the very words the page renders through i18next. */
export function noticeText(template: string, sponsors: string): string {
  return plainText(template).replaceAll('{{sponsors}}', sponsors);
}

/** The request path an effect sends to, e.g. "/leads/create" or "/user/tcpa". */
const pathOf = (flow: Flow, effect: string | undefined) => (effect === undefined ? undefined : flow.effects[effect]?.path);

/**
 * The notices each request path of a flow may be sent with: those shown on a step whose Next sends it, or whose Next
 * leads to a step that sends it on entry (the code step records the consent given by the contact step's Send code).
 */
export function noticesByPath(flow: Flow, widgets: WidgetDeclarations): Map<string, Set<string>> {
  const byPath = new Map<string, Set<string>>();
  for (const step of Object.values(flow.steps)) {
    const notices = step.blocks.flatMap((block) => widgets[block.widget]?.notices?.(block.props as never) ?? []);
    if (notices.length === 0) continue;
    for (const transition of transitionList(step.on?.NEXT)) {
      const entered = [transition.target, ...(transition.then ?? []).map((then) => then.target)].flatMap((target) => flow.steps[target ?? '']?.entry ?? []);
      for (const path of [pathOf(flow, transition.effect), ...entered.map((effect) => pathOf(flow, effect))]) {
        if (path === undefined) continue;
        const known = byPath.get(path) ?? new Set<string>();
        for (const notice of notices) known.add(notice);
        byPath.set(path, known);
      }
    }
  }
  return byPath;
}
