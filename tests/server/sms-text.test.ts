// The server's SMS texts in both languages: what a person reads, how they stop, and how many segments it costs.
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../server/config.ts';
import { phoneForPeople } from '../../server/phone.ts';
import { SMS_LOCALES, smsText } from '../../server/sms/sms-text.ts';

const SITE = 'https://claimflow.example.com';
/** An alert's link: a proof standing for its VIN (an alert id, an expiry and a MAC), never the VIN. */
const LINK = `${SITE}/accident/AbCdEfGhIjKlMnOpQrStUv?proof=aAbCdEfGhIjKlMnOpQrStUv.tlq2v4.AbCdEfGhIjKlMnOp`;
const STOP = `${SITE}/unsubscribe/AbCdEfGhIjKlMnOp`;
const VERIFY = `${SITE}/verify/AbCdEfGhIjKlMnOpQrStUv`;

// GSM 03.38's basic set and its extension (each of those costs two): anything else makes the text UCS-2.
const GSM7 = new Set([...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà']);
const GSM7_EXT = new Set([...'^{}\\[~]|€']);

/** Segments an SMS takes: 160 GSM-7 characters alone or 153 concatenated; 70 / 67 in UCS-2. */
function segments(text: string): { encoding: 'GSM-7' | 'UCS-2'; count: number } {
  const chars = [...text];
  if (chars.every((c) => GSM7.has(c) || GSM7_EXT.has(c))) {
    const length = chars.reduce((n, c) => n + (GSM7_EXT.has(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', count: length <= 160 ? 1 : Math.ceil(length / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', count: units <= 70 ? 1 : Math.ceil(units / 67) };
}

describe('smsText', () => {
  it("writes the one-time code and its link in the visitor's language, with WebOTP's last line in both", () => {
    expect(smsText('en', 'code', { code: '0421', host: 'claims.example.com', link: VERIFY })).toBe(
      `Your claimflow code is 0421\nOr tap to confirm: ${VERIFY}\n@claims.example.com #0421`,
    );
    expect(smsText('es', 'code', { code: '0421', host: 'claims.example.com', link: VERIFY })).toBe(
      `Su clave de claimflow es 0421\nO toque para confirmar: ${VERIFY}?lang=es\n@claims.example.com #0421`,
    );
  });

  it.each(SMS_LOCALES)('%s: an alert text links the report and ends with how to stop: reply STOP or the link', (locale) => {
    const lang = (url: string) => (locale === 'en' ? '' : `${url.includes('?') ? '&' : '?'}lang=${locale}`);
    for (const key of ['alertFound', 'alertEnded'] as const) {
      const text = smsText(locale, key, { link: LINK, stop: STOP });
      expect(text).toContain(`${LINK}${lang(LINK)}\n`);
      expect(text).toMatch(/reply STOP|responda STOP/);
      expect(text.endsWith(`${STOP}${lang(STOP)}`)).toBe(true);
      expect(text).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('says a report is filed, or that the alert ended, in English and Spanish', () => {
    expect(smsText('en', 'alertFound', { link: LINK, stop: STOP })).toMatch(/^claimflow: your accident report is on file/);
    expect(smsText('es', 'alertFound', { link: LINK, stop: STOP })).toMatch(/^claimflow: su informe del accidente ya fue registrado/);
    expect(smsText('en', 'alertEnded', { link: `${SITE}/find-my-report`, stop: STOP })).toMatch(
      /alert has ended.*Search again: https:\/\/claimflow\.example\.com\/find-my-report/,
    );
    expect(smsText('es', 'alertEnded', { link: `${SITE}/find-my-report`, stop: STOP })).toMatch(
      /alerta ha vencido.*Busque de nuevo: https:\/\/claimflow\.example\.com\/find-my-report\?lang=es\n/,
    );
  });

  it.each(SMS_LOCALES)('%s: alert texts stay GSM-7 and two segments; the code and its link one segment', (locale) => {
    expect(segments(smsText(locale, 'alertFound', { link: LINK, stop: STOP }))).toEqual({ encoding: 'GSM-7', count: 2 });
    expect(segments(smsText(locale, 'alertEnded', { link: `${SITE}/find-my-report`, stop: STOP }))).toEqual({ encoding: 'GSM-7', count: 2 });
    const code = smsText(locale, 'code', { code: '1234', host: 'claims.example.com', link: VERIFY });
    expect(segments(code)).toEqual({ encoding: 'GSM-7', count: 1 });
    expect(code.length).toBe(locale === 'en' ? 132 : 147);
  });

  it.each(SMS_LOCALES)("%s: the HELP reply names the program, the operator's phone and e-mail, rates and STOP, in one segment", (locale) => {
    const help = { name: DEMO_OPERATOR.name, phone: phoneForPeople(DEMO_OPERATOR.phone), email: DEMO_OPERATOR.email };
    const text = smsText(locale, 'help', help);
    expect(text).toBe(
      locale === 'en'
        ? 'ClaimFlow demo texts. Help: (202) 555-0100 or help@claimflow.example. Msg & data rates may apply. Reply STOP to cancel.'
        : 'Mensajes de ClaimFlow demo. Ayuda: (202) 555-0100 o help@claimflow.example. Pueden aplicarse tarifas de mensajes y datos. Responda STOP para cancelar.',
    );
    expect(segments(text)).toEqual({ encoding: 'GSM-7', count: 1 });
    // The room left for a real operator's name, phone and e-mail in one segment (sms-text.ts says it).
    const room = 160 - (text.length - (help.name + help.phone + help.email).length);
    expect(room).toBe(locale === 'en' ? 91 : 60);
  });
});
