// The consent of a button that sends a lead: it asks who the lead would go to (through LeadSponsorsContext; a fake
// here), then shows the notice of exactly that and writes it as the `notice` answer the lead's consent sends: no one
// asked, no one serving, the one sponsor named, or of several those the person ticked. While it asks, no notice.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LeadSponsors, OfferedSponsor } from '../../widgets/sponsor-consent/lead-sponsors.ts';
import { SponsorConsent, type SponsorConsentProps } from '../../widgets/sponsor-consent/SponsorConsent.tsx';
import { sponsorConsent } from '../../widgets/sponsor-consent/declaration.ts';
import { shownText } from '../testing/lead-bodies.ts';
import { answersSent, renderWidget } from '../testing/render-widget.tsx';

const notices = { none: 'common:consent.notice.lead.none', unavailable: 'common:consent.notice.lead.unavailable', calls: 'common:consent.notice.lead.calls' };
const props: SponsorConsentProps = { notices };
const acme: OfferedSponsor = { id: 'acme-law', name: 'Acme Injury Law' };
const backCare: OfferedSponsor = { id: 'back-care', name: 'Back Care Chiropractic' };

/** The lead the step would send: with the person's name, phone and email, which the question leaves out. */
const lead = {
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '(202) 555-0123',
  email: 'maria@example.com',
  legal_consult: true,
  leadTypes: { Chiropractor: 'PM' },
  consent: { key: 'common:consent.notice.sms.code', text: 'Words.', locale: 'en', flowId: 'calculator', flowVersion: 1 },
};

/** A fake of the app's LeadSponsors: the lead above, and the API's answers as the test gives them. */
function fakeSponsors(answer: () => Promise<OfferedSponsor[]>) {
  const sponsorsOf = vi.fn<LeadSponsors['sponsorsOf']>(() => answer());
  const preview = vi.fn<LeadSponsors['preview']>((effect) => (effect === 'createLead' ? { path: '/leads/create/calc', body: lead } : undefined));
  return { preview, sponsorsOf };
}

const never = () => new Promise<OfferedSponsor[]>(() => undefined);
/** The notice answers written, in order. */
const noticesWritten = (send: ReturnType<typeof renderWidget>['send']) =>
  answersSent(send)
    .filter((values) => 'notice' in values)
    .map((values) => values.notice);
/** The notice's paragraph (the words above the button). */
const noticeParagraph = (text: RegExp) => screen.getByText(text, { selector: '.consent__notice p' });

