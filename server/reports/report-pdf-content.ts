// What the report's PDF says, in the visitor's language: its header, notices and sections of labelled facts, built
// from the view the visitor may see (so the PDF can show nothing the JSON would not).
import type { Operator } from '../config.ts';
import { phoneForPeople } from '../phone.ts';
import { asWritten, fill, makeName, reportCopy, valueName, type ReportCopy, type ReportLang } from './report-copy.ts';
import type { Driver, PublicVehicle, ReportView, ShownVehicle } from './report-view.ts';
import { dateTimeFormat } from '../../engine/languages.ts';

export type Cell = [label: string, value: string];

/** A run of labelled facts (with a heading of its own, such as a vehicle's) or a paragraph. */
export type Block = { heading?: string; cells: Cell[] } | { paragraph: string };

export interface Section {
  title: string;
  blocks: Block[];
}

export interface ReportDocument {
  lang: ReportLang;
  title: string;
  subtitle: string;
  reportId: string;
  /** Set for demo data. */
  demo?: string;
  /** Set when the personal data was left out for want of a proof. */
  proofNeeded?: string;
  sections: Section[];
  source: string;
  generated: string;
  /** Who runs the site and how to reach them (OPERATOR_*), in the footer of every page. */
  operator: string;
  /** The page footer's 'Page n of m', with {{page}} and {{pages}} left to fill. */
  page: string;
}

// One formatter per language and use, made once: building an Intl.DateTimeFormat costs more than formatting.
const formatters = (lang: ReportLang) => ({
  occurred: dateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }),
  generated: dateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
});
const FORMATTERS = { en: formatters('en'), es: formatters('es') };

/** An occurredAt (local time and offset, as the feed wrote it) as a person reads it there, e.g. Friday, November 20, 2026 at 5:30 PM. */
function localTime(lang: ReportLang, occurredAt: string): string {
  const local = Date.parse(`${occurredAt.slice(0, 19)}Z`);
  return Number.isNaN(local) ? occurredAt : FORMATTERS[lang].occurred.format(local);
}

export function reportDocument(view: ReportView, lang: ReportLang, now: number, operator: Operator): ReportDocument {
  const copy = reportCopy(lang);
  const f = copy.fields;
  const show = shower(copy);
  const place = `${view.city}, ${view.state}`;
  const when = localTime(lang, view.occurredAt);
  const crash: Cell[] = [
    [f.occurredAt, when],
    [f.policeDepartment, show(view.policeDepartment)],
    [f.city, place],
    [f.county, show(view.county)],
    [f.zip, show(view.zip)],
    [f.location, `${view.location.lat}, ${view.location.lng}`],
    ...(view.involved
      ? ([
          [f.street, show(view.street)],
          [f.crashId, view.crashId],
          [f.caseId, show(view.caseId)],
        ] satisfies Cell[])
      : []),
    [f.weather, show(view.weather, (v) => valueName(copy, 'weather', v, view.weatherText))],
    [f.roadCondition, show(view.roadCondition, (v) => valueName(copy, 'roadCondition', v, view.roadConditionText))],
    [f.light, show(view.light, (v) => valueName(copy, 'light', v, view.lightText))],
    [f.speedLimit, show(view.speedLimit, (mph) => fill(copy.values.speedLimit, { mph }))],
    [f.injuredCount, show(view.injuredCount)],
    [f.fatalCount, show(view.fatalCount)],
    [f.vehicleCount, String(view.vehicleCount)],
    [f.occupantCount, show(view.occupantCount)],
  ];
  const vehicles = view.involved ? view.vehicles.flatMap((v) => vehicleBlocks(lang, v, v)) : view.vehicles.flatMap((v) => vehicleBlocks(lang, v));
  const sections: Section[] = [
    { title: copy.pdf.crash, blocks: [{ cells: crash }] },
    { title: copy.pdf.vehicles, blocks: vehicles },
  ];
  if (view.involved && view.narrative !== null) sections.push({ title: copy.pdf.narrative, blocks: [{ paragraph: view.narrative }] });
  return {
    lang,
    title: copy.pdf.title,
    subtitle: `${place} · ${when}`,
    reportId: fill(copy.pdf.reportId, { id: view.id }),
    ...(view.demo ? { demo: copy.pdf.demo } : {}),
    ...(view.involved ? {} : { proofNeeded: copy.pdf.proofNeeded }),
    sections,
    source: view.policeDepartment === null ? copy.pdf.sourceUnnamed : fill(copy.pdf.source, { department: view.policeDepartment }),
    generated: fill(copy.pdf.generated, { date: `${FORMATTERS[lang].generated.format(now)} UTC` }),
    operator: fill(copy.pdf.operator, {
      name: operator.name,
      entity: operator.demo ? copy.pdf.demoOperator : operator.legalEntity,
      phone: phoneForPeople(operator.phone),
      email: operator.email,
    }),
    page: copy.pdf.page,
  };
}

