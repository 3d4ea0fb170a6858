import { cleanup } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import widgetList from '../../schemas/widgets.json';
import { registry } from '../../widgets/registry.ts';
import { i18n, LANGS, missingKeys } from '../testing/i18n.ts';
import { fakeGeo } from '../testing/fake-geo.ts';
import { renderWidget } from '../testing/render-widget.tsx';
import { allFlows } from '../testing/flows.ts';

const flows = allFlows();

describe('widget registry', () => {
  it('has exactly the widgets named in schemas/widgets.json', () => {
    expect(Object.keys(registry).sort()).toEqual(Object.keys(widgetList.widgets).sort());
  });

  it('has a widget for every block of every flow', () => {
    for (const flow of flows) {
      for (const step of Object.values(flow.steps)) {
        for (const block of step.blocks) expect(registry, `${flow.id}: ${block.widget}`).toHaveProperty([block.widget]);
      }
    }
  });

  it('notices a missing key (so the next test means something)', () => {
    missingKeys.clear();
    i18n.t('common:no.such.key');
    expect(missingKeys).toContain('common:no.such.key');
  });

  it.each(LANGS)('renders every block of every flow in %s without a missing common or errors key', (lng) => {
    missingKeys.clear();
    for (const flow of flows) {
      for (const step of Object.values(flow.steps)) {
        for (const block of step.blocks) {
          const Widget = registry[block.widget]!;
          renderWidget(Widget as never, {
            props: block.props ?? {},
            answers: flow.answers,
            computed: { level: 3 },
            ns: flow.namespace,
            lng,
            geo: fakeGeo(),
          });
          cleanup();
        }
      }
    }
    expect([...missingKeys].filter((k) => /^(common|errors):/.test(k))).toEqual([]);
  });
});
