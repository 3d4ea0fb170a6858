// The requests every funnel builds are ones the API accepts: each body checked against its schema in schemas/api, and
// each consent against the notices the funnel shows beside the button that sent it (the API's own check), also after a
// person changed their mind (answers left over from an abandoned locating form).
import { describe, expect, it } from 'vitest';
import campLejeuneSchema from '../../schemas/api/leads-create-camp-lejeune.request.schema.json' with { type: 'json' };
import leadsCreateCalcSchema from '../../schemas/api/leads-create-calc.request.schema.json' with { type: 'json' };
import leadsCreateSchema from '../../schemas/api/leads-create.request.schema.json' with { type: 'json' };
import updateTimeSchema from '../../schemas/api/leads-update-time.request.schema.json' with { type: 'json' };
import updateSchema from '../../schemas/api/leads-update.request.schema.json' with { type: 'json' };
import tcpaSchema from '../../schemas/api/user-tcpa.request.schema.json' with { type: 'json' };
import { replay } from '../../engine/replay.ts';
import type { FlowEvent } from '../../engine/types.ts';
import {
  NEXT,
  acmeLaw,
  allFlows,
  answer,
  austin,
  consentRefusal,
  goodVin,
  loadFlow,
  okEffects,
  requestOf,
  requestsOf,
  shown,
  validContact,
} from '../testing/flows.ts';
import { shownText } from '../testing/lead-bodies.ts';
import { schemaErrors } from '../testing/schema-errors.ts';

const input = { locale: 'es', meta: { pageUrl: 'https://claimflow.test/x', gclid: 'G1', visit: 'v1', businessUserToken: 'biz-7' } };
const contact: FlowEvent[] = [answer(validContact), shown('common:consent.notice.sms.code', [], 'es'), NEXT, answer({ code: '1234' }), NEXT];
/** The notice beside the button that sends the lead, naming the sponsor who may call, in Spanish. */
const calls = (family: string) => shown(`common:consent.notice.${family}.calls`, [acmeLaw], 'es');

/** Locating answers after a change of mind: another form was half filled before the one finished. */
const changedMind = {
  'VIN, after a half-typed case ID and map': {
    locateBy: 'vin',
    vin: goodVin,
    caseID: '  ',
    vehicleYear: 20,
    vehicleMake: 'FO',
    location: { lat: 1, lng: 2 },
    date: '2026-03-14',
    place: austin,
  },
  'case ID, after a half-typed VIN': { locateBy: 'case', vin: '1HG', caseID: 'TX-2026-0042', date: '2026-03-14', place: austin },
  'map, after a half-typed VIN, no address found': {
    locateBy: 'map',
    vin: '1HG',
    caseID: '  ',
    location: { lat: 30.27, lng: -97.74 },
    place: null,
    vehicleMake: 'FORD',
    vehicleYear: 2019,
    date: '2026-03-14',
  },
};

describe.each(['attorney', 'truck', 'medical'])('%s requests', (id) => {
  const flow = loadFlow(id);
  it.each(Object.entries(changedMind))('are accepted when located by %s', async (_what, locating) => {
    const events = [NEXT, answer({ fault: false, commercial: false }), NEXT, NEXT, answer(locating), NEXT, ...contact, calls('request'), NEXT];
    const run = await replay(flow, events, { effects: okEffects, input });
    expect(run.step).toBe('4');
    expect(schemaErrors(tcpaSchema, requestOf(run, 'saveConsent').body)).toEqual([]);
    expect(consentRefusal(flow, requestOf(run, 'saveConsent'))).toBeUndefined();
    const body = requestOf(run, 'createLead').body as { extraDetails: { accidentDetails: Record<string, unknown> } };
    expect(schemaErrors(leadsCreateSchema, body)).toEqual([]);
    expect(consentRefusal(flow, requestOf(run, 'createLead'))).toBeUndefined();
    // Only the chosen way's own fields are sent.
    const sent = Object.keys(body.extraDetails.accidentDetails);
    const by = locating.locateBy;
    expect(sent.includes('vin')).toBe(by === 'vin');
    expect(sent.includes('caseID')).toBe(by === 'case');
    expect(['location', 'vehicleMake', 'vehicleYear'].map((f) => sent.includes(f))).toEqual([by === 'map', by === 'map', by === 'map']);
  });

  it('sends a confirmation the API accepts', async () => {
    const effects = { ...okEffects, createLead: () => ({ resultIds: [41, 42] }) };
    const confirm = id === 'attorney' ? answer({ accidentReason: 'Hit from behind.' }) : answer({ preferredCallTime: '1pm - 2pm' });
    const events = [
      NEXT,
      answer({ fault: true, commercial: true }),
      NEXT,
      NEXT,
      answer(changedMind['case ID, after a half-typed VIN']),
      NEXT,
      ...contact,
      calls('request'),
      NEXT,
      confirm,
      NEXT,
    ];
    const run = await replay(flow, events, { effects, input });
    const updates = id === 'attorney' ? requestsOf(run, 'updateLead') : requestsOf(run, 'updateCallTime');
    expect(updates.length).toBeGreaterThan(0);
    for (const update of updates) expect(schemaErrors(id === 'attorney' ? updateSchema : updateTimeSchema, update.body)).toEqual([]);
  });
});

