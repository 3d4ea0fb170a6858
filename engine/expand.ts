// Expands a flow file into the funnels it defines: its parts (flows/parts/*.json) laid in with their parameters filled,
// its variants made, widgets' default props and readiness rules added. Pure (the caller reads the files); every value
// of a funnel keeps where its author wrote it, so a problem is reported in the flow or part file, never the expansion.
import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import fileSchema from '../schemas/flow-file.schema.json' with { type: 'json' };
import partSchema from '../schemas/flow-part.schema.json' with { type: 'json' };
import flowSchema from '../schemas/flow.schema.json' with { type: 'json' };
import { schemaProblems } from './check.ts';
import { escape } from './logic.ts';
import { transitionList } from './transitions.ts';
import type { Logic, Step, Transition } from './types.ts';
import { allOf, NOT_READY_DEFAULT, type WidgetDeclarations } from './widget-declaration.ts';

/** A parsed JSON file: flows/<file>.json or flows/parts/<part>.json, as the problems name it. */
export interface SourceFile {
  file: string;
  json: unknown;
}

/** Where an author wrote a value. */
export interface Origin {
  file: string;
  pointer: string;
}

export interface FileProblem extends Origin {
  message: string;
}

export interface ExpandedFlow {
  flow: Record<string, unknown>;
  /** Where the value at a pointer of the funnel was written (or the nearest value above it that was). */
  origin: (pointer: string) => Origin;
}

type Json = Record<string, unknown>;
/** A value with where each of its nodes was written, by pointer relative to the value. */
interface Traced {
  value: unknown;
  origins: Map<string, Origin>;
}

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addSchema(partSchema).addSchema(flowSchema);
const validateFile = ajv.compile(fileSchema);
const validatePart = ajv.compile(partSchema);
const defaults = new Ajv2020({ strict: false, useDefaults: true });
/**
 * A part's parameter schemas compiled once each, by their JSON: ajv keeps what it compiled by schema object, and each
 * expansion makes a new object of a parameter's schema, which ajv compiled and kept anew every time (at every app start,
 * and again for each app a test built).
 */
const parameterValidators = new Map<string, ValidateFunction>();
function parameterValidator(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = parameterValidators.get(key);
  if (!validate) parameterValidators.set(key, (validate = ajv.compile(schema)));
  return validate;
}

const FLOW_KEYS = Object.keys(flowSchema.properties);
/** What a flow file says that is not in the funnels it defines. */
const FILE_ONLY = ['$schema', 'description', 'use', 'variants', 'source'];
/** A parameter as a whole value ("{next}"), spread in an array ("...{before}"), or in a text ("{prefix}.title"). */
const WHOLE = /^\{([A-Za-z][A-Za-z0-9_]*)\}$/;
const SPREAD = /^\.\.\.\{([A-Za-z][A-Za-z0-9_]*)\}$/;
const INSIDE = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
/** The funnel's own values a flow or part may name ("{flow.id}"), filled in once its variant is made. */
const FLOW_VALUE = /\{flow\.([a-z]+)\}/g;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

/** Every node of a value as written at `origin`, by pointer under `at`. */
function trace(value: unknown, origin: Origin, at = '', into = new Map<string, Origin>()): Map<string, Origin> {
  into.set(at, origin);
  if (Array.isArray(value) || isObject(value)) {
    for (const [key, child] of Object.entries(value))
      trace(child, { file: origin.file, pointer: `${origin.pointer}/${escape(key)}` }, `${at}/${escape(key)}`, into);
  }
  return into;
}

/** Copies the origins under `from` of one map to under `to` of another (after removing what was there). */
function graft(into: Map<string, Origin>, to: string, from: Map<string, Origin>, fromAt = '') {
  for (const key of [...into.keys()]) if (key === to || key.startsWith(`${to}/`)) into.delete(key);
  for (const [key, origin] of from) if (key === fromAt || key.startsWith(`${fromAt}/`)) into.set(to + key.slice(fromAt.length), origin);
}

