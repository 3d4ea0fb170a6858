// The sponsors a lead would go to, asked again whenever the answers that shape it change (a service ticked), the
// last question cancelled by the next; a failed question is shown with a way to ask again.
import { useContext, useEffect, useRef, useState } from 'react';
import { LeadSponsorsContext, routableLead, type OfferedSponsor } from './lead-sponsors.ts';

export type SponsorOffer = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; sponsors: OfferedSponsor[] };

/** Answers arrive a keystroke or a tap at a time: the question waits for them to settle. */
const SETTLE_MS = 250;

/** The answer to one question: the sponsors, or a failure, for the lead it asked about. */
type Answer = { question: string; sponsors: OfferedSponsor[] | 'failed' };

export function useSponsorOffer(effect: string, asks: boolean): { offer: SponsorOffer; retry: () => void } {
  const app = useContext(LeadSponsorsContext);
  const request = asks ? app?.preview(effect) : undefined;
  const [attempt, setAttempt] = useState(0);
  const question = request ? JSON.stringify([attempt, request.path, routableLead(request.body)]) : undefined;
  const [answer, setAnswer] = useState<Answer | undefined>();
  // The app's context changes with every answer; only a new question asks again.
  const appRef = useRef(app);
  useEffect(() => {
    appRef.current = app;
  });

  useEffect(() => {
    const app = appRef.current;
    if (!app || question === undefined) return undefined;
    const controller = new AbortController();
    const [, path, lead] = JSON.parse(question) as [number, string, Record<string, unknown>];
    const timer = window.setTimeout(() => {
      app
        .sponsorsOf(path, lead, controller.signal)
        .then((sponsors) => setAnswer({ question, sponsors }))
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ question, sponsors: 'failed' });
        });
    }, SETTLE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [question]);

  const retry = () => setAttempt((n) => n + 1);
  if (question === undefined) return { offer: { state: 'idle' }, retry };
  if (answer?.question !== question) return { offer: { state: 'loading' }, retry };
  return { offer: answer.sponsors === 'failed' ? { state: 'failed' } : { state: 'ready', sponsors: answer.sponsors }, retry };
}