describe("Camp Lejeune and workers' compensation requests", () => {
  it.each([true, false])('are accepted with a consult answer of %s', async (consult) => {
    // A Yes is sent beside the notice naming who may call; a No (with its reason) beside the one that says no one will.
    const notice = consult ? calls('lead') : shown('common:consent.notice.lead.none', [], 'es');
    const declineReason = consult ? {} : { declineReason: 'hasLawyer' };
    const camp = loadFlow('camp-lejeune');
    const campRun = await replay(
      camp,
      [NEXT, answer({ q1: true, q2: false, q3: false }), NEXT, ...contact, answer({ legalConsult: consult, ...declineReason }), notice, NEXT],
      { effects: okEffects, input },
    );
    expect(schemaErrors(campLejeuneSchema, requestOf(campRun, 'createLead').body)).toEqual([]);
    expect(consentRefusal(camp, requestOf(campRun, 'createLead'))).toBeUndefined();
    // The business partner whose link brought the visitor is credited, as in every funnel.
    expect(requestOf(campRun, 'createLead').body).toMatchObject({ businessUserToken: 'biz-7', ...declineReason });

    const wc = loadFlow('workers-comp');
    const consent = consult ? { legalConsult: true, noLawyer: true, injured: true } : { legalConsult: false, ...declineReason };
    const wcRun = await replay(wc, [NEXT, answer({ damage: 'Other', date: '2026-02-03', place: austin }), NEXT, ...contact, answer(consent), notice, NEXT], {
      effects: okEffects,
      input,
    });
    expect(schemaErrors(tcpaSchema, requestOf(wcRun, 'saveConsent').body)).toEqual([]);
    expect(consentRefusal(wc, requestOf(wcRun, 'saveConsent'))).toBeUndefined();
    expect(schemaErrors(leadsCreateSchema, requestOf(wcRun, 'createLead').body)).toEqual([]);
    expect(consentRefusal(wc, requestOf(wcRun, 'createLead'))).toBeUndefined();
    expect(requestOf(wcRun, 'createLead').body).toMatchObject(declineReason);
  });
});