/** Lays `add` over `into`: objects merge key by key, anything else replaces. */
function merge(into: Traced, add: Traced) {
  const lay = (base: Json, over: Json, at: string) => {
    for (const [key, value] of Object.entries(over)) {
      const p = `${at}/${escape(key)}`;
      if (isObject(base[key]) && isObject(value)) lay(base[key], value, p);
      else {
        base[key] = clone(value);
        graft(into.origins, p, add.origins, p);
      }
    }
  };
  lay(into.value as Json, add.value as Json, '');
}

/** Where a pointer's value was written: its own origin, or the nearest one above it. */
function originOf(origins: Map<string, Origin>, pointer: string): Origin {
  for (let p = pointer === '/' ? '' : pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const found = origins.get(p);
    if (found) return found;
    if (p === '') return { file: '', pointer: '/' };
  }
}

interface Context {
  /** Every part by name; null for one that could not be read (its problem is the reader's). */
  parts: Record<string, SourceFile | null>;
  widgets: WidgetDeclarations;
  problems: FileProblem[];
  used: Set<string>;
}

/** A text with the text (or number) of each parameter it names in braces ("{copy}.title"). */
const interpolate = (text: string, args: Map<string, Traced>) =>
  text.replace(INSIDE, (token, name: string) => {
    const value = args.get(name)?.value;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : token;
  });

/** A part's content with its parameters filled in from `args` (each traced where it was written). */
function instantiate(part: SourceFile, args: Map<string, Traced>): Traced {
  const origins = new Map<string, Origin>();
  const text = (node: string) => interpolate(node, args);
  const walk = (node: unknown, src: string, out: string): unknown => {
    const whole = typeof node === 'string' ? args.get(WHOLE.exec(node)?.[1] ?? '') : undefined;
    if (whole) {
      graft(origins, out, whole.origins, '');
      return clone(whole.value);
    }
    origins.set(out, { file: part.file, pointer: src });
    if (typeof node === 'string') return text(node);
    if (Array.isArray(node)) {
      const items: unknown[] = [];
      node.forEach((item, i) => {
        const spread = typeof item === 'string' ? args.get(SPREAD.exec(item)?.[1] ?? '') : undefined;
        if (!spread || !Array.isArray(spread.value)) items.push(walk(item, `${src}/${i}`, `${out}/${items.length}`));
        else {
          spread.value.forEach((value: unknown, j) => {
            graft(origins, `${out}/${items.length}`, spread.origins, `/${j}`);
            items.push(clone(value));
          });
        }
      });
      return items;
    }
    if (!isObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [text(key), walk(value, `${src}/${escape(key)}`, `${out}/${escape(text(key))}`)]));
  };
  return { value: walk(part.json, '', ''), origins };
}

/** The arguments of a use of a part: those given, then the part's defaults; a problem for any unknown or missing. */
function argumentsOf(use: Json, useAt: Traced, at: string, part: SourceFile, context: Context): Map<string, Traced> {
  const params = ((part.json as Json).params ?? {}) as Record<string, Json>;
  const args = new Map<string, Traced>();
  const where = originOf(useAt.origins, at);
  for (const [name, value] of Object.entries(use)) {
    if (name === 'part') continue;
    const origins = new Map<string, Origin>();
    graft(origins, '', useAt.origins, `${at}/${escape(name)}`);
    const argAt = originOf(useAt.origins, `${at}/${escape(name)}`);
    const param = params[name];
    if (!param) {
      const known = Object.keys(params).join(', ') || 'none';
      context.problems.push({ ...argAt, message: `part "${String(use.part)}" has no parameter "${name}" (its parameters: ${known})` });
      continue;
    }
    const { description: _d, default: _default, ...schema } = param;
    const validate = parameterValidator(schema);
    if (!validate(value))
      context.problems.push({ ...argAt, message: `${validate.errors?.[0]?.message ?? 'is invalid'} (parameter "${name}" of part "${String(use.part)}")` });
    args.set(name, { value, origins });
  }
  for (const [name, param] of Object.entries(params)) {
    if (args.has(name)) continue;
    // A default may name the parameters given ("step{step}.title").
    const value = typeof param.default === 'string' ? interpolate(param.default, args) : param.default;
    if ('default' in param) args.set(name, { value, origins: trace(value, { file: part.file, pointer: `/params/${escape(name)}/default` }) });
    else context.problems.push({ ...where, message: `part "${String(use.part)}" needs the parameter "${name}"` });
  }
  return args;
}

