// /sms routes: the unsubscribe link of alert texts (/unsubscribe/{token} in the app calls them) and, with the Twilio
// provider, its incoming-message webhook, where a STOP reply stops texts to the phone and HELP is answered with the
// program, the operator's contact, rates and how to stop (issue 34; the carriers' program terms ask for it).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { latestAlertLocale } from '../alerts/expire-alerts.ts';
import type { Operator, TwilioConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { e164FromTyped, phoneForPeople } from '../phone.ts';
import { phoneOfToken, resumePhone, stopPhone } from '../sms/stops.ts';
import { smsText, type SmsLocale } from '../sms/sms-text.ts';
import { isTwilioSigned } from '../sms/twilio-signature.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';

/** Twilio's standard opt-out and opt-in words (a reply that is exactly one of them, in any case). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);
/** Asking for help, in English or Spanish (AYUDA: the reply is in Spanish whatever the phone was texted in). */
const HELP_WORDS = new Set(['HELP', 'INFO', 'AYUDA']);

/** No reply of ours: Twilio answers STOP and START itself. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** TwiML that answers the sender with text. */
const replyTwiml = (text: string) => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(text)}</Message></Response>`;
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const smsRoutes: RoutePlugin = async (app, { config, db }) => {
  const unsubscribe = { params: s.smsUnsubscribeParams, response: { 200: s.smsUnsubscribeResponse, 400: s.validationErrorResponse, 404: s.errorResponse } };

  // Reads only: link previews and prefetches must not stop anyone's texts.
  app.get('/sms/unsubscribe/:token', { schema: unsubscribe }, async (request, reply) => {
    const found = await phoneOfToken(db, request.params.token);
    if (!found) return reply.code(404).send({ error: 'not_found' });
    return { phoneEnd: found.phone.slice(-4), stopped: found.stopped };
  });

  app.post('/sms/unsubscribe/:token', { schema: unsubscribe }, async (request, reply) => {
    const found = await phoneOfToken(db, request.params.token);
    if (!found) return reply.code(404).send({ error: 'not_found' });
    await stopPhone(db, found.phone, 'link');
    request.log.info({ via: 'link' }, 'SMS stopped');
    return { phoneEnd: found.phone.slice(-4), stopped: true };
  });

  // Only Twilio sends these; with the console provider there is no such route (404).
  if (config.smsProvider === 'twilio' && config.twilio) {
    await app.register(inboundRoute, { twilio: config.twilio, publicUrl: config.publicUrl, operator: config.operator, db });
  }
};

/** Its own plugin: the form parser Twilio's webhook needs is this route's alone (the rest of the API takes JSON). */
const inboundRoute: RoutePlugin<{ twilio: TwilioConfig; publicUrl: string; operator: Operator; db: Db }> = (app, { twilio, publicUrl, operator, db }) => {
  const help = { name: operator.name, phone: phoneForPeople(operator.phone), email: operator.email };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, raw, done) => {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(raw as string)) {
      // Twilio never repeats a name; a body that does is not Twilio's (and its signature would be ambiguous).
      if (name in params) return done(Object.assign(new Error(`repeated parameter ${name}`), { statusCode: 400 }), undefined);
      params[name] = value;
    }
    return done(null, params);
  });

  /** Before the body's schema: an unsigned request learns nothing about what we accept. */
  const verifySignature = async (request: FastifyRequest, reply: FastifyReply) => {
    const signature = request.headers['x-twilio-signature'];
    const params = (request.body ?? {}) as Record<string, string>;
    // Twilio signs the URL it was given: the site's public origin and this path, query included.
    if (!isTwilioSigned(twilio.authToken, publicUrl + request.url, params, typeof signature === 'string' ? signature : undefined)) {
      request.log.warn('SMS webhook with a bad signature');
      return reply.code(403).send({ error: 'bad_signature' });
    }
    return undefined;
  };

  app.post(
    '/sms/inbound',
    {
      preValidation: verifySignature,
      schema: { body: s.smsInboundRequest, response: { 200: s.smsInboundResponse, 400: s.validationErrorResponse, 403: s.errorResponse } },
    },
    async (request, reply) => {
      const phone = e164FromTyped(request.body.From);
      const word = request.body.Body.trim().toUpperCase();
      const kind = request.body.OptOutType?.toUpperCase();
      let action: 'stop' | 'start' | 'help' | undefined;
      if (phone && (kind === 'STOP' || STOP_WORDS.has(word))) {
        await stopPhone(db, phone, 'sms');
        action = 'stop';
      } else if (phone && (kind === 'START' || START_WORDS.has(word))) {
        await resumePhone(db, phone);
        action = 'start';
      } else if (HELP_WORDS.has(word) && kind !== 'HELP') {
        // OptOutType=HELP: the Messaging Service's Advanced Opt-Out has answered already, with the text set there.
        action = 'help';
      }
      // The phone is not logged.
      request.log.info({ action: action ?? 'none' }, 'SMS received');
      if (action === 'help') {
        const locale: SmsLocale = word === 'AYUDA' ? 'es' : phone && (await latestAlertLocale(db, phone)) === 'es' ? 'es' : 'en';
        return reply.type('text/xml').send(replyTwiml(smsText(locale, 'help', help)));
      }
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
  return Promise.resolve();
};