describe('the calculator and alert requests', () => {
  it.each([
    ['calculator', 'lead', { fault: false, commercial: false }],
    ['notify-me', 'alert', { locateBy: 'vin', vin: goodVin, date: '2026-03-14', place: austin }],
  ])('%s: are accepted after a No with no service wanted, and after a Yes with a sponsor named', async (id, family, first) => {
    const flow = loadFlow(id);
    const upTo =
      id === 'calculator'
        ? [NEXT, answer(first), NEXT, NEXT, ...contact]
        : [NEXT, answer(first), NEXT, ...contact.slice(0, 1), shown('common:consent.notice.sms.alerts', [], 'es'), ...contact.slice(2)];
    const no = [
      answer({ legalConsult: false, declineReason: 'noCall' }),
      NEXT,
      answer({ leadTypes: { notInterested: true } }),
      shown(`common:consent.notice.${family}.none`, [], 'es'),
      NEXT,
    ];
    const yes = [
      answer({ legalConsult: true, noLawyer: true, injured: true }),
      ...(id === 'calculator' ? [] : [NEXT, answer({ leadTypes: { __CALawyer: 'AM' } })]),
      calls(family),
      NEXT,
    ];
    for (const choices of [no, yes]) {
      const run = await replay(flow, [...upTo, ...choices], { effects: okEffects, input });
      const lead = requestOf(run, 'createLead');
      expect(schemaErrors(id === 'calculator' ? leadsCreateCalcSchema : leadsCreateSchema, lead.body)).toEqual([]);
      expect(consentRefusal(flow, lead)).toBeUndefined();
      expect(schemaErrors(tcpaSchema, requestOf(run, 'saveConsent').body)).toEqual([]);
      expect(consentRefusal(flow, requestOf(run, 'saveConsent'))).toBeUndefined();
    }
  });
});

describe('the consent at the code step (POST /user/tcpa)', () => {
  it.each(allFlows().map((flow) => [flow.id, flow] as const))(
    'names the notice shown beside Send code, the language, funnel and page it was given on in %s',
    (_id, flow) => {
      // Each funnel's code step is its own number of steps in: its effect's body is what every one of them sends.
      const body = flow.effects.saveConsent?.body as Record<string, unknown> | undefined;
      expect(body?.consent).toEqual({
        key: { var: 'answers.notice.key' },
        text: { var: 'answers.notice.text' },
        locale: { var: 'locale' },
        flowId: { var: 'flow.id' },
        flowVersion: { var: 'flow.version' },
        pageUrl: { var: 'meta.pageUrl' },
      });
      // The notice is the contact step's, above Send code: the alert funnels' also agrees to the alert's texts.
      const contact = Object.values(flow.steps)
        .flatMap((step) => step.blocks)
        .find((b) => b.widget === 'contact' && b.props?.stage === 'details');
      expect(contact?.props?.notice).toBe(
        ['notify-me', 'find-my-report'].includes(flow.id) ? 'common:consent.notice.sms.alerts' : 'common:consent.notice.sms.code',
      );
      expect(flow.answers.notice).toBeNull();
    },
  );

  it('is sent in the language the funnel is shown in, with the words shown, and the API accepts it', async () => {
    const flow = loadFlow('calculator');
    const events = [
      NEXT,
      answer({ fault: false, commercial: false }),
      NEXT,
      answer({ injuries: 1, earnings: 1, medical: 1, pain: 1 }),
      NEXT,
      answer(validContact),
      shown('common:consent.notice.sms.code', [], 'es'),
      NEXT,
    ];
    const run = await replay(flow, events, { effects: okEffects, input });
    const consent = requestOf(run, 'saveConsent');
    expect(consent.body).toMatchObject({
      consent: {
        key: 'common:consent.notice.sms.code',
        text: shownText('common:consent.notice.sms.code', 'es'),
        locale: 'es',
        flowId: 'calculator',
        flowVersion: 1,
        pageUrl: 'https://claimflow.test/x',
      },
    });
    expect((consent.body as { consent: { text: string } }).consent.text).toMatch(/^Al tocar Enviar código, usted acepta/);
    expect(schemaErrors(tcpaSchema, consent.body)).toEqual([]);
    expect(consentRefusal(flow, consent)).toBeUndefined();
    // Words the page did not show, or a notice shown beside another button, are refused.
    const other = { ...consent, body: { ...(consent.body as object), consent: { ...(consent.body as { consent: object }).consent, text: 'I agree.' } } };
    expect(consentRefusal(flow, other)).toMatch(/consent\.text/);
    const elsewhere = {
      ...consent,
      body: {
        ...(consent.body as object),
        consent: {
          ...(consent.body as { consent: object }).consent,
          key: 'common:consent.notice.lead.none',
          text: shownText('common:consent.notice.lead.none', 'es'),
        },
      },
    };
    expect(consentRefusal(flow, elsewhere)).toMatch(/consent\.key/);
  });
});
