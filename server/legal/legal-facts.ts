// What the legal pages state (issue 34), made from what the product does, so the pages cannot drift from it: the
// operator and the retention periods as configured, what each funnel's requests send (read from its effects' bodies),
// the sponsors each funnel's requests may be routed to (engine/route-lead.ts's rule: a service of theirs the request
// asks for), and who sends the texts. GET /api/legal serves it; the app's legal pages word it in each language.
import type { FromSchema } from 'json-schema-to-ts';
import type { Sponsor } from '../../engine/route-lead.ts';
import type { Flow } from '../../engine/types.ts';
import type legalResponse from '../../schemas/api/legal.response.schema.json';
import type { Config } from '../config.ts';
import { phoneForPeople } from '../phone.ts';

export type LegalFacts = FromSchema<typeof legalResponse>;
type Funnel = LegalFacts['funnels'][number];
type Kind = Funnel['collects'][number]['kind'];

/**
 * The kind of each field a request may send or the server records, by its key: the answer's name (`answers.<key>`,
 * `answers.place.<key>`) or the visit's (`meta.<key>`). tests/server/legal-facts.test.ts checks that every field of the
 * funnels is named here and has its words in every language; one that is not is listed as technical.
 */
export const FIELD_KINDS: Record<Kind, readonly string[]> = {
  contact: ['name', 'email', 'phone'],
  accident: [
    'date',
    'state',
    'zip',
    'city',
    'address',
    'location',
    'locateBy',
    'vin',
    'caseID',
    'vehicleMake',
    'vehicleYear',
    'commercial',
    'fault',
    'accidentReason',
  ],
  health: ['injured', 'injuries', 'damage', 'medical', 'pain', 'earnings', 'q1', 'q2', 'q3'],
  choices: ['leadTypes', 'legalConsult', 'declineReason', 'preferredCallTime'],
  technical: ['pageUrl', 'gclid', 'ip', 'userAgent'],
};
const KIND_ORDER = Object.keys(FIELD_KINDS) as Kind[];
const kindOf = (field: string): Kind => KIND_ORDER.find((kind) => FIELD_KINDS[kind].includes(field)) ?? 'technical';

/** What the server records of every request besides its body: the address and browser it came from. */
const RECORDED = ['ip', 'userAgent'];
/** Parts of a body that are not the visitor's data: the code checked once, the consent's own wording, the business user's link. */
const NOT_DATA = new Set(['code', 'notice', 'businessUserToken', 'route']);

/** The keys of the fields a funnel's requests send: every `answers.…` and `meta.…` its effects' bodies read. */
export function fieldsOf(flow: Flow): string[] {
  const fields = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'var' && typeof inner === 'string') {
          const [scope, first, second] = inner.split('.');
          const field = first === 'place' ? second : first;
          if ((scope === 'answers' || scope === 'meta') && field !== undefined && !NOT_DATA.has(field)) fields.add(field);
        } else walk(inner);
      }
    }
  };
  for (const effect of Object.values(flow.effects)) walk(effect.body);
  return [...fields];
}

/** The lead types a funnel's requests name as constants (`"lead_type": "WorkComp"`). */
function constantLeadTypes(flow: Flow): string[] {
  return Object.values(flow.effects).flatMap((effect) => {
    const leadType = (effect.body as { lead_type?: unknown } | undefined)?.lead_type;
    return typeof leadType === 'string' ? [leadType] : [];
  });
}

/**
 * The sponsors a funnel's requests may be routed to: those with a service the requests may ask for (the flow's id, its
 * constant lead types, or, when the visitor picks lead types, any lead type). Whether a request reaches one also takes
 * its filter and the consent naming it, which the pages say in words.
 */
function sponsorsOf(flow: Flow, fields: readonly string[], sponsors: readonly Sponsor[], flowIds: ReadonlySet<string>): string[] {
  const asks = new Set([flow.id, ...constantLeadTypes(flow)]);
  const picksLeadTypes = fields.includes('leadTypes');
  return sponsors.filter((sponsor) => sponsor.services.some((service) => asks.has(service) || (picksLeadTypes && !flowIds.has(service)))).map((s) => s.name);
}

export function legalFacts(config: Config, flows: readonly Flow[], sponsors: readonly Sponsor[]): LegalFacts {
  const active = sponsors.filter((sponsor) => sponsor.active);
  const flowIds = new Set(flows.map((flow) => flow.id));
  const categories = [...new Set(active.map((sponsor) => sponsor.category))];
  return {
    operator: { ...config.operator, phoneDisplay: phoneForPeople(config.operator.phone), advertisingDisclaimer: config.operator.advertisingDisclaimer ?? null },
    sms: { provider: config.smsProvider === 'twilio' ? 'twilio' : null, alertDays: config.alertDays },
    retention: { ...config.retention },
    recipients: categories.map((category) => ({ category, sponsors: active.filter((s) => s.category === category).map((s) => s.name) })),
    funnels: flows.map((flow) => {
      const fields = fieldsOf(flow);
      const all = [...fields, ...RECORDED];
      return {
        id: flow.id,
        namespace: flow.namespace,
        collects: KIND_ORDER.map((kind) => ({ kind, fields: all.filter((field) => kindOf(field) === kind) })).filter((group) => group.fields.length > 0),
        sponsors: sponsorsOf(flow, fields, active, flowIds),
      };
    }),
  };
}