/** A file's sections with the parts it uses laid under them, in order. */
function assemble(source: Traced, context: Context, using: string[]): Traced {
  const result: Traced = { value: {}, origins: new Map([['', originOf(source.origins, '')]]) };
  const own = source.value as Json;
  ((own.use ?? []) as Json[]).forEach((use, i) => {
    const at = `/use/${i}`;
    const name = String(use.part);
    const part = context.parts[name];
    if (part === undefined) {
      const known = Object.keys(context.parts).sort().join(', ') || 'none';
      context.problems.push({ ...originOf(source.origins, `${at}/part`), message: `unknown part "${name}" (parts: ${known})` });
    }
    context.used.add(name);
    if (!part) return;
    if (using.includes(name)) {
      context.problems.push({ ...originOf(source.origins, `${at}/part`), message: `part "${name}" uses itself (${[...using, name].join(' → ')})` });
      return;
    }
    if (!validatePart(part.json)) {
      for (const p of schemaProblems(validatePart.errors)) context.problems.push({ file: part.file, ...p });
      return;
    }
    const args = argumentsOf(use, source, at, part, context);
    merge(result, assemble(instantiate(part, args), context, [...using, name]));
  });
  const sections: Traced = {
    value: Object.fromEntries(Object.entries(own).filter(([key]) => key !== 'use' && key !== 'params' && key !== 'description' && key !== '$schema')),
    origins: source.origins,
  };
  merge(result, sections);
  return result;
}

