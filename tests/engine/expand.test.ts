import { describe, expect, it } from 'vitest';
import { checkFlow, type Catalogues } from '../../engine/check.ts';
import { expandFlowFile, type SourceFile } from '../../engine/expand.ts';
import type { Flow, Step } from '../../engine/types.ts';
import { declarations } from '../../widgets/declarations.ts';

const copy = { t: { title: 'Title', next: 'Next', yes: 'Yes?' }, meta: { title: 'Demo' } };
const catalogues: Catalogues = { en: { demo: copy, a: copy, b: copy, common: {} }, es: { demo: copy, a: copy, b: copy, common: {} } };

/** A part: a yes/no question step whose Next goes to the step given. */
const question: SourceFile = {
  file: 'flows/parts/question.json',
  json: {
    description: 'One question.',
    params: { next: { description: 'After it.', type: 'string' }, label: { description: 'Its copy.', default: 't.{next}' } },
    answers: { ok: null },
    steps: {
      '1': {
        blocks: [{ widget: 'questions', props: { fields: [{ name: 'ok', kind: 'yesno', label: '{label}' }] } }],
        on: { NEXT: { target: '{next}' }, BACK: { target: '0' } },
      },
    },
  },
};

const flowFile = (json: Record<string, unknown>): SourceFile => ({
  file: 'flows/demo.json',
  json: {
    id: 'demo',
    version: 1,
    routes: ['/demo'],
    namespace: 'demo',
    initial: '0',
    use: [{ part: 'question', next: '2', label: 't.yes' }],
    steps: {
      '0': { title: 't.title', blocks: [{ widget: 'intro', props: { text: 't.title' } }], on: { NEXT: { target: '1' } } },
      '2': { final: true, blocks: [{ widget: 'intro', props: { text: 't.title' } }] },
    },
    effects: {},
    ...json,
  },
});

const expand = (file: SourceFile, parts: Record<string, SourceFile | null> = { question }) => expandFlowFile(file, parts, declarations);
/** The funnels a file defines, typed. */
const funnels = (file: SourceFile) => expand(file).flows.map(({ flow }) => flow as unknown as Flow & Record<string, unknown>);
/** A file's own JSON, to change. */
const own = (file: SourceFile) => file.json as { answers: Record<string, unknown>; steps: Record<string, Step> };

/** Every problem of a file, its own and its funnels', at the file and pointer written: `<file> <pointer>: <message>`. */
function problems(file: SourceFile, parts?: Record<string, SourceFile | null>): string[] {
  const { flows, problems: own } = expand(file, parts);
  const found = flows.flatMap(({ flow, origin }) => checkFlow(flow, catalogues).map((p) => ({ ...origin(p.pointer), message: p.message })));
  return [...own, ...found].map((p) => `${p.file} ${p.pointer || '/'}: ${p.message}`);
}

