// Validates a flow: the JSON Schema (ajv strict), then the semantic rules the schema cannot say.
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import flowSchema from '../schemas/flow.schema.json' with { type: 'json' };
import widgetList from '../schemas/widgets.json' with { type: 'json' };
import { consentProblems, missingCopy, titleProblems } from './check-copy.ts';
import { LANGUAGES } from './languages.ts';
import { isCopyKey } from './copy-keys.ts';
import { requestProblems, type ApiSchemas } from './check-requests.ts';
import { experimentProblems } from './experiment.ts';
import { escape, isOperation, operationsIn, varPath } from './logic.ts';
import { transitionList } from './transitions.ts';
import type { Flow } from './types.ts';
import type { WidgetDeclarations } from './widget-declaration.ts';

export interface Problem {
  pointer: string;
  message: string;
}

/** Catalogues by language, then namespace: { en: { common: {...}, <flow namespace>: {...} }, es: {...} }. */
export type Catalogues = Record<string, Record<string, unknown>>;

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validateSchema = ajv.compile<Flow>(flowSchema);

const ROOTS_ANY = new Set(['query', 'meta']);
/** What a prefill may read: the visit, known before any answer. */
const VISIT_ROOTS = new Set(['query', 'meta', 'locale']);

/** What the checks may also read: the API's request schemas, and the widgets' declarations (their consent notices). */
export interface CheckWith {
  api?: ApiSchemas;
  widgets?: WidgetDeclarations;
}

/** A flow's problems; with the API's schemas and the widgets' declarations, also requests and notices. */
export function checkFlow(flow: unknown, catalogues: Catalogues, { api, widgets }: CheckWith = {}): Problem[] {
  if (!validateSchema(flow)) {
    return schemaProblems(validateSchema.errors);
  }
  return [
    ...semanticProblems(flow, catalogues),
    ...experimentProblems(flow),
    ...titleProblems(flow, catalogues),
    ...(widgets ? consentProblems(flow, catalogues, widgets) : []),
    ...(api ? requestProblems(flow, api) : []),
  ];
}

/** ajv's errors as problems; an "if" error only says its "then" failed, which has errors of its own (a widget's props). */
export function schemaProblems(errors: ErrorObject[] | null | undefined): Problem[] {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({
      pointer: e.instancePath || '/',
      message: e.keyword === 'additionalProperties' ? `unknown property "${String(e.params.additionalProperty)}"` : (e.message ?? 'is invalid'),
    }));
}

