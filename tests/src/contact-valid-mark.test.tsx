// No green check beside an error (issue 23, part 5): when the contact step's send is refused ('Cell phone number is
// invalid!') the phone field shows no valid mark, and when the code step's check is refused ('Code you entered is
// invalid!') the code field shows none, although each value is well-formed; the mark is back once the person changes the
// value (the step's error is then gone). The name and email keep theirs: the send's error is not about them.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { FIXTURE_NS, i18n } from '../testing/i18n.ts';
import { renderFunnel } from '../testing/render-funnel.tsx';

/** The contact and code steps as flows/parts/verify-phone.json has them (its widget guards written out), then thanks. */
function contactFunnel(): Flow {
  const phone = { var: 'answers.phone' };
  return {
    id: `valid-mark-${Math.random().toString(36).slice(2)}`,
    version: 1,
    routes: ['/test'],
    namespace: FIXTURE_NS,
    initial: '2',
    answers: { name: '', email: '', phone: '', code: '' },
    steps: {
      '2': {
        title: 'common:contact.title',
        blocks: [{ widget: 'contact', props: { stage: 'details' } }],
        nav: { next: 'common:nav.next' },
        on: {
          NEXT: {
            guard: { and: [{ valid: ['fullName', { var: 'answers.name' }] }, { valid: ['email', { var: 'answers.email' }] }, { valid: ['phone', phone] }] },
            effect: 'sendCode',
            target: '2.5',
          },
        },
      },
      '2.5': {
        title: 'common:contact.codeTitle',
        blocks: [{ widget: 'contact', props: { stage: 'code' } }],
        nav: { back: 'common:nav.back', next: 'common:nav.next' },
        on: {
          NEXT: { guard: { valid: ['code', { var: 'answers.code' }] }, effect: 'verifyCode', target: '3' },
          BACK: { target: '2', clear: ['code'] },
        },
      },
      '3': { title: 'errors:THANK_YOU', blocks: [], final: true },
    },
    effects: {
      sendCode: {
        method: 'POST',
        path: '/user/mfa-sms-send',
        body: { country_code: { phoneCountry: [phone] }, phone: { phoneNational: [phone] }, source: 'test', language: { var: 'locale' } },
        errors: { default: 'errors:CELL_PHONE_NUMBER_IS_INVALID_' },
      },
      verifyCode: {
        method: 'POST',
        path: '/user/mfa-sms-verify',
        body: { code: { var: 'answers.code' }, country_code: { phoneCountry: [phone] }, phone: { phoneNational: [phone] } },
        errors: { code_expired: 'errors:CODE_NO_LONGER_VALID', default: 'errors:CODE_YOU_ENTERED_IS_INVALID_' },
      },
    },
  };
}

const mark = (field: string) => screen.queryByRole('img', { name: i18n.t('common:contact.valid', { field: i18n.t(`common:contact.${field}`) }) });

describe('the contact and code steps: no valid mark beside an error', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const answers: Record<string, { status: number; body: unknown }[]> = {};
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) => {
      const next = answers[urlOf(input).pathname]?.shift() ?? { status: 200, body: { success: true } };
      return Promise.resolve(json(next.status, next.body));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("hides the phone's mark while the send's refusal shows, and the code's while the check's does", async () => {
    answers['/api/user/mfa-sms-send'] = [{ status: 400, body: { success: false, error: 'invalid_phone' } }];
    answers['/api/user/mfa-sms-verify'] = [{ status: 400, body: { success: false, error: 'invalid_code' } }];
    const user = renderFunnel(contactFunnel());
    const next = () => screen.getByRole('button', { name: i18n.t('common:nav.next') });
    await user.type(screen.getByLabelText(i18n.t('common:contact.name')), 'Ana Ruiz');
    await user.type(screen.getByLabelText(i18n.t('common:contact.email')), 'ana@example.com');
    const phone = screen.getByLabelText(i18n.t('common:contact.phone'));
    await user.type(phone, '2025550123');
    expect(mark('phone')).toBeVisible();

    await user.click(next());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors:CELL_PHONE_NUMBER_IS_INVALID_')));
    expect(mark('phone')).toBeNull();
    expect(mark('name')).toBeVisible();
    expect(mark('email')).toBeVisible();
    // The field names the step's error, which is about it.
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(i18n.t('errors:CELL_PHONE_NUMBER_IS_INVALID_')));

    // Changing the number clears the error; the mark is back for a valid one.
    await user.clear(phone);
    await user.type(phone, '2025550124');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(mark('phone')).toBeVisible();

    await user.click(next());
    const code = await screen.findByLabelText(i18n.t('common:contact.code'));
    await user.type(code, '1234');
    expect(mark('code')).toBeVisible();
    await user.click(next());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors:CODE_YOU_ENTERED_IS_INVALID_')));
    expect(mark('code')).toBeNull();
    expect(code).toHaveAccessibleDescription(expect.stringContaining(i18n.t('errors:CODE_YOU_ENTERED_IS_INVALID_')));

    await user.clear(code);
    await user.type(code, '4321');
    expect(mark('code')).toBeVisible();
    await user.click(next());
    await screen.findByRole('heading', { level: 1, name: i18n.t('errors:THANK_YOU') });
  }, 30_000);

  it("shows the code's mark on a code step reached again after a refused check and Back", async () => {
    answers['/api/user/mfa-sms-verify'] = [{ status: 400, body: { success: false, error: 'code_expired' } }];
    const user = renderFunnel(contactFunnel());
    await user.type(screen.getByLabelText(i18n.t('common:contact.name')), 'Ana Ruiz');
    await user.type(screen.getByLabelText(i18n.t('common:contact.email')), 'ana@example.com');
    await user.type(screen.getByLabelText(i18n.t('common:contact.phone')), '2025550123');
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await user.type(await screen.findByLabelText(i18n.t('common:contact.code')), '1234');
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors:CODE_NO_LONGER_VALID')));
    expect(mark('code')).toBeNull();

    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.back') }));
    await screen.findByRole('heading', { level: 1, name: i18n.t('common:contact.title') });
    expect(mark('phone')).toBeVisible();
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await user.type(await screen.findByLabelText(i18n.t('common:contact.code')), '5678');
    expect(mark('code')).toBeVisible();
  }, 30_000);
});