describe('a flow file expanded', () => {
  it('lays in its parts with their parameters, adds the widgets’ readiness to Next, and is a valid funnel', () => {
    expect(expand(flowFile({})).problems).toEqual([]);
    const [flow] = funnels(flowFile({}));
    expect(flow?.answers).toEqual({ ok: null });
    expect(flow?.steps['1']?.blocks[0]?.props).toEqual({ fields: [{ name: 'ok', kind: 'yesno', label: 't.yes' }] });
    // The question must be answered before Next: the questions widget says so, the part does not.
    expect(flow?.steps['1']?.on?.NEXT).toEqual({ target: '2', guard: { '!==': [{ var: 'answers.ok' }, null] } });
    expect(checkFlow(flow, catalogues)).toEqual([]);
    expect(Object.keys(flow ?? {})).toEqual(['id', 'version', 'routes', 'namespace', 'initial', 'answers', 'steps', 'effects']);
  });

  it('fills a default from the parameters given, and a widget’s default props', () => {
    const file = flowFile({ use: [{ part: 'question', next: 'yes' }] });
    expect(funnels(file)[0]?.steps['1']?.blocks[0]?.props).toEqual({ fields: [{ name: 'ok', kind: 'yesno', label: 't.yes' }] });
    const withGauge = flowFile({ computed: { level: 2 } });
    own(withGauge).steps['2']?.blocks.push({ widget: 'case-value', props: { level: 'level', factors: [] } });
    expect(funnels(withGauge)[0]?.steps['2']?.blocks[1]?.props).toMatchObject({ percents: [12, 36, 75, 95] });
  });

  it('makes one funnel per variant, each with its own id, routes, namespace and the values that name them', () => {
    const file = flowFile({
      id: undefined,
      routes: undefined,
      namespace: undefined,
      variants: [
        { id: 'a', routes: ['/a'], namespace: 'a', source: 'alpha' },
        { id: 'b', routes: ['/b'], namespace: 'b' },
      ],
      effects: { createLead: { method: 'POST', path: '/leads/create', body: { source: '{flow.source}', note: 'from {flow.id}' } } },
    });
    const flows = funnels(file);
    expect(flows.map((f) => [f.id, f.routes, f.namespace, f.effects.createLead?.body])).toEqual([
      ['a', ['/a'], 'a', { source: 'alpha', note: 'from a' }],
      ['b', ['/b'], 'b', { source: 'b', note: 'from b' }],
    ]);
    expect(flows.every((f) => !('source' in f) && !('variants' in f) && !('use' in f))).toBe(true);
  });

  it('reports each problem where its author wrote it: the flow, the use of a part, or the part', () => {
    // A part's transition to a step the flow does not have (the step given to it): at the transition, in the part.
    expect(problems(flowFile({ use: [{ part: 'question', next: '9' }] }))).toContain('flows/parts/question.json /steps/1/on/NEXT: targets unknown step "9"');
    // A value given to a part that is wrong where the part puts it: at the value given, in the flow file.
    expect(problems(flowFile({ use: [{ part: 'question', next: '2', label: 't.nope' }] }))).toContain(
      'flows/demo.json /use/0/label: copy key "t.nope" is missing in en',
    );
    // A flow's own step that leads nowhere: in the flow file.
    expect(problems(flowFile({ use: [{ part: 'question', next: '0' }] }))).toContain('flows/demo.json /steps/2: is unreachable from the initial step');
    // A misspelled prop in the part: in the part file, naming the prop.
    const typo = { ...question, json: JSON.parse(JSON.stringify(question.json).replace('"label":"{label}"', '"lable":"{label}"')) as unknown };
    expect(problems(flowFile({}), { question: typo })).toContain('flows/parts/question.json /steps/1/blocks/0/props/fields/0: unknown property "lable"');
  });

  it('reports an unknown part, an unknown or missing parameter, a part that uses itself and a value nothing fills in', () => {
    expect(problems(flowFile({ use: [{ part: 'questoin', next: '2' }] }))).toContain('flows/demo.json /use/0/part: unknown part "questoin" (parts: question)');
    expect(problems(flowFile({ use: [{ part: 'question', next: '2', nxt: '2' }] }))).toContain(
      'flows/demo.json /use/0/nxt: part "question" has no parameter "nxt" (its parameters: next, label)',
    );
    expect(problems(flowFile({ use: [{ part: 'question' }] }))).toContain('flows/demo.json /use/0: part "question" needs the parameter "next"');
    expect(problems(flowFile({ use: [{ part: 'question', next: 2 }] }))).toContain(
      'flows/demo.json /use/0/next: must be string (parameter "next" of part "question")',
    );
    const loop: SourceFile = { file: 'flows/parts/loop.json', json: { description: 'Loops.', use: [{ part: 'loop' }] } };
    expect(problems(flowFile({ use: [{ part: 'loop' }] }), { loop })).toContain('flows/parts/loop.json /use/0/part: part "loop" uses itself (loop → loop)');
    expect(problems(flowFile({ effects: { createLead: { method: 'POST', path: '/leads/create', body: { s: '{flow.sauce}' } } } }))).toContain(
      'flows/demo.json /effects/createLead/body/s: nothing fills in "{flow.sauce}" (no such parameter or flow value)',
    );
  });

  it('reports a guard that repeats what its widget already requires before Next', () => {
    const file = flowFile({ use: [] });
    own(file).answers = { ok: null };
    own(file).steps['1'] = {
      blocks: [{ widget: 'questions', props: { fields: [{ name: 'ok', kind: 'yesno', label: 't.yes' }] } }],
      on: { NEXT: { target: '2', guard: { '!==': [{ var: 'answers.ok' }, null] } } },
    };
    expect(problems(file)).toEqual(['flows/demo.json /steps/1/on/NEXT/guard: repeats a rule its widget already sets for Next: leave it out']);
  });

  it('says why a Next its widgets hold back is disabled, unless the flow says it; its copy is checked', () => {
    const file = flowFile({ use: [] });
    own(file).answers = { ok: null };
    const step = (nav: Step['nav']): Step => ({
      blocks: [{ widget: 'questions', props: { fields: [{ name: 'ok', kind: 'yesno', label: 't.yes' }] } }],
      nav,
      on: { NEXT: { target: '2' }, BACK: { target: '0' } },
    });
    own(file).steps['1'] = step({ next: 't.next' });
    const ok = { '!==': [{ var: 'answers.ok' }, null] };
    expect(funnels(file)[0]?.steps['1']?.nav).toEqual({ next: 't.next', notReady: { if: [{ '!': [ok] }, 'notReady.questions', 'notReady.default'] } });
    // Looked up in the flow's namespace, then common: neither has it here.
    expect(problems(file)).toEqual([
      'flows/demo.json /steps/1/nav: copy key "notReady.questions" is missing in en',
      'flows/demo.json /steps/1/nav: copy key "notReady.questions" is missing in es',
      'flows/demo.json /steps/1/nav: copy key "notReady.default" is missing in en',
      'flows/demo.json /steps/1/nav: copy key "notReady.default" is missing in es',
    ]);
    own(file).steps['1'] = step({ next: 't.next', notReady: 't.title' });
    expect(funnels(file)[0]?.steps['1']?.nav?.notReady).toBe('t.title');
    expect(problems(file)).toEqual([]);
    // A Next nothing holds back says nothing.
    expect(funnels(file)[0]?.steps['0']?.nav).toBeUndefined();
  });
});
