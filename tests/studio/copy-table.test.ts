// The studio's copy table: every key a flow names with its English and Spanish text, resolved as the app resolves it
// (the flow's namespace, then common); keys missing in a language, and keys of the flow's namespace no funnel names.
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { copyRows } from '../../studio/copy/copy-table.ts';

const flowIn = (id: string, namespace: string, title: string): Flow => ({
  id,
  version: 1,
  routes: [`/${id}`],
  namespace,
  initial: '0',
  answers: {},
  steps: {
    '0': { title, blocks: [{ widget: 'intro', props: { text: 'intro.text', href: '/', points: ['common:intro.free'] } }], nav: { next: 'common:nav.next' } },
  },
  effects: { createLead: { method: 'POST', path: '/leads/create', errors: { default: 'errors:NETWORK_ERROR_TEXT' } } },
});

const catalogues = {
  en: {
    tort: { meta: { title: 'A tort' }, intro: { title: 'Hello', text: 'Some text', old: 'Nobody reads this' }, other: { title: 'Sister' } },
    common: { nav: { next: 'Next' }, intro: { free: 'Free' } },
    errors: { NETWORK_ERROR_TEXT: 'No network' },
  },
  es: {
    tort: { meta: { title: 'Un caso' }, intro: { title: 'Hola', old: 'Nadie lee esto' }, other: { title: 'Hermana' } },
    common: { nav: { next: 'Siguiente' }, intro: { free: 'Gratis' } },
    errors: { NETWORK_ERROR_TEXT: 'Sin red' },
  },
};

describe('copyRows', () => {
  const flow = flowIn('tort', 'tort', 'intro.title');
  const rows = copyRows(flow, catalogues, [flow, flowIn('sister', 'tort', 'other.title')]);
  const row = (key: string) => rows.find((r) => r.key === key);

  it('lists every key the flow names with both texts, from its namespace or common', () => {
    expect(row('intro.title')).toMatchObject({ namespace: 'tort', text: { en: 'Hello', es: 'Hola' }, status: 'ok', usedAt: '/steps/0/title' });
    expect(row('common:nav.next')).toMatchObject({ namespace: 'common', text: { en: 'Next', es: 'Siguiente' }, status: 'ok' });
    expect(row('common:intro.free')?.usedAt).toBe('/steps/0/blocks/0/props/points/0');
    expect(row('errors:NETWORK_ERROR_TEXT')?.text).toEqual({ en: 'No network', es: 'Sin red' });
    expect(row('tort:meta.title')).toMatchObject({ text: { en: 'A tort', es: 'Un caso' }, status: 'ok' });
    expect(row('/')).toBeUndefined();
  });

  it('marks a key missing in a language, and one of the namespace that no funnel of it names as unused', () => {
    expect(row('intro.text')).toMatchObject({ text: { en: 'Some text', es: undefined }, status: 'missing' });
    expect(rows.filter((r) => r.status === 'unused').map((r) => r.key)).toEqual(['intro.old']);
    expect(row('intro.old')?.text).toEqual({ en: 'Nobody reads this', es: 'Nadie lee esto' });
  });
});
