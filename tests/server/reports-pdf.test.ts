// GET /pdf/:id read back with pdf.js: the report's facts in English or Spanish, the personal data only with one of its
// VINs or its case ID, demo data labelled, missing fields said so, long narratives over several pages.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { pdfPages, pdfText } from '../testing/pdf-text.ts';
import { sampleReport } from '../testing/reports.ts';
import { provedCookie, type ProofBody } from '../testing/report-proof.ts';
import { storeReport } from '../testing/report-store.ts';
import { recordingSms } from '../testing/fake-sms.ts';
import { openTestDb, STARTUP_MS, appDbKinds, type TestDb } from '../testing/test-db.ts';
import { makeTestDist, testConfig } from '../testing/test-servers.ts';

const VIN = '1HGCM82633A004352';
const PERSONAL_TEXT = [
  VIN,
  '1FTFW1ET9DFC10312',
  '24-0012345',
  'E 6th St',
  'failed to stop',
  'Capital Towing',
  'Maria',
  'Lopez',
  'James',
  'Carter',
  'Class C',
  '78702',
  '30.2672',
];

describe.each(appDbKinds)('report PDFs on %s', (kind) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let dist: Awaited<ReturnType<typeof makeTestDist>>;
  let id: string;
  beforeAll(async () => {
    testDb = await openTestDb(kind);
    // With a built web app, whose fallback answers page navigations: the PDF route must still win.
    dist = await makeTestDist();
    app = await buildApp({ config: testConfig({ staticDir: dist.dir }), db: testDb.db, sms: recordingSms() });
    await app.ready();
    id = await storeReport(testDb.db);
  }, STARTUP_MS);
  afterAll(async () => {
    await app.close();
    await testDb.close();
    await dist.remove();
  });

  /** The Cookie header of a visitor who proved involvement in the report with these facts. */
  const proved = (reportId: string, body: ProofBody) => provedCookie(app, reportId, body, undefined, 'pdf');
  const download = async (reportId: string, query = '', headers: Record<string, string> = {}) => {
    const res = await app.inject({ url: `/pdf/${reportId}${query}`, headers: { accept: 'text/html,application/xhtml+xml,*/*', ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="accident-report-${reportId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return res.rawPayload;
  };

  it('holds the public facts in English and no personal data without a proof, and says what would show it', async () => {
    const text = await pdfText(await download(id, '?lang=en'));
    for (const part of [
      'Accident report',
      `Report ID: ${id}`,
      'Austin, TX',
      'Austin Police Department',
      'Travis',
      '78701',
      '30.267, -97.743',
      'Weather Rain',
      'Road conditions Wet',
      'Light Daylight',
      'Speed limit 35 mph',
      'Vehicle 1 · 2003 Honda Accord',
      'Damage area Front',
      'Vehicle 2 · 2013 Ford F-150',
      'Left side',
      "Personal details (names, driver's licenses, insurance, towing and the officer's narrative) are shown only to someone who gives the VIN of one of the vehicles or the report's case ID, and the last name of one of the people in it.",
      'Generated on',
      'Page 1 of 1',
      // Who runs the site (OPERATOR_*; the demo operator here, said to be one), on every page's footer.
      'ClaimFlow demo, ClaimFlow demo operator, not a real company · (202) 555-0100 · help@claimflow.example',
    ]) {
      expect(text).toContain(part);
    }
    for (const personal of PERSONAL_TEXT) expect(text).not.toContain(personal);
    // Nor are the labels of personal data (but for the note's 'the VIN of one of the vehicles').
    for (const label of ['VIN (?!of one)', 'Crash ID', 'Case ID', 'Driver', 'Narrative', 'Towing company', 'Insured', 'At fault', 'Seatbelt', 'Airbags']) {
      expect(text).not.toMatch(new RegExp(`\\b${label}`));
    }
    expect(text).not.toContain('Demo data');
  });

  it("holds no personal data for a VIN or case ID in its URL, nor for another report's proof", async () => {
    for (const query of [`?vin=${VIN}`, '?caseId=24-0012345', `?vin=${VIN}&caseId=24-0012345`]) {
      const text = await pdfText(await download(id, query));
      for (const personal of PERSONAL_TEXT) expect(text).not.toContain(personal);
    }
    const other = await storeReport(testDb.db);
    const text = await pdfText(await download(id, '', { cookie: await proved(other, { vin: VIN, lastName: 'Lopez' }) }));
    for (const personal of PERSONAL_TEXT) expect(text).not.toContain(personal);
  });

  it('holds the whole report in Spanish for a visitor who proved with the VIN in any case, accents and all', async () => {
    const text = await pdfText(await download(id, '?lang=es', { cookie: await proved(id, { vin: VIN.toLowerCase(), lastName: 'lopez' }) }));
    for (const part of [
      'Informe de accidente',
      `ID del informe: ${id}`,
      'ClaimFlow demo, Operador de demostración de ClaimFlow, no es una empresa real · (202) 555-0100 · help@claimflow.example',
      'Clima Lluvia',
      'Estado de la vía Mojada',
      'Iluminación Luz del día',
      'Límite de velocidad 35 mph',
      'Vehículo 1 · 2003 Honda Accord',
      'Zona dañada Parte delantera',
      `VIN ${VIN}`,
      'Asegurado Sí',
      'Culpable Sí',
      'Compañía de grúa Capital Towing',
      'Cinturón de seguridad Puesto',
      'Bolsas de aire Activadas',
      'Conductor',
      'Nombre Maria Lopez',
      'Edad 34',
      'Sexo Femenino',
      'Origen étnico Hispano o latino',
      'Residencia Austin, TX 78702',
      'Tipo de licencia Class C',
      'Estado de la licencia TX',
      'Calle E 6th St & Congress Ave',
      'Número de caso 24-0012345',
      'Ubicación 30.2672, -97.7431',
      'RELATO DEL AGENTE',
      'failed to stop for the red light',
      'Nombre James Carter',
      'Compañía de grúa No consta',
      'Generado el',
      'Página 1 de',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('solo se muestran a quien');
    // James Carter is the other party: his name, not his age or gender.
    expect(text).not.toContain('Edad 51');
  });

  it('proves with the case ID however it is spaced, and picks Spanish from Accept-Language without lang=', async () => {
    const cookie = await proved(id, { caseId: '24 001 2345', lastName: 'Carter' });
    const text = await pdfText(await download(id, '', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5', cookie }));
    expect(text).toContain('Informe de accidente');
    expect(text).toContain('Nombre Maria Lopez');
    expect(text).toContain('Edad 51');
    expect(text).not.toContain('Edad 34');
    expect(await pdfText(await download(id, '', { 'accept-language': 'en-US,es;q=0.5' }))).toContain('Accident report');
  });

  it('writes Spanish punctuation and accents in a narrative as they were sent, and letters outside the fonts as near as it can', async () => {
    const narrative =
      '¿Quién tenía el semáforo en verde? ¡Sí! El conductor del vehículo 2, José Núñez Ibáñez, señaló: «frené a tiempo». Ünal Łukasz Nguyễn 中.';
    const spanish = await storeReport(testDb.db, sampleReport({ narrative }));
    const text = await pdfText(await download(spanish, '?lang=es', { cookie: await proved(spanish, { vin: VIN, lastName: 'Lopez' }) }));
    expect(text).toContain('¿Quién tenía el semáforo en verde? ¡Sí! El conductor del vehículo 2, José Núñez Ibáñez, señaló: «frené a tiempo».');
    expect(text).toContain('Ünal Lukasz Nguyen ?.');
  });

  it('runs a long narrative over as many pages as it takes, numbering them', async () => {
    const paragraphs = Array.from({ length: 36 }, (_, i) => `Paragraph ${i + 1}. ${'Unit 1 continued north on Congress Avenue. '.repeat(6)}`);
    const long = await storeReport(testDb.db, sampleReport({ narrative: paragraphs.join('\n\n') }));
    const pages = await pdfPages(await download(long, '', { cookie: await proved(long, { vin: VIN, lastName: 'Lopez' }) }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    const text = pages.join(' ').replace(/\s+/g, ' ');
    for (const [i] of paragraphs.entries()) expect(text).toContain(`Paragraph ${i + 1}. Unit 1 continued`);
  });

  it('says "Not reported" for every missing field, and labels demo data', async () => {
    const {
      county: _c,
      zip: _z,
      weather: _w,
      roadCondition: _r,
      light: _l,
      speedLimit: _s,
      injuredCount: _i,
      fatalCount: _f,
      narrative: _n,
      street: _st,
      ...sparse
    } = sampleReport({
      units: [{ unit: 1, make: 'TOYOTA', driver: { firstName: 'Ana', lastName: 'Ruiz' } }],
    });
    const sparseId = await storeReport(testDb.db, sparse, true);
    const english = await pdfText(await download(sparseId, '?lang=en', { cookie: await proved(sparseId, { caseId: '240012345', lastName: 'ruiz' }) }));
    expect(english).toContain('Demo data: a made-up report to show how the service works, not a real accident.');
    for (const field of [
      'County',
      'ZIP code',
      'Street',
      'Weather',
      'Road conditions',
      'Light',
      'Speed limit',
      'Injuries',
      'Fatalities',
      'Occupants',
      'Model',
      'Year',
      'Damage area',
      'VIN',
      'Towing company',
      'Age',
      'Gender',
      'Residence',
      'License state',
    ]) {
      expect(english).toContain(`${field} Not reported`);
    }
    expect(english).not.toContain("Officer's narrative".toUpperCase());
    const spanish = await pdfText(await download(sparseId, '?lang=es'));
    expect(spanish).toContain('Datos de demostración');
    expect(spanish).toContain('Clima No consta');
    expect(spanish).toContain('Los datos personales (nombres, licencias de conducir, seguro, grúa y el relato del agente) solo se muestran a quien da el VIN');
  });

  it('answers JSON errors as the report route does: 404 for an unknown id, 400 for an unknown language', async () => {
    for (const unknown of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const res = await app.inject({ url: `/pdf/${unknown}`, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
    }
    expect((await app.inject({ url: `/pdf/${id}?lang=fr` })).json()).toMatchObject({ error: 'validation', field: 'lang' });
  });
});
