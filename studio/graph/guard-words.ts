// A flow's JSON Logic guard in plain English for the graph ("fault and commercial answered"); what it cannot word
// reads as compact JSON Logic.
import { isOperation, varPath } from '../../engine/logic.ts';

/** A condition on one or more fields that share what is said of them ("fault and commercial" + "answered"). */
interface Clause {
  subjects: string[];
  predicate: string;
}

type Words = Clause | { text: string; compound: boolean };

const NEGATIONS: Record<string, string> = {
  answered: 'not answered',
  'not answered': 'answered',
  'filled in': 'not filled in',
  valid: 'not valid',
  done: 'not done',
  'is set': 'is not set',
};

const COMPARISONS: Record<string, string> = { '>': 'is more than', '>=': 'is at least', '<': 'is less than', '<=': 'is at most' };

export function guardWords(logic: unknown): string {
  return textOf(wordsOf(logic));
}

const compact = (logic: unknown) => JSON.stringify(logic);

/** What a field path is called: answers and computed values by their name, an effect's result by the effect's. */
function fieldName(path: string): string {
  const [root, ...rest] = path.split('.');
  if ((root === 'answers' || root === 'computed') && rest.length) return rest.join('.');
  if (root === 'results' && rest.length) return rest.join('.');
  return path;
}

function literal(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null) return 'nothing';
  if (typeof value === 'string') return `“${value}”`;
  if (Array.isArray(value)) return value.map(literal).join(', ');
  return typeof value === 'number' ? String(value) : compact(value);
}

/** A value an operation compares: a field's name, a count of a field, or a literal; undefined for anything else. */
function subjectOf(value: unknown): string | undefined {
  if (isOperation(value) && 'var' in value) {
    const path = varPath(value.var);
    return path === undefined ? undefined : fieldName(path);
  }
  if (isOperation(value) && 'count' in value) {
    const inner = subjectOf([value.count].flat()[0]);
    return inner === undefined ? undefined : `number of ${inner}`;
  }
  return undefined;
}

const isLiteral = (value: unknown) => !isOperation(value) && (value === null || typeof value !== 'object' || Array.isArray(value));

function wordsOf(logic: unknown): Words {
  const fallback = { text: compact(logic), compound: false };
  if (!isOperation(logic)) return fallback;
  const op = Object.keys(logic)[0] as string;
  const args = [logic[op]].flat();
  if (op === 'var') {
    const path = varPath(logic.var) ?? '';
    // results.<effect> alone: whether the effect has run.
    if (/^results\.[^.]+$/.test(path)) return { subjects: [fieldName(path)], predicate: 'done' };
    const [, effect, ...rest] = path.split('.');
    if (path.startsWith('results.')) return { subjects: [effect as string], predicate: `gave ${rest.join('.')}` };
    return { subjects: [fieldName(path)], predicate: 'is set' };
  }
  if (op === '!!') return wordsOf(args[0]);
  if (op === '!') return negated(wordsOf(args[0]));
  if (op === 'and' || op === 'or') return joined(op, args.map(wordsOf));
  if (op === 'valid' && typeof args[0] === 'string') {
    const subject = subjectOf(args[1]);
    if (subject !== undefined) return { subjects: [subject], predicate: args[0] === 'required' ? 'filled in' : 'valid' };
  }
  if (op === 'in' && args.length === 2) {
    const [needle, haystack] = args;
    const subject = subjectOf(needle);
    if (subject !== undefined && Array.isArray(haystack)) return { subjects: [subject], predicate: `is one of ${literal(haystack)}` };
    const container = subjectOf(haystack);
    if (container !== undefined && isLiteral(needle)) return { subjects: [container], predicate: `contains ${literal(needle)}` };
  }
  if (args.length === 2 && ['==', '===', '!=', '!==', ...Object.keys(COMPARISONS)].includes(op)) {
    // A field compared with a value, whichever side it is written on.
    const [left, right] = args;
    const subject = subjectOf(left) ?? subjectOf(right);
    const value = subjectOf(left) === undefined ? left : right;
    if (subject === undefined || !isLiteral(value)) return fallback;
    const equal = op === '==' || op === '===';
    if (value === null) return { subjects: [subject], predicate: equal ? 'not answered' : 'answered' };
    const verb = equal ? 'is' : op === '!=' || op === '!==' ? 'is not' : (COMPARISONS[op] as string);
    return { subjects: [subject], predicate: `${verb} ${literal(value)}` };
  }
  return fallback;
}

function negated(words: Words): Words {
  if ('predicate' in words) {
    const opposite = NEGATIONS[words.predicate] ?? (words.predicate.startsWith('gave ') ? words.predicate.replace('gave ', 'gave no ') : undefined);
    if (opposite) return { subjects: words.subjects, predicate: opposite };
  }
  return { text: `not (${textOf(words)})`, compound: false };
}

/** An "and" says each shared predicate once ("fault and commercial answered"); an "or" lists its alternatives. */
function joined(op: 'and' | 'or', parts: Words[]): Words {
  const groups: Words[] = [];
  for (const part of parts) {
    const same = op === 'and' && 'predicate' in part ? groups.find((g): g is Clause => 'predicate' in g && g.predicate === part.predicate) : undefined;
    if (same && 'predicate' in part) same.subjects.push(...part.subjects);
    else groups.push('predicate' in part ? { subjects: [...part.subjects], predicate: part.predicate } : part);
  }
  if (groups.length === 1) return groups[0] as Words;
  // A compound part of another kind ("a or b" within an "and") is bracketed.
  const texts = groups.map((g) => ('compound' in g && g.compound ? `(${g.text})` : textOf(g)));
  return { text: op === 'and' ? list(texts, 'and') : texts.join(' or '), compound: true };
}

function list(items: string[], conjunction: string): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] as string}`;
}

function textOf(words: Words): string {
  if (!('predicate' in words)) return words.text;
  const plural = words.subjects.length > 1 && words.predicate.startsWith('is ');
  return `${list(words.subjects, 'and')} ${plural ? words.predicate.replace(/^is /, 'are ') : words.predicate}`;
}