function semanticProblems(flow: Flow, catalogues: Catalogues): Problem[] {
  const problems: Problem[] = [];
  const add = (pointer: string, message: string) => problems.push({ pointer, message });
  const steps = flow.steps;
  const stepPointer = (id: string) => `/steps/${escape(id)}`;

  if (!(flow.initial in steps)) add('/initial', `targets unknown step "${flow.initial}"`);

  const checkVars = (value: unknown, pointer: string, itemKnown = false) => {
    for (const { op, args, pointer: at } of operationsIn(value, pointer)) {
      if (op !== 'var') continue;
      const path = varPath(args);
      if (typeof path !== 'string') continue;
      const [root, field] = path.split('.');
      const known =
        (root === 'answers' && field !== undefined && field in flow.answers) ||
        (root === 'computed' && field !== undefined && field in (flow.computed ?? {})) ||
        (root === 'results' && field !== undefined && field in flow.effects) ||
        (root !== undefined && ROOTS_ANY.has(root) && field !== undefined) ||
        path === 'locale' ||
        (path === 'item' && itemKnown) ||
        path === 'flow.id' ||
        path === 'flow.version' ||
        path === 'flow.variant';
      if (!known) add(at, `reads unknown field "${path}"`);
    }
  };
  // The funnel's own catalogue missing is one problem at its namespace, not one per key.
  const catalogueProblems = new Set<string>();
  for (const lang of LANGUAGES) {
    const file = `locales/${lang}/${flow.namespace}.json`;
    if (catalogues[lang]?.[flow.namespace] === undefined) add('/namespace', `copy catalogue ${file} is missing`);
    catalogueProblems.add(file);
  }
  const checkCopy = (value: unknown, pointer: string) => {
    if (typeof value === 'string') {
      if (isCopyKey(value)) for (const problem of missingCopy(value, flow.namespace, catalogues, catalogueProblems)) add(pointer, problem);
    } else if (isOperation(value) && 'var' in value) {
      // A field path read by an expression, not copy.
    } else if (Array.isArray(value)) value.forEach((v, i) => checkCopy(v, `${pointer}/${i}`));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) checkCopy(v, `${pointer}/${escape(k)}`);
    }
  };
  const checkEffect = (name: string, pointer: string) => {
    if (!(name in flow.effects)) add(pointer, `runs unknown effect "${name}"`);
  };

  for (const [field, template] of Object.entries(flow.prefill ?? {})) {
    const at = `/prefill/${escape(field)}`;
    if (!(field in flow.answers)) add(at, `prefills unknown answer "${field}"`);
    // Read when the funnel starts: only the visit is there yet.
    for (const { op, args, pointer } of operationsIn(template, at)) {
      const root = op === 'var' ? varPath(args)?.split('.')[0] : undefined;
      if (root !== undefined && !VISIT_ROOTS.has(root)) add(pointer, `reads "${String(varPath(args))}" before the funnel has it (only query, meta and locale)`);
    }
  }
  for (const [name, logic] of Object.entries(flow.computed ?? {})) checkVars(logic, `/computed/${escape(name)}`);
  for (const [name, effect] of Object.entries(flow.effects)) {
    // `item` is the current element of an effect's `each` list, so only such an effect may read it.
    checkVars(effect, `/effects/${escape(name)}`, effect.each !== undefined);
    checkCopy(effect.errors ?? {}, `/effects/${escape(name)}/errors`);
  }

  const edges = new Map<string, Set<string>>();
  for (const [id, step] of Object.entries(steps)) {
    const at = stepPointer(id);
    const out = new Set<string>();
    edges.set(id, out);
    if (step.title) checkCopy(step.title, `${at}/title`);
    if (step.nav) {
      checkCopy(step.nav, `${at}/nav`);
      checkVars(step.nav, `${at}/nav`);
    }
    (step.entry ?? []).forEach((name, i) => checkEffect(name, `${at}/entry/${i}`));
    step.blocks.forEach((block, i) => {
      const bp = `${at}/blocks/${i}`;
      const widget = WIDGETS[block.widget];
      if (!widget) add(`${bp}/widget`, `unknown widget "${block.widget}" (known widgets: ${Object.keys(WIDGETS).sort().join(', ')})`);
      for (const field of widget?.answers ?? []) {
        if (!(field in flow.answers)) add(`${bp}/widget`, `${block.widget} uses the answer "${field}", which /answers does not declare`);
      }
      for (const path of widget?.answerProps ?? []) {
        for (const { pointer, value } of pointersIn(block.props ?? {}, path)) {
          if (typeof value !== 'string' || !(value in flow.answers)) add(`${bp}/props${pointer}`, `names unknown answer "${String(value)}"`);
        }
      }
      for (const [path, shown] of Object.entries(widget?.computedProps ?? {})) {
        for (const { pointer, value } of pointersIn(block.props ?? {}, path)) {
          const logic = typeof value === 'string' ? flow.computed?.[value] : undefined;
          if (logic === undefined) {
            add(`${bp}/props${pointer}`, `names unknown computed value "${String(value)}"`);
            continue;
          }
          for (const outside of valuesOutside(logic, shown, `/computed/${escape(String(value))}`)) {
            add(outside.pointer, `gives ${JSON.stringify(outside.value)}, which ${block.widget} (${bp}) cannot show: ${outside.message}`);
          }
        }
      }
      checkCopy(block.props ?? {}, `${bp}/props`);
      checkVars(block.when, `${bp}/when`);
    });
    for (const [event, spec] of Object.entries(step.on ?? {})) {
      transitionList(spec).forEach((t, i) => {
        const tp = Array.isArray(spec) ? `${at}/on/${event}/${i}` : `${at}/on/${event}`;
        const targets = [t.target, ...(t.then ?? []).map((th) => th.target)];
        for (const target of targets) {
          if (target === undefined) continue;
          if (target in steps) out.add(target);
          else add(tp, `targets unknown step "${target}"`);
        }
        checkVars(t.guard, `${tp}/guard`);
        (t.then ?? []).forEach((th, j) => checkVars(th.guard, `${tp}/then/${j}/guard`));
        if (t.effect) checkEffect(t.effect, `${tp}/effect`);
        (t.clear ?? []).forEach((f, j) => {
          if (!(f in flow.answers)) add(`${tp}/clear/${j}`, `clears unknown field "${f}"`);
        });
      });
    }
    if (!step.final && [...out].every((target) => target === id)) add(at, 'is a dead end: no transition leads out of it');
  }

  const reached = new Set<string>();
  const queue = flow.initial in steps ? [flow.initial] : [];
  while (queue.length) {
    const id = queue.shift() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(edges.get(id) ?? []));
  }
  for (const id of Object.keys(steps)) if (!reached.has(id)) add(stepPointer(id), 'is unreachable from the initial step');

  return problems;
}

interface WidgetFields {
  answers?: string[];
  answerProps?: string[];
  computedProps?: Record<string, object>;
}

const WIDGETS = widgetList.widgets as Record<string, WidgetFields>;

/** The values an expression can give when it is a constant, or an "if" whose every result is (else none are known). */
function constantsOf(logic: unknown, pointer: string): { value: unknown; pointer: string }[] | undefined {
  if (logic === null || typeof logic !== 'object') return [{ value: logic, pointer }];
  if (!isOperation(logic) || !('if' in logic || '?:' in logic)) return undefined;
  const op = 'if' in logic ? 'if' : '?:';
  const args = [logic[op]].flat();
  const results = args.map((arg, i) => ({ arg, i })).filter(({ i }) => i % 2 === 1 || i === args.length - 1);
  const found = results.map(({ arg, i }) => constantsOf(arg, `${pointer}/${escape(op)}/${i}`));
  return found.every((values) => values !== undefined) ? found.flat() : undefined;
}

/** The constants an expression gives that a widget's schema of the values it shows refuses. */
function valuesOutside(logic: unknown, shown: object, pointer: string): { value: unknown; pointer: string; message: string }[] {
  const validate = ajv.compile(shown);
  return (constantsOf(logic, pointer) ?? []).flatMap(({ value, pointer: at }) =>
    validate(value) ? [] : [{ value, pointer: at, message: (validate.errors ?? []).map((e) => e.message).join(', ') }],
  );
}

// The values at a JSON pointer pattern ("*" matches every array item), with their concrete pointers.
function pointersIn(value: unknown, pattern: string): { pointer: string; value: unknown }[] {
  let found = [{ pointer: '', value }];
  for (const part of pattern.split('/').slice(1)) {
    found = found.flatMap(({ pointer, value: node }) => {
      if (part === '*') return Array.isArray(node) ? node.map((item: unknown, i) => ({ pointer: `${pointer}/${i}`, value: item })) : [];
      if (node && typeof node === 'object' && part in node) return [{ pointer: `${pointer}/${part}`, value: (node as Record<string, unknown>)[part] }];
      return [];
    });
  }
  return found;
}