/** A yes/no value the report wrote as neither: Other (“CHILD SEAT” on the report); else the value as shown. */
const asWrittenOr = (copy: ReportCopy, text: string | undefined, shown: string) => (text === undefined ? shown : asWritten(copy, copy.values.other, text));

/** A value as shown: named by fn, 'Not reported' when missing. */
const shower =
  (copy: ReportCopy) =>
  <T extends string | number | boolean>(value: T | null, fn: (value: T) => string = String): string =>
    value === null ? copy.values.notReported : fn(value);

/**
 * A vehicle's facts; with `whole` (for a visitor who proved involvement), its private ones and its driver's too: all of
 * them for the visitor's own vehicle, what a claim needs for another party's.
 */
function vehicleBlocks(lang: ReportLang, v: PublicVehicle, whole?: ShownVehicle): Block[] {
  const copy = reportCopy(lang);
  const f = copy.fields;
  const show = shower(copy);
  const yesNo = (b: boolean) => (b ? copy.values.yes : copy.values.no);
  const make = makeName(lang, v.make);
  const heading = `${fill(f.unit, { unit: v.unit })} · ${[v.year, make, v.model].filter((part) => part !== null).join(' ')}`;
  const cells: Cell[] = [
    [f.make, make],
    [f.model, show(v.model)],
    [f.year, show(v.year)],
    [f.damageArea, show(v.damageArea, (d) => valueName(copy, 'damageArea', d, v.damageAreaText))],
  ];
  if (!whole) return [{ heading, cells }];
  cells.push(
    [f.vin, show(whole.vin)],
    [f.insured, show(whole.insured, yesNo)],
    [f.atFault, show(whole.atFault, yesNo)],
    [f.towedBy, show(whole.towedBy)],
    [f.occupants, show(whole.occupants)],
  );
  if (whole.yours) {
    cells.push(
      [
        f.seatbelt,
        asWrittenOr(
          copy,
          whole.seatbeltText,
          show(whole.seatbelt, (b) => (b ? copy.values.seatbelt.yes : copy.values.seatbelt.no)),
        ),
      ],
      [
        f.airbags,
        asWrittenOr(
          copy,
          whole.airbagsText,
          show(whole.airbags, (b) => (b ? copy.values.airbags.yes : copy.values.airbags.no)),
        ),
      ],
    );
  }
  const blocks: Block[] = [{ heading, cells }];
  if (whole.driver) blocks.push({ heading: f.driver, cells: driverCells(copy, whole.driver, whole.yours) });
  return blocks;
}

/** A driver's name, and for the visitor's own vehicle the rest of what the report says of them. */
function driverCells(copy: ReportCopy, d: Driver, yours: boolean): Cell[] {
  const f = copy.fields;
  const show = shower(copy);
  const residence = d.residence && `${d.residence.city}, ${d.residence.state}${d.residence.zip === null ? '' : ` ${d.residence.zip}`}`;
  const name: Cell = [f.driverName, `${d.firstName} ${d.lastName}`];
  if (!yours) return [name];
  return [
    name,
    [f.age, show(d.age)],
    [f.gender, show(d.gender, (g) => valueName(copy, 'gender', g, d.genderText))],
    [f.ethnicity, show(d.ethnicity, (e) => valueName(copy, 'ethnicity', e, d.ethnicityText))],
    [f.residence, show(residence)],
    [f.licenceType, show(d.licenceType)],
    [f.licenceState, show(d.licenceState)],
  ];
}
