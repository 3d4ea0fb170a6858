// The legal pages (issue 34) in English and Spanish, worded from GET /api/legal: the retention periods and recipients
// it gives are the ones the privacy policy states, the demo operator is labelled as one, the text message terms say
// what carriers ask, and the footer names the operator and links every legal page.
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LegalFacts } from '../../src/api/legal.ts';
import { initI18n } from '../../src/i18n.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { loadCatalogue, type Lang } from '../testing/i18n.ts';
import { onScreen } from '../testing/on-screen.ts';
import { renderAppAt } from '../testing/render-app.tsx';

const FACTS: LegalFacts = {
  operator: {
    demo: false,
    name: 'Accident Help Texas',
    legalEntity: 'Accident Help Texas LLC',
    address: '500 Main Street, Suite 200, Austin, TX 78701',
    phone: '+15125550142',
    phoneDisplay: '(512) 555-0142',
    email: 'help@accidenthelp.example.com',
    attorneyStates: ['TX', 'OK'],
    advertisingDisclaimer: 'Attorney advertising. Prior results do not guarantee a similar outcome.',
  },
  sms: { provider: 'twilio', alertDays: 21 },
  retention: { codeDays: 45, leadDays: 777, consentYears: 7, eventDays: 90 },
  recipients: [
    { category: 'law-firm', sponsors: ['Lone Star Injury Law', 'Summit Accident Lawyers'] },
    { category: 'medical-care', sponsors: ['Back in Motion Chiropractic'] },
  ],
  funnels: [
    {
      id: 'attorney',
      namespace: 'attorney',
      collects: [
        { kind: 'contact', fields: ['phone', 'name', 'email'] },
        { kind: 'health', fields: ['injuries'] },
        { kind: 'technical', fields: ['ip', 'userAgent'] },
      ],
      sponsors: ['Summit Accident Lawyers'],
    },
  ],
};
const DEMO: LegalFacts = {
  ...FACTS,
  operator: { ...FACTS.operator, demo: true, name: 'ClaimFlow demo', legalEntity: 'ClaimFlow demo operator (not a real company)', advertisingDisclaimer: null },
  sms: { provider: null, alertDays: 30 },
  recipients: [],
};

const fetchMock = vi.fn<typeof fetch>();
const serve = (facts: LegalFacts) =>
  fetchMock.mockImplementation((input) => Promise.resolve(urlOf(input).pathname === '/api/legal' ? json(200, facts) : json(404, { error: 'not_found' })));
const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const open = async (path: string, lang: Lang) => {
  await i18next.changeLanguage(lang);
  await i18next.loadNamespaces(['privacy', 'attorney']);
  renderAppAt(`${path}${lang === 'es' ? '?lang=es' : ''}`);
};