/** Fills in "{flow.<value>}" (id, version, namespace, source) and reports any "{name}" left, which no parameter filled. */
function fillFlowValues(flow: Traced, context: Context) {
  const own = flow.value as Json;
  const values: Json = { id: own.id, version: own.version, namespace: own.namespace, source: own.source ?? own.id };
  const walk = (node: unknown, at: string): unknown => {
    if (typeof node === 'string') {
      const whole = /^\{flow\.([a-z]+)\}$/.exec(node)?.[1];
      if (whole !== undefined && whole in values) return clone(values[whole]);
      const filled = node.replace(FLOW_VALUE, (text, name: string) => (name in values ? String(values[name]) : text));
      for (const [token] of filled.matchAll(/\{[A-Za-z][\w.]*\}/g)) {
        context.problems.push({ ...originOf(flow.origins, at), message: `nothing fills in "${token}" (no such parameter or flow value)` });
      }
      return filled;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${at}/${i}`));
    if (isObject(node)) return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, `${at}/${escape(key)}`)]));
    return node;
  };
  flow.value = walk(own, '');
}

/**
 * A rule with its constants worked out (a parameter such as call-time's `when` may be plain true): true leaves an
 * "and", false an "or", an "if" on a constant is its branch, and one whose branches are the same is that branch.
 * JSON Logic's and/or give an operand's value, so dropping one that cannot decide the result gives the same value.
 */
function fold(rule: Logic): Logic {
  if (Array.isArray(rule)) return rule.map(fold);
  if (!isObject(rule) || Object.keys(rule).length !== 1) return rule;
  const [op, raw] = Object.entries(rule)[0] as [string, unknown];
  const args = Array.isArray(raw) ? raw.map(fold) : [fold(raw)];
  if (op === 'and' || op === 'or') {
    const decides = op === 'or';
    if (args.includes(decides)) return decides;
    const kept = args.filter((arg) => arg !== !decides);
    return kept.length === 0 ? !decides : kept.length === 1 ? kept[0] : { [op]: kept };
  }
  if (op === '!' && typeof args[0] === 'boolean') return !args[0];
  if (op === 'if' && typeof args[0] === 'boolean' && args.length >= 2) return args[0] ? args[1] : fold({ if: args.slice(2) });
  if (op === 'if' && args.length === 1) return args[0];
  if (op === 'if' && args.length === 3 && JSON.stringify(args[1]) === JSON.stringify(args[2])) return args[1];
  return { [op]: Array.isArray(raw) ? args : args[0] };
}

/** Folds the constants of each step's rules (blocks' `when`, buttons, guards); a block shown when true always is. */
function foldRules(flow: Traced) {
  const steps = ((flow.value as Json).steps ?? {}) as Record<string, Step>;
  const update = (holder: Json, key: string, at: string) => {
    if (!(key in holder)) return;
    const folded = fold(holder[key]);
    if (JSON.stringify(folded) === JSON.stringify(holder[key])) return;
    holder[key] = folded;
    graft(flow.origins, at, new Map([['', originOf(flow.origins, at)]]));
  };
  for (const [id, step] of Object.entries(steps)) {
    const at = `/steps/${escape(id)}`;
    (step.blocks ?? []).forEach((block, i) => {
      update(block as unknown as Json, 'when', `${at}/blocks/${i}/when`);
      if (block.when === true) delete block.when;
    });
    if (step.nav) update(step.nav, 'next', `${at}/nav/next`);
    for (const [event, spec] of Object.entries(step.on ?? {})) {
      transitionList(spec).forEach((t, i) => {
        const tAt = `${at}/on/${event}${Array.isArray(spec) ? `/${i}` : ''}`;
        update(t as unknown as Json, 'guard', `${tAt}/guard`);
        (t.then ?? []).forEach((then, j) => update(then, 'guard', `${tAt}/then/${j}/guard`));
      });
    }
  }
}

/** The default props of each block's widget, filled in where the block leaves them out. */
function fillDefaults(steps: Record<string, Step>, widgets: WidgetDeclarations) {
  for (const step of Object.values(steps)) {
    for (const block of step.blocks ?? []) {
      const props = widgets[block.widget]?.props;
      if (props && isObject(block.props)) defaults.validate(props, block.props);
    }
  }
}

/** The items of an "and" (or the rule itself). */
const itemsOf = (rule: Logic): Logic[] => (isObject(rule) && Object.keys(rule).length === 1 && Array.isArray(rule.and) ? rule.and : [rule]);

/** Each block's readiness (for a block shown only `when`, only then) and why Next waits while it fails. */
function blockReadiness(step: Step, stepAt: string, widgets: WidgetDeclarations): { rule: Logic; reason: Logic; block: string }[] {
  return (step.blocks ?? []).flatMap((block, i) => {
    const widget = widgets[block.widget];
    let rule: Logic;
    let reason: Logic;
    try {
      rule = widget?.ready?.(block.props as never);
      reason = widget?.notReady?.(block.props as never);
    } catch {
      return []; // Props the widget cannot read: the flow's schema reports them.
    }
    if (rule === undefined) return [];
    return [{ rule: block.when === undefined ? rule : { or: [{ '!': [block.when] }, rule] }, reason, block: `${stepAt}/blocks/${i}` }];
  });
}

/**
 * Says why a step's Next is disabled (nav.notReady, unless the flow says it): JSON Logic giving the copy key of the
 * first block whose rule fails, else the default.
 */
function addNotReady(flow: Traced, step: Step, stepAt: string, blocks: { rule: Logic; reason: Logic }[]) {
  const guarded = transitionList(step.on?.NEXT).some((transition) => transition.guard !== undefined);
  if (!guarded || step.nav?.next === undefined || step.nav.notReady !== undefined) return;
  const cases = blocks.filter((block) => block.reason !== undefined).flatMap((block) => [{ '!': [block.rule] }, block.reason]);
  step.nav.notReady = cases.length === 0 ? NOT_READY_DEFAULT : { if: [...cases, NOT_READY_DEFAULT] };
  flow.origins.set(`${stepAt}/nav/notReady`, originOf(flow.origins, `${stepAt}/nav`));
}

/**
 * Adds each step's readiness (its widgets' rules) to its NEXT guards, and what its Next says while they keep it
 * disabled.
 */
function addReadiness(flow: Traced, context: Context) {
  const steps = ((flow.value as Json).steps ?? {}) as Record<string, Step>;
  for (const [id, step] of Object.entries(steps)) {
    const stepAt = `/steps/${escape(id)}`;
    const blocks = blockReadiness(step, stepAt, context.widgets);
    const rules = blocks.flatMap(({ rule, block }) => itemsOf(rule).map((item) => ({ item, block })));
    if (rules.length === 0 || step.on?.NEXT === undefined) {
      addNotReady(flow, step, stepAt, blocks);
      continue;
    }
    const list = transitionList(step.on.NEXT);
    list.forEach((transition: Transition, i) => {
      const at = `${stepAt}/on/NEXT${Array.isArray(step.on?.NEXT) ? `/${i}` : ''}/guard`;
      const own = transition.guard === undefined ? [] : itemsOf(transition.guard);
      const ownAt = own.length === 1 && transition.guard === own[0] ? [at] : own.map((_, j) => `${at}/and/${j}`);
      for (const [j, item] of own.entries()) {
        if (rules.some((rule) => JSON.stringify(rule.item) === JSON.stringify(item))) {
          context.problems.push({ ...originOf(flow.origins, ownAt[j]!), message: 'repeats a rule its widget already sets for Next: leave it out' });
        }
      }
      const items = [...rules.map((rule) => rule.item), ...own];
      const itemAt = (k: number) => (items.length === 1 ? at : `${at}/and/${k}`);
      const saved = new Map(flow.origins);
      transition.guard = allOf(items);
      // The guard where it was written, else its transition; each rule where its block or its own guard wrote it.
      graft(flow.origins, at, new Map([['', originOf(saved, at)]]));
      rules.forEach((rule, k) => flow.origins.set(itemAt(k), originOf(saved, rule.block)));
      own.forEach((_, j) => graft(flow.origins, itemAt(rules.length + j), saved, ownAt[j]));
    });
    addNotReady(flow, step, stepAt, blocks);
  }
}

/**
 * The funnels a flow file defines (one, or one per variant), expanded: parts in the order `use` lists them, then the
 * file's own sections, then the variant's, laid over each other (objects merge key by key, anything else replaces).
 */
export function expandFlowFile(
  source: SourceFile,
  parts: Record<string, SourceFile | null>,
  widgets: WidgetDeclarations,
): { flows: ExpandedFlow[]; problems: FileProblem[]; parts: string[] } {
  const context: Context = { parts, widgets, problems: [], used: new Set() };
  if (!validateFile(source.json)) {
    return { flows: [], problems: schemaProblems(validateFile.errors).map((p) => ({ file: source.file, ...p })), parts: [] };
  }
  const json = source.json as Json;
  const base = assemble({ value: json, origins: trace(json, { file: source.file, pointer: '' }) }, context, []);
  const variants = (json.variants ?? [{}]) as Json[];
  const flows = variants.map((variant, i) => {
    const flow: Traced = { value: clone(base.value), origins: new Map(base.origins) };
    merge(flow, { value: variant, origins: trace(variant, { file: source.file, pointer: `/variants/${i}` }) });
    fillFlowValues(flow, context);
    for (const key of FILE_ONLY) delete (flow.value as Json)[key];
    // The funnel's keys in the order flow.schema.json lists them, whatever order its parts gave them.
    const value = Object.fromEntries(Object.entries(flow.value as Json).sort(([a], [b]) => FLOW_KEYS.indexOf(a) - FLOW_KEYS.indexOf(b)));
    flow.value = value;
    if (isObject(value.steps)) {
      foldRules(flow);
      fillDefaults(value.steps as Record<string, Step>, widgets);
      addReadiness(flow, context);
    }
    return { flow: value, origin: (pointer: string) => originOf(flow.origins, pointer) };
  });
  return { flows, problems: context.problems, parts: [...context.used] };
}