describe('sponsor-consent', () => {
  it('shows no notice while it asks who may call, and writes none (a notice left from the step before goes)', async () => {
    const leadSponsors = fakeSponsors(never);
    const stale = { key: 'common:consent.notice.sms.code', text: 'By tapping Send code…', sponsors: [] };
    const { send } = renderWidget(SponsorConsent, { props, answers: { notice: stale }, leadSponsors });
    expect(screen.getByRole('status')).toHaveTextContent('Finding who can help with your request…');
    await waitFor(() => expect(noticesWritten(send)).toEqual([null]));
    expect(document.querySelector('.consent__notice')).toBeNull();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // It asks once the answers settle: the route and the lead as routing reads it (no name, phone, email; the funnel).
    await waitFor(() => expect(leadSponsors.sponsorsOf).toHaveBeenCalledTimes(1));
    const [path, asked, signal] = leadSponsors.sponsorsOf.mock.calls[0]!;
    expect(leadSponsors.preview).toHaveBeenCalledWith('createLead');
    expect(path).toBe('/leads/create/calc');
    expect(asked).toEqual({ legal_consult: true, leadTypes: { Chiropractor: 'PM' }, consent: { flowId: 'calculator' } });
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('says no one serves the request when no sponsor would get it', async () => {
    const { send } = renderWidget(SponsorConsent, { props, answers: { notice: null }, leadSponsors: fakeSponsors(() => Promise.resolve([])) });
    const paragraph = await waitFor(() => noticeParagraph(/No sponsor serves this request where you are right now/));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.unavailable, text: paragraph.textContent, sponsors: [] }));
    expect(paragraph.textContent).toBe(shownText(notices.unavailable, 'en'));
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
  });

  it('names the one sponsor who may call: the words written are the words on screen', async () => {
    const { send } = renderWidget(SponsorConsent, { props, answers: { notice: null }, leadSponsors: fakeSponsors(() => Promise.resolve([acme])) });
    const paragraph = await waitFor(() => noticeParagraph(/By tapping Submit, you agree that Acme Injury Law may call or text you/));
    // One sponsor is named by the notice itself: no box to tick.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.calls, text: paragraph.textContent, sponsors: [acme.id] }));
    // What the server stores for that key and sponsor: the catalogue's words with the name written in.
    expect(paragraph.textContent).toBe(shownText(notices.calls, 'en', [acme.name]));
    expect(paragraph.closest('[data-notice]')).toHaveAttribute('data-notice', notices.calls);
  });

  it('offers several sponsors one unticked box each: no one is named until ticked, then only those ticked', async () => {
    const { user, send } = renderWidget(SponsorConsent, {
      props,
      answers: { notice: null },
      leadSponsors: fakeSponsors(() => Promise.resolve([acme, backCare])),
    });
    const choices = await screen.findByRole('group', { name: 'Who may call you' });
    const boxes = within(choices).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([acme.name, backCare.name]);
    boxes.forEach((box) => expect(box).not.toBeChecked());
    const none = noticeParagraph(/No one will call you about this request/);
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.none, text: none.textContent, sponsors: [] }));

    await user.click(within(choices).getByRole('checkbox', { name: backCare.name }));
    const one = noticeParagraph(/you agree that Back Care Chiropractic may call/);
    expect(one).not.toHaveTextContent(acme.name);
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.calls, text: one.textContent, sponsors: [backCare.id] }));
    expect(one.textContent).toBe(shownText(notices.calls, 'en', [backCare.name]));

    // Both, in the order offered.
    await user.click(within(choices).getByRole('checkbox', { name: acme.name }));
    const both = noticeParagraph(/you agree that Acme Injury Law and Back Care Chiropractic may call/);
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.calls, text: both.textContent, sponsors: [acme.id, backCare.id] }));

    await user.click(within(choices).getByRole('checkbox', { name: acme.name }));
    await user.click(within(choices).getByRole('checkbox', { name: backCare.name }));
    await waitFor(() => expect(noticesWritten(send).at(-1)).toMatchObject({ key: notices.none, sponsors: [] }));
    expect(noticeParagraph(/No one will call you about this request/)).toBeVisible();
  });

  it('asks no one when the person asked for no call (asks false): the notice that no one will call', async () => {
    const leadSponsors = fakeSponsors(() => Promise.resolve([acme]));
    const asks = { '==': [{ var: 'answers.legalConsult' }, true] };
    const { send, update } = renderWidget(SponsorConsent, { props: { ...props, asks }, answers: { notice: null, legalConsult: false }, leadSponsors });
    const paragraph = noticeParagraph(/No one will call you about this request/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.none, text: paragraph.textContent, sponsors: [] }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(leadSponsors.preview).not.toHaveBeenCalled();
    expect(leadSponsors.sponsorsOf).not.toHaveBeenCalled();
    // Asked after all: now it asks, and names the sponsor.
    update({ answers: { notice: null, legalConsult: true } });
    await waitFor(() => expect(noticesWritten(send).at(-1)).toMatchObject({ key: notices.calls, sponsors: [acme.id] }));
    expect(leadSponsors.sponsorsOf).toHaveBeenCalledTimes(1);
  });

  it('says when it could not ask, writes no notice, and asks again on Try again', async () => {
    let fail = true;
    const leadSponsors = fakeSponsors(() => (fail ? Promise.reject(new Error('network')) : Promise.resolve([acme])));
    const { user, send } = renderWidget(SponsorConsent, { props, answers: { notice: null }, leadSponsors });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't check who can help right now. Try again.");
    expect(document.querySelector('.consent__notice')).toBeNull();
    expect(noticesWritten(send)).toEqual([]);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status')).toHaveTextContent('Finding who can help with your request…');
    const paragraph = await waitFor(() => noticeParagraph(/you agree that Acme Injury Law may call/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(leadSponsors.sponsorsOf).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.calls, text: paragraph.textContent, sponsors: [acme.id] }));
  });

  it('writes the words in Spanish, the names as a Spanish list', async () => {
    const { user, send } = renderWidget(SponsorConsent, {
      props,
      answers: { notice: null },
      lng: 'es',
      leadSponsors: fakeSponsors(() => Promise.resolve([acme, backCare])),
    });
    const choices = await screen.findByRole('group', { name: 'Quién puede llamarlo' });
    await user.click(within(choices).getByRole('checkbox', { name: acme.name }));
    await user.click(within(choices).getByRole('checkbox', { name: backCare.name }));
    const paragraph = noticeParagraph(/usted autoriza a Acme Injury Law y Back Care Chiropractic a llamarlo/);
    expect(paragraph.textContent).toBe(shownText(notices.calls, 'es', [acme.name, backCare.name]));
    await waitFor(() => expect(noticesWritten(send).at(-1)).toEqual({ key: notices.calls, text: paragraph.textContent, sponsors: [acme.id, backCare.id] }));
  });

  it('lets its step go on only with one of its own notices on screen, and says why it waits', () => {
    const ready = sponsorConsent.ready!(props);
    expect(ready).toEqual({ in: [{ var: 'answers.notice.key' }, [notices.none, notices.unavailable, notices.calls]] });
    expect(sponsorConsent.notReady!(props)).toBe('notReady.sponsors');
    expect(sponsorConsent.notices!(props)).toEqual([notices.none, notices.unavailable, notices.calls]);
  });
});
