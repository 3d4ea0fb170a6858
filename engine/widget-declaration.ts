// What a widget tells the flow language about itself (widgets/<widget>/declaration.ts): the props a block may give it,
// the answers it writes, the computed values it shows, and when its step's Next may be pressed.
import type { Logic } from './types.ts';

/** A JSON Schema (draft 2020-12), as data. */
export type JsonSchema = Record<string, unknown>;

export interface WidgetDeclaration<P = Record<string, unknown>> {
  /** One line on what it shows, for the schema and the studio. */
  description: string;
  /** The block's props: ajv strict rejects any other prop, so a misspelled one fails flows:check. */
  props: JsonSchema;
  /** Answer fields it always writes. */
  answers?: string[];
  /** JSON pointers into its props ("*" for every item) whose values name answer fields. */
  answerProps?: string[];
  /** JSON pointers into its props whose values name computed values, each with the schema of the values it can show. */
  computedProps?: Record<string, JsonSchema>;
  /**
   * When the person may press Next on a step showing it, from its props: JSON Logic over the funnel's data (undefined:
   * whenever). Flows do not repeat it: the expansion of a flow adds it to the guard of its step's NEXT transitions.
   */
  ready?: (props: P) => Logic;
  /**
   * Why Next is disabled while `ready` fails, said next to it: a copy key, or JSON Logic giving one from the funnel's
   * data. A key without a namespace is looked up in the flow's namespace, then in common, so a funnel may say it its way.
   */
  notReady?: (props: P) => Logic;
  /** The consent notices it shows, from its props (copy keys): each must name the button of its step's Next. */
  notices?: (props: P) => string[];
}

/** The declarations by widget name, as flow files name them. */
export type WidgetDeclarations = Record<string, WidgetDeclaration<never>>;

/** What a disabled Next says when none of its step's widgets is the reason (a guard the flow sets itself). */
export const NOT_READY_DEFAULT = 'notReady.default';

/** The answer field `name` of the funnel: {"var": "answers.<name>"}. */
export const answer = (name: string): Logic => ({ var: `answers.${name}` });

/** Every rule given, as one (an "and" of several, none when there is none). */
export function allOf(rules: Logic[]): Logic {
  const given = rules.filter((rule) => rule !== undefined);
  return given.length <= 1 ? given[0] : { and: given };
}
