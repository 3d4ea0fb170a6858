// The code step waits for the link of the code text (issue 23, part 1): while it is shown it asks the app whether the
// link was opened (the API's mfa-sms-confirmed), and once it was, it goes on by itself: its Next passes for the send the
// link confirmed. Without the app's question (widget tests, other hosts) it asks nothing.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '../../engine/types.ts';
import { FunnelRoute } from '../../src/funnel/FunnelPage.tsx';
import { Contact } from '../../widgets/contact/Contact.tsx';
import { LinkConfirmationContext, type LinkConfirmed } from '../../widgets/contact/link-confirmation.ts';
import { json, urlOf } from '../testing/fake-api.ts';
import { FIXTURE_NS, i18n } from '../testing/i18n.ts';
import { renderWidget } from '../testing/render-widget.tsx';
import { keepStartedVisit } from '../testing/render-funnel.tsx';

/** A funnel of the code step alone, checking the code as the funnels do, and a thank-you step after it. */
function codeStepFunnel(): Flow {
  return {
    id: `code-link-${Math.random().toString(36).slice(2)}`,
    version: 1,
    routes: ['/test'],
    namespace: FIXTURE_NS,
    initial: '1',
    answers: { phone: '(213) 373-4253', code: '' },
    steps: {
      '1': {
        title: 'common:contact.codeTitle',
        blocks: [{ widget: 'contact', props: { stage: 'code' } }],
        nav: { next: 'common:nav.next' },
        on: { NEXT: { guard: { valid: ['code', { var: 'answers.code' }] }, effect: 'verifyCode', target: '2' } },
      },
      '2': { title: 'errors:THANK_YOU', blocks: [], final: true },
    },
    effects: {
      verifyCode: {
        method: 'POST',
        path: '/user/mfa-sms-verify',
        body: { code: { var: 'answers.code' }, country_code: '+1', phone: '2133734253' },
        errors: { confirm_by_link: 'errors:CONFIRM_BY_LINK', default: 'errors:CODE_YOU_ENTERED_IS_INVALID_' },
      },
    },
  };
}

describe('the code step and the link of its text', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    sessionStorage.clear();
    keepStartedVisit();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes on by itself once the link in the text was opened', async () => {
    let linkOpened = false;
    const asked = vi.fn<LinkConfirmed>((signal) => Promise.resolve(!signal.aborted && linkOpened));
    // The API: the code is not checked (the phone's guesses are used up) until the link was opened, then the send verifies.
    fetchMock.mockImplementation((input) => {
      expect(urlOf(input).pathname).toBe('/api/user/mfa-sms-verify');
      return Promise.resolve(linkOpened ? json(200, { success: true }) : json(403, { success: false, error: 'confirm_by_link' }));
    });
    window.history.replaceState(null, '', '/test');
    render(
      <I18nextProvider i18n={i18n}>
        <LinkConfirmationContext.Provider value={asked}>
          <FunnelRoute flow={codeStepFunnel()} />
        </LinkConfirmationContext.Provider>
      </I18nextProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(i18n.t('common:contact.code')), '1234');
    await user.click(screen.getByRole('button', { name: i18n.t('common:nav.next') }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Tap the link in the text/));
    await waitFor(() => expect(asked).toHaveBeenCalled(), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(i18n.t('common:contact.codeTitle'));

    linkOpened = true;
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(i18n.t('errors:THANK_YOU')), { timeout: 5000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  }, 30_000);

  it('goes on by itself without a code once the link was opened, where the flow lets a confirmed send through', async () => {
    // The code step as flows/parts/verify-phone.json has it with its linkConfirmed answer (issue 23 part 5): Next passes
    // for a confirmed send without a code, and needs no check then (the API set the verification cookie already).
    const base = codeStepFunnel();
    const flow: Flow = {
      ...base,
      answers: { ...base.answers, linkConfirmed: false },
      steps: {
        ...base.steps,
        '1': {
          ...base.steps['1']!,
          on: {
            NEXT: [
              { guard: { var: 'answers.linkConfirmed' }, target: '2' },
              { guard: { valid: ['code', { var: 'answers.code' }] }, effect: 'verifyCode', target: '2' },
            ],
          },
        },
      },
    };
    let linkOpened = false;
    const asked = vi.fn<LinkConfirmed>((signal) => Promise.resolve(!signal.aborted && linkOpened));
    window.history.replaceState(null, '', '/test');
    render(
      <I18nextProvider i18n={i18n}>
        <LinkConfirmationContext.Provider value={asked}>
          <FunnelRoute flow={flow} />
        </LinkConfirmationContext.Provider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(asked).toHaveBeenCalled(), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(i18n.t('common:contact.codeTitle'));
    linkOpened = true;
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(i18n.t('errors:THANK_YOU')), { timeout: 5000 });
    expect(fetchMock).not.toHaveBeenCalled();
  }, 30_000);

  it('says the number is confirmed when the link was opened before a code was typed', async () => {
    const asked = vi.fn<LinkConfirmed>(() => Promise.resolve(true));
    render(
      <I18nextProvider i18n={i18n}>
        <LinkConfirmationContext.Provider value={asked}>
          <Contact
            props={{ stage: 'code' }}
            answers={{ phone: '2133734253', code: '' }}
            computed={{}}
            busy={false}
            send={vi.fn()}
            back={vi.fn()}
            ns={FIXTURE_NS}
            navigate={vi.fn()}
          />
        </LinkConfirmationContext.Provider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent(i18n.t('common:contact.linkConfirmed'));
  }, 15_000);

  it('asks nothing outside the app', async () => {
    const { send } = renderWidget(Contact, { props: { stage: 'code' }, answers: { phone: '2133734253', code: '1234' } });
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(send).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  }, 15_000);
});
