// The consent of a button that sends a lead: who may call, by name (one unticked box each where several may), and
// the notice of exactly that, right above the button. A person who asked for no call is told no one will call.
import { useEffect, useState } from 'react';
import { holds } from '../../engine/logic.ts';
import type { Logic } from '../../engine/types.ts';
import type { WidgetProps } from '../types.ts';
import { LegalNotice } from '../consent/LegalNotice.tsx';
import { useCopy } from '../shared/use-copy.ts';
import { useSponsorOffer } from './use-sponsor-offer.ts';
import './sponsor-consent.css';

export type SponsorConsentProps = {
  /** The effect whose lead the sponsors are asked for (createLead by default). */
  effect?: string;
  /** When the person asked to be called (JSON Logic over the answers; always, unless told). */
  asks?: Logic;
  /** Copy keys of the notices: none (no call asked or no sponsor ticked), unavailable (no sponsor serves it), calls. */
  notices: { none: string; unavailable: string; calls: string };
};

export function SponsorConsent({ props, answers, computed, send, busy, ns }: WidgetProps<SponsorConsentProps>) {
  const { t } = useCopy(ns);
  const asks = props.asks === undefined || holds(props.asks, { answers, computed }, Date.now);
  const { offer, retry } = useSponsorOffer(props.effect ?? 'createLead', asks);
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const offered = offer.state === 'ready' ? offer.sponsors : [];
  // One sponsor is named by the notice itself; of several, those the person ticked.
  const named = offered.length === 1 ? offered : offered.filter((sponsor) => chosen.includes(sponsor.id));
  const { none, unavailable, calls } = props.notices;
  const notice = !asks ? none : offer.state !== 'ready' ? undefined : offered.length === 0 ? unavailable : named.length === 0 ? none : calls;

  // While the offer is on its way there is no notice, and so no consent to give: Next waits (the declaration's ready).
  const stale = notice === undefined && answers.notice !== null;
  useEffect(() => {
    if (stale) send({ type: 'ANSWER', values: { notice: null } });
  }, [stale, send]);

  return (
    <div className="widget sponsor-consent">
      {offered.length > 1 && (
        <fieldset className="sponsor-consent__choices">
          <legend>{t('common:consent.sponsors.legend')}</legend>
          <p className="muted">{t('common:consent.sponsors.choose')}</p>
          {offered.map((sponsor) => (
            <label key={sponsor.id} className="sponsor-consent__choice">
              <input
                type="checkbox"
                checked={chosen.includes(sponsor.id)}
                disabled={busy}
                onChange={(event) => {
                  const { checked } = event.target;
                  setChosen((ids) => (checked ? [...ids, sponsor.id] : ids.filter((id) => id !== sponsor.id)));
                }}
              />
              <span>{sponsor.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      {offer.state === 'loading' && (
        <p className="sponsor-consent__loading muted" role="status">
          {t('common:consent.sponsors.loading')}
        </p>
      )}
      {offer.state === 'failed' && (
        <div className="sponsor-consent__failed" role="alert">
          <p>{t('common:consent.sponsors.failed')}</p>
          <button type="button" className="btn btn-secondary" onClick={retry}>
            {t('common:consent.sponsors.retry')}
          </button>
        </div>
      )}
      {notice !== undefined && <LegalNotice notice={notice} ns={ns} send={send} sponsors={named} />}
    </div>
  );
}
