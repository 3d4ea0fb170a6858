// flows:check on the flow files as authors write them (parts, variants), through readFlowFiles: what it reports and
// where, on a copy of flows/, locales/ and schemas/ with one mistake at a time.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleSchemaFiles } from '../../scripts/flow-schema.ts';
import { readFlowFiles } from '../../server/flow-files.ts';
import { flowProblems, formatProblems } from '../../scripts/flows-check.ts';
import { noticesByPath } from '../../engine/consent-notice.ts';
import { declarations } from '../../widgets/declarations.ts';

const FLOWS = join(import.meta.dirname, '..', '..', 'flows');

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The lines flows:check prints for a copy of the repository's flows/, locales/ and schemas/ after `change` (a path in
 * the copy, such as flows/x.json, → its new text).
 */
function linesAfter(change: Record<string, (text: string) => string>): string[] {
  const root = mkdtempSync(join(tmpdir(), 'claimflow-flow-files-'));
  for (const dir of ['flows', 'locales', 'schemas']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
  for (const [path, edit] of Object.entries(change)) writeFileSync(join(root, path), edit(readFileSync(join(root, path), 'utf8')));
  return flowProblems(join(root, 'flows'), root);
}

/** A JSON file's text after `edit` changes its parsed value. */
const json = (edit: (value: unknown) => void) => (text: string) => {
  const value = JSON.parse(text) as unknown;
  edit(value);
  return JSON.stringify(value, null, 2);
};
/** The object at a path of keys in a JSON value. */
const at = (value: unknown, ...keys: string[]) => keys.reduce((node, key) => (node as Record<string, unknown>)[key], value) as Record<string, unknown>;

// Each check reads every flow, locale and API schema again: seconds on a busy machine.
describe('flow files', { timeout: 60_000 }, () => {
  it('define the eight funnels, truck and medical as variants of one file', () => {
    const files = readFlowFiles(FLOWS);
    expect(files.flatMap((f) => f.problems)).toEqual([]);
    expect(files.map((f) => [f.file, f.flows.map((flow) => flow.id)])).toEqual([
      ['flows/attorney.json', ['attorney']],
      ['flows/calculator.json', ['calculator']],
      ['flows/camp-lejeune.json', ['camp-lejeune']],
      ['flows/find-my-report.json', ['find-my-report']],
      ['flows/notify-me.json', ['notify-me']],
      ['flows/truck-medical.json', ['truck', 'medical']],
      ['flows/workers-comp.json', ['workers-comp']],
    ]);
  });

  it('give each place of the site (the menu and home screen link it by name) to one funnel, and only a known place', () => {
    expect(
      readFlowFiles(FLOWS)
        .flatMap((f) => f.flows)
        .flatMap((flow) => (flow.site ? [[flow.site, flow.id]] : [])),
    ).toEqual([
      ['consult', 'attorney'],
      ['calculate', 'calculator'],
      ['findReport', 'find-my-report'],
      ['notify', 'notify-me'],
    ]);
    const twice = linesAfter({ 'flows/workers-comp.json': json((flow) => (at(flow).site = 'consult')) });
    expect(twice).toEqual(['flows/workers-comp.json: /site: site "consult" is also flows/attorney.json\'s']);
    const unknown = linesAfter({ 'flows/workers-comp.json': json((flow) => (at(flow).site = 'nearMe')) });
    expect(unknown).toEqual([expect.stringMatching(/^flows\/workers-comp\.json: \/site: must be equal to one of the allowed values/)]);
  });

  it('fail on a misspelled widget prop, named, where it was written', () => {
    const lines = linesAfter({ 'flows/workers-comp.json': (text) => text.replace('"label": "step1.date"', '"lable": "step1.date"') });
    expect(lines).toContain('flows/workers-comp.json: /steps/1/blocks/0/props/fields/1: unknown property "lable"');
    const inPart = linesAfter({ 'flows/parts/accident-claim.json': (text) => text.replace('"level": "level"', '"levle": "level"') });
    expect(inPart).toContain('flows/parts/accident-claim.json: /steps/3/blocks/0/props: unknown property "levle"');
  });

  it('give a JSON syntax error its line and column, in a flow or in a part (once, for every file that uses it)', () => {
    const lines = linesAfter({ 'flows/camp-lejeune.json': (text) => text.replace('"version": 1,', '"version": 1') });
    expect(lines).toEqual([expect.stringMatching(/^flows\/camp-lejeune\.json: \/: is not valid JSON at line 5, column 3 \(/)]);
    const inPart = linesAfter({ 'flows/parts/intro.json': (text) => `${text.trimEnd()},\n` });
    expect(inPart.filter((line) => line.startsWith('flows/parts/intro.json'))).toEqual([
      expect.stringMatching(/^flows\/parts\/intro\.json: \/: is not valid JSON at line \d+, column \d+/),
    ]);
  });

  it('fail on a request the API would refuse: a field it requires left out, one it does not know, a value it does not take', () => {
    const lines = linesAfter({
      'flows/workers-comp.json': json((flow) => {
        const body = at(flow, 'effects', 'createLead', 'body');
        delete body.language;
        body.lead_tipe = body.lead_type;
        body.injured = { cat: ['yes'] };
        at(body, 'consent').flowVersion = '1';
      }),
    });
    expect(lines).toEqual([
      'flows/workers-comp.json: /effects/createLead/body: POST /leads/create requires "language"',
      'flows/workers-comp.json: /effects/createLead/body/injured: gives a string, which POST /leads/create does not take here',
      'flows/workers-comp.json: /effects/createLead/body/consent/flowVersion: "1": POST /leads/create takes no such value (must be integer)',
      expect.stringMatching(
        /^flows\/workers-comp\.json: \/effects\/createLead\/body\/lead_tipe: POST \/leads\/create has no field "lead_tipe" \(its fields: firstName, /,
      ),
    ]);
  });

  it('fail on a gauge level the gauge does not show, and an unknown widget, naming the known ones', () => {
    const gauge = linesAfter({ 'flows/parts/mass-tort.json': json((part) => ((at(part, 'computed', 'level').if as unknown[])[1] = 5)) });
    expect(gauge).toEqual(['flows/parts/mass-tort.json: /computed/level/if/1: gives 5, which case-value (/steps/3.5/blocks/0) cannot show: must be <= 3']);
    const widget = linesAfter({ 'flows/calculator.json': (text) => text.replace('"widget": "lead-types"', '"widget": "lead-type"') });
    expect(widget).toEqual([
      expect.stringMatching(
        /^flows\/calculator\.json: \/steps\/3\.5\/blocks\/0\/widget: unknown widget "lead-type" \(known widgets: alert-end, call-time, call-windows, .*, lead-types, /,
      ),
    ]);
  });

  it('fail on copy: the title the home page and menu show, a missing catalogue (once), and a notice that names another button', () => {
    const title = linesAfter({ 'locales/es/workers-comp.json': json((copy) => delete at(copy, 'meta').title) });
    expect(title).toEqual(['flows/workers-comp.json: /namespace: copy key "meta.title" is missing in es: the home page and the menu name the funnel by it']);
    const catalogue = linesAfter({ 'flows/camp-lejeune.json': json((flow) => (at(flow).namespace = 'paraquat')) });
    expect(catalogue).toEqual([
      'flows/camp-lejeune.json: /namespace: copy catalogue locales/en/paraquat.json is missing',
      'flows/camp-lejeune.json: /namespace: copy catalogue locales/es/paraquat.json is missing',
    ]);
    const notice = linesAfter({ 'locales/es/common.json': (text) => text.replace('"calls": "Al tocar Solicitar consulta,', '"calls": "Al tocar Enviar,') });
    expect(notice).toEqual([
      'flows/parts/accident-claim.json: /steps/3/blocks/1: the consent notice "common:consent.notice.request.calls" does not name the button the visitor presses, "Solicitar consulta" (es)',
    ]);
    // The contact step's notice speaks of its own button, Send code.
    const sendCode = linesAfter({ 'locales/en/common.json': (text) => text.replace('"code": "By tapping Send code,', '"code": "By tapping Next,') });
    expect(sendCode).toEqual([
      'flows/parts/verify-phone.json: /steps/2/blocks/0: the consent notice "common:consent.notice.sms.code" does not name the button the visitor presses, "Send code" (en)',
    ]);
  });

  it('fail on a button that sends a consent with no notice beside it, and tell the API which notices each request may carry', () => {
    const noNotice = linesAfter({
      'flows/workers-comp.json': json((flow) => {
        const step = at(flow, 'steps', '3');
        step.blocks = (step.blocks as { widget: string }[]).filter((block) => block.widget !== 'sponsor-consent');
      }),
    });
    expect(noNotice).toEqual([
      'flows/workers-comp.json: /steps/3: its Next sends a consent, but the step shows no consent notice beside it: what would the consent record hold?',
    ]);
    const noSendCodeNotice = linesAfter({
      'flows/parts/verify-phone.json': (text) => text.replace('"props": { "stage": "details", "notice": "{notice}" }', '"props": { "stage": "details" }'),
    });
    expect(noSendCodeNotice).toContain(
      'flows/parts/verify-phone.json: /steps/2: its Next sends a consent, but the step shows no consent notice beside it: what would the consent record hold?',
    );
    const byPath = (id: string) => {
      const flow = readFlowFiles(FLOWS)
        .flatMap((f) => f.flows)
        .find((f) => f.id === id)!;
      return Object.fromEntries([...noticesByPath(flow, declarations)].map(([path, keys]) => [path, [...keys].sort()]));
    };
    const family = (name: string) => ['calls', 'none', 'unavailable'].map((n) => `common:consent.notice.${name}.${n}`);
    // Send code's notice goes with the code's send and the consent the code step records on entry.
    const sms = (notice: string) => ({ '/user/mfa-sms-send': [notice], '/user/tcpa': [notice] });
    expect(byPath('calculator')).toEqual({ ...sms('common:consent.notice.sms.code'), '/leads/create/calc': family('lead') });
    expect(byPath('truck')).toEqual({ ...sms('common:consent.notice.sms.code'), '/leads/create': family('request') });
    expect(byPath('notify-me')).toEqual({ ...sms('common:consent.notice.sms.alerts'), '/leads/create': family('alert') });
    expect(byPath('camp-lejeune')).toEqual({ ...sms('common:consent.notice.sms.code'), '/leads/create-camp-lejeune': family('lead') });
  });

  it('are formatted as prettier writes them (a short JSON Logic rule on one line), and flows:check says which is not', async () => {
    expect(await formatProblems(FLOWS)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'claimflow-format-'));
    cpSync(FLOWS, dir, { recursive: true });
    writeFileSync(join(dir, 'parts', 'intro.json'), JSON.stringify(JSON.parse(readFileSync(join(FLOWS, 'parts', 'intro.json'), 'utf8')), null, 2));
    expect(await formatProblems(dir)).toEqual(['flows/parts/intro.json: /: is not formatted as prettier writes it: npx prettier --write flows']);
  });

  it('have their widget schemas made from the widgets’ declarations (npm run flows:schema)', () => {
    expect(staleSchemaFiles()).toEqual([]);
  });
});
