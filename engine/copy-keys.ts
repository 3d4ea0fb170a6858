// The copy keys a flow names (titles, buttons, widget props, effect errors) and where each resolves in the catalogues.
import { escape, isOperation } from './logic.ts';
import type { Flow } from './types.ts';

/** A string that names copy: a dotted path, optionally with a namespace ("intro.title", "common:nav.next"). */
const COPY_KEY = /^(?:([a-z][a-z0-9-]*):)?([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)$/;

export const isCopyKey = (s: string) => COPY_KEY.test(s) && (s.includes('.') || s.includes(':'));

/** Every copy key in a value (JSON Logic `var` paths are fields, not copy), with its JSON pointer. */
export function* copyKeysIn(value: unknown, pointer = ''): Generator<{ key: string; pointer: string }> {
  if (typeof value === 'string') {
    if (isCopyKey(value)) yield { key: value, pointer };
  } else if (isOperation(value) && 'var' in value) {
    return;
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* copyKeysIn(item, `${pointer}/${i}`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* copyKeysIn(item, `${pointer}/${escape(key)}`);
  }
}

/** The copy keys of a flow, each once, with the first place it is named. */
export function copyKeysOf(flow: Flow): { key: string; pointer: string }[] {
  const found = new Map<string, string>();
  const add = (value: unknown, pointer: string) => {
    for (const { key, pointer: at } of copyKeysIn(value, pointer)) if (!found.has(key)) found.set(key, at);
  };
  for (const [id, step] of Object.entries(flow.steps)) {
    const at = `/steps/${escape(id)}`;
    add(step.title, `${at}/title`);
    add(step.nav, `${at}/nav`);
    step.blocks.forEach((block, i) => add(block.props, `${at}/blocks/${i}/props`));
  }
  for (const [name, effect] of Object.entries(flow.effects)) add(effect.errors, `/effects/${escape(name)}/errors`);
  return [...found].map(([key, pointer]) => ({ key, pointer }));
}

/** The namespaces a key is looked up in, in order, and its path within them: its own, else the flow's then common. */
export function copyPlace(key: string, namespace: string): { namespaces: string[]; path: string[] } {
  const match = COPY_KEY.exec(key);
  const ns = match?.[1];
  return { namespaces: ns ? [ns] : [namespace, 'common'], path: (match?.[2] ?? key).split('.') };
}
