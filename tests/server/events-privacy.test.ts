// No personal data in step events (issue 21 part 5): random names, e-mails, phones, codes and call times walked through
// the claim calculator to its lead, the events the browser's step watcher makes sent to POST /api/events; neither a
// batch nor any column of any stored row holds any of those answers (nor the visitor's address or agent).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBatch, StepWalk, startedVisit } from '../testing/step-walks.ts';
import { acmeLaw, loadFlow, shown } from '../testing/flows.ts';
import { STARTUP_MS, appDbKinds } from '../testing/test-db.ts';
import { makeTestServer, type TestServer } from '../testing/test-servers.ts';

const calculator = loadFlow('calculator');
/** A name's word: a capital and small letters, in any script (so never a part of a lower-case id or an event's name). */
const word = fc.tuple(fc.constantFrom('A', 'Ñ', 'Ö', 'Z', 'Ł'), fc.stringMatching(/^[a-zñéüłø]{2,10}$/)).map(([first, rest]) => first + rest);
const answersArb = fc.record({
  name: fc.tuple(word, word).map(([first, last]) => `${first} ${last}`),
  email: fc.emailAddress(),
  phone: fc.integer({ min: 0, max: 9999 }).map((n) => `(202) 555-${String(n).padStart(4, '0')}`),
  // No 0: the visits' ids are zeros.
  code: fc.stringMatching(/^[1-9]{4}$/),
  preferredCallTime: fc.constantFrom('Call ASAP', '1pm - 2pm', '5pm - 6pm'),
  locale: fc.constantFrom('en', 'es'),
});

/** The strings of batches or of rows (numbers and times are not answers, and a code's digits may be in them). */
const textOf = (value: unknown) =>
  // Nor the visit's random id and signature, which the server made.
  JSON.stringify(value, (key, v: unknown) => (typeof v === 'number' || ['occurred_at', 'visit', 'visit_id'].includes(key) ? undefined : v));

describe.each(appDbKinds)('step events of random answers on %s', (kind) => {
  let s: TestServer;
  let n = 0;
  beforeAll(async () => {
    s = await makeTestServer({ db: kind });
  }, STARTUP_MS);
  afterAll(() => s.close());

  it('hold none of them, sent or stored', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(answersArb, async ({ locale, ...answers }) => {
        const visit = `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;
        const walk = await new StepWalk(calculator, { visit, locale }).open();
        await walk
          .next(3)
          .then((w) => w.answer({ fault: false, commercial: false }))
          .then((w) => w.next(4))
          .then((w) => w.next(5));
        // Each consent button pressed as the page allows it: once its notice is on screen (the page's notice answer).
        await walk
          .answer({ name: answers.name, email: answers.email, phone: answers.phone })
          .then((w) => w.send(shown('common:consent.notice.sms.code', [], locale)))
          .then((w) => w.next(20));
        await walk
          .answer({ code: answers.code })
          .then((w) => w.next(9))
          .then((w) => w.answer({ legalConsult: true }));
        await walk.send(shown('common:consent.notice.lead.calls', [acmeLaw], locale)).then((w) => w.next(6));
        await walk.answer({ preferredCallTime: answers.preferredCallTime }).then((w) => w.next(3));
        walk.close(2);
        // The walk reached the lead: every answer was given.
        expect(walk.events.filter((e) => e.kind === 'completed')).toHaveLength(1);

        const { token, id } = await startedVisit(s.app);
        const batches = [];
        for (let i = 0; i < walk.events.length; i += 20) batches.push(eventBatch(token, walk.events.slice(i, i + 20), walk.now));
        for (const batch of batches) {
          const res = await s.app.inject({
            method: 'POST',
            url: '/api/events',
            payload: batch,
            remoteAddress: '203.0.113.45',
            headers: { 'user-agent': 'Mozilla/5.0 Secret' },
          });
          expect(res.statusCode).toBe(204);
        }
        const { rows } = await s.db.query('SELECT * FROM funnel_events WHERE visit_id = $1', [id]);
        expect(rows).toHaveLength(walk.events.length);
        const digits = answers.phone.replace(/\D/g, '');
        const secrets = [
          answers.name,
          ...answers.name.split(' '),
          answers.email,
          answers.phone,
          digits,
          answers.code,
          answers.preferredCallTime,
          '203.0.113',
          'Secret',
        ];
        for (const text of [textOf(batches), textOf(rows)]) {
          expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
