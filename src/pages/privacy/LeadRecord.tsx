// One request as /privacy shows it, as stored: the funnel it came from, the name and email, every answer (labelled, in
// the order stored), the call time and its window, the IP address and browser, the free text, and the sponsors that got
// it and when.
import { useTranslation } from 'react-i18next';
import { callWindowParts } from '../../../widgets/shared/call-window.ts';
import type { PrivacyData } from '../../api/privacy.ts';
import { flows } from '../../flows.ts';
import { dateTimeFormat } from '../../../engine/languages.ts';

type Lead = PrivacyData['leads'][number];

const dateOf = (iso: string, language: string) => dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
const dateTimeOf = (iso: string, language: string) => dateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** The copy namespace of the flow a request came from, whose meta.title names it (loaded before the data is shown). */
export const flowNamespace = (flowId: string | null) => flows.find((flow) => flow.id === flowId)?.namespace;

/** A map pin as stored ({ lat, lng }). */
const isPoint = (value: unknown): value is { lat: number; lng: number } =>
  typeof value === 'object' && value !== null && typeof (value as { lat?: unknown }).lat === 'number' && typeof (value as { lng?: unknown }).lng === 'number';

/** The answers' values with their path and the name of their field, nested objects (extraDetails.accidentDetails, alert) opened. */
function leaves(answers: Record<string, unknown>, parent = ''): { path: string; key: string; value: unknown }[] {
  return Object.entries(answers).flatMap(([key, value]) => {
    const path = `${parent}${key}`;
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !isPoint(value)
      ? leaves(value as Record<string, unknown>, `${path}.`)
      : [{ path, key, value }];
  });
}

export function LeadRecord({ lead }: { lead: Lead }) {
  const { t, i18n } = useTranslation(['privacy', 'common']);
  const lang = i18n.language;
  const ns = flowNamespace(lead.flowId);
  const funnel = ns ? t(`${ns}:meta.title`) : lead.funnel;
  /** A field's label: a service of the lead types screen by its name, else the page's label, else the field's own name. */
  const label = (key: string) =>
    i18n.exists(`common:leadTypes.services.${key}.name`) ? t(`common:leadTypes.services.${key}.name`) : t(`data.answer.${key}`, { defaultValue: key });
  const text = (value: unknown) =>
    typeof value === 'boolean'
      ? t(value ? 'data.yes' : 'data.no')
      : isPoint(value)
        ? `${value.lat}, ${value.lng}`
        : Array.isArray(value)
          ? value.join(', ')
          : String(value);
  const { callTime } = lead;

  return (
    <li>
      <p className="privacy__item-title">{t('data.lead', { funnel, date: dateOf(lead.createdAt, lang) })}</p>
      <dl>
        <dt>{t('data.name')}</dt>
        <dd>{`${lead.firstName} ${lead.lastName}`}</dd>
        <dt>{t('data.email')}</dt>
        <dd>{lead.email}</dd>
        {leaves(lead.answers)
          .filter(({ value }) => value !== null && value !== '')
          .map(({ path, key, value }) => (
            <Field key={path} label={label(key)} value={text(value)} />
          ))}
        {callTime && (
          <Field
            label={t('data.callTime')}
            value={
              callTime.from && callTime.to && callTime.timeZone
                ? t('data.callWindow', {
                    slot: callTime.slot,
                    ...callWindowParts({ from: callTime.from, to: callTime.to, timeZone: callTime.timeZone }, lang),
                  })
                : callTime.slot
            }
          />
        )}
        {lead.freeText && <Field label={t('data.freeText')} value={lead.freeText} />}
        {lead.ip && <Field label={t('data.ip')} value={lead.ip} />}
        {lead.userAgent && <Field label={t('data.userAgent')} value={lead.userAgent} />}
        {lead.referrers && <Field label={t('data.referrers')} value={lead.referrers} />}
      </dl>
      {lead.sponsors.length === 0 ? (
        <p className="muted">{t('data.notSent')}</p>
      ) : (
        <ul className="privacy__sponsors">
          {lead.sponsors.map(({ name, sentAt }) => (
            <li key={`${name} ${sentAt}`}>{t('data.sentTo', { name, date: dateTimeOf(sentAt, lang) })}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