beforeAll(async () => {
  await initI18n('en', [], loadCatalogue);
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe.each<Lang>(['en', 'es'])('the legal pages in %s', (lang) => {
  it.each([
    ['/about', 'app:pages.about.title'],
    ['/terms', 'privacy:legal.terms.title'],
    ['/privacy-policy', 'privacy:legal.privacy.title'],
    ['/sms-terms', 'privacy:legal.sms.title'],
    ['/disclaimer', 'privacy:legal.disclaimer.title'],
    ['/accessibility', 'privacy:legal.accessibility.title'],
  ])('%s has its title and ends with the operator and how to reach them', async (path, title) => {
    serve(FACTS);
    await open(path, lang);
    expect(await screen.findByRole('heading', { level: 1, name: t(title) })).toBeVisible();
    const runBy = t('app:operator.runBy', { name: FACTS.operator.name, legalEntity: FACTS.operator.legalEntity, address: FACTS.operator.address });
    const main = screen.getByRole('main');
    expect(await within(main).findByText(runBy)).toBeVisible();
    expect(within(main).getAllByRole('link', { name: '(512) 555-0142' })[0]).toHaveAttribute('href', 'tel:+15125550142');
    expect(within(main).getAllByRole('link', { name: FACTS.operator.email })[0]).toHaveAttribute('href', `mailto:${FACTS.operator.email}`);
    expect(within(main).queryByText(t('app:operator.demo'))).toBeNull();
  });

  it('the privacy policy states the configured retention periods, recipients by category, SMS provider and the way to use the rights', async () => {
    serve(FACTS);
    await open('/privacy-policy', lang);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(t('privacy:legal.privacy.keep.leads', { count: 777 }))).toBeVisible();
    for (const key of ['codes', 'consents', 'alerts', 'events']) {
      expect(within(main).getByText(t(`privacy:legal.privacy.keep.${key}`, { ...FACTS.retention, alertDays: 21 }))).toBeVisible();
    }
    expect(within(main).getByText(t('privacy:legal.privacy.keep.leads', { count: 777 }))).toHaveTextContent('777');
    const lawFirms = within(main).getByText(t('privacy:legal.privacy.categories.law-firm')).closest('li');
    expect(lawFirms).toHaveTextContent(lang === 'en' ? 'Lone Star Injury Law and Summit Accident Lawyers' : 'Lone Star Injury Law y Summit Accident Lawyers');
    expect(within(main).getByText(t('privacy:legal.privacy.categories.medical-care')).closest('li')).toHaveTextContent('Back in Motion Chiropractic');
    expect(within(main).getByText(t('privacy:legal.privacy.share.sms'))).toBeVisible();
    expect(within(main).getByRole('heading', { level: 3, name: t('attorney:meta.title') })).toBeVisible();
    expect(within(main).getByText(t('privacy:legal.privacy.collect.sendsTo', { sponsors: 'Summit Accident Lawyers' }))).toBeVisible();
    const rights = within(main).getByRole('link', { name: lang === 'en' ? 'your privacy choices' : 'sus opciones de privacidad' });
    expect(rights).toHaveAttribute('href', lang === 'en' ? '/privacy' : '/privacy?lang=es');
  });

  it('the demo operator is labelled as not a real company; no sponsor and no SMS provider are said as such', async () => {
    serve(DEMO);
    await open('/privacy-policy', lang);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(t('app:operator.demo'))).toBeVisible();
    expect(
      within(main).getByText(
        t('app:operator.runBy', { name: t('app:operator.demoName'), legalEntity: t('app:operator.demoEntity'), address: DEMO.operator.address }),
      ),
    ).toBeVisible();
    expect(within(main).getByText(t('privacy:legal.privacy.share.none'))).toBeVisible();
    expect(within(main).getByText(t('privacy:legal.privacy.share.smsNone'))).toBeVisible();
  });

  it('the text message terms name the program, its frequency, rates, HELP and STOP', async () => {
    serve(FACTS);
    await open('/sms-terms', lang);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(t('privacy:legal.sms.program', { name: FACTS.operator.name }))).toBeVisible();
    expect(main).toHaveTextContent(lang === 'en' ? 'Msg & data rates may apply.' : 'Pueden aplicarse tarifas de mensajes y datos.');
    expect(main).toHaveTextContent(lang === 'en' ? 'Message frequency varies' : 'La frecuencia de los mensajes varía');
    expect(main).toHaveTextContent(/Reply HELP|Responda HELP/);
    expect(main).toHaveTextContent(/Reply STOP to cancel|Responda STOP para cancelar/);
    expect(main).toHaveTextContent(lang === 'en' ? 'after 21 days' : 'después de 21 días');
  });

  it("the disclaimer says not a law firm, no attorney-client relationship, and the operator's advertising disclaimer and states", async () => {
    serve(FACTS);
    await open('/disclaimer', lang);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(FACTS.operator.advertisingDisclaimer!)).toBeVisible();
    expect(within(main).getByText(t('privacy:legal.disclaimer.states', { states: lang === 'en' ? 'TX and OK' : 'TX y OK' }))).toBeVisible();
    expect(main).toHaveTextContent(t('privacy:legal.disclaimer.sections.0.title'));
    expect(main).toHaveTextContent(lang === 'en' ? 'does not create an attorney-client relationship' : 'no crea una relación abogado-cliente');
  });
});

describe('the footer', () => {
  it('names the operator once it nears the screen, and links every legal page and the privacy choices', async () => {
    serve(FACTS);
    onScreen();
    await open('/about', 'en');
    const footer = await screen.findByRole('contentinfo');
    const operator = await within(footer).findByLabelText(t('app:footer.operator'));
    expect(operator).toHaveTextContent(t('app:operator.runBy', FACTS.operator));
    expect(operator).toHaveTextContent(FACTS.operator.advertisingDisclaimer!);
    const links = [
      ['Terms of use', '/terms'],
      ['Privacy policy', '/privacy-policy'],
      ['Your privacy choices', '/privacy'],
      ['Text message terms', '/sms-terms'],
      ['Disclaimer', '/disclaimer'],
      ['Accessibility', '/accessibility'],
    ];
    for (const [name, href] of links) expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('asks nothing of the API until it nears the screen', async () => {
    serve(FACTS);
    await open('/no-such-page', 'en');
    await screen.findByRole('contentinfo');
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input).pathname)).not.toContain('/api/legal');
  });
});

describe('/privacy', () => {
  it('links to the privacy policy', async () => {
    await open('/privacy', 'es');
    expect(await screen.findByRole('link', { name: t('app:pages.privacy.policy') })).toHaveAttribute('href', '/privacy-policy?lang=es');
  });
});
