// /user routes: TCPA consent records and SMS phone verification (send a code and its link, check the code, confirm the
// link, and hand the visitor the cookie).
import type { FastifyReply } from 'fastify';
import { alertCountryAllowed } from '../alerts/deliver-countries.ts';
import { loadConsentCatalogue } from '../consent-text.ts';
import { pendingVisitorHash, pendingVisitorId, setPendingCookie } from '../pending-verification.ts';
import { e164FromParts, textableIn } from '../phone.ts';
import { smsText } from '../sms/sms-text.ts';
import { isBlacklisted } from '../store/blacklist.ts';
import { confirmLink, newLinkToken, secretHash, verifyConfirmedSend } from '../store/code-links.ts';
import { limitPolicies } from '../limits/policies.ts';
import { checkCode, hashCode, issueCode, newCode, type Refusal } from '../store/one-time-codes.ts';
import { newSendChallenge, solvedChallenge } from '../store/send-challenges.ts';
import { sharedSecret } from '../store/server-secrets.ts';
import { recordVerification, sendTrust } from '../store/verifications.ts';
import { newVerificationId, setVerificationCookie, verificationIdHash } from '../verification-cookie.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RoutePlugin } from './deps.ts';
import { refuseUnstorableText } from './storable-text.ts';
import { leadFlows } from './lead-flows.ts';
import { recordTcpaConsent } from './tcpa-consent.ts';

/** The sources (mfa-sms-send's `source`) of the funnels that text report alerts: their leads carry an alert. */
const ALERT_SOURCES: readonly unknown[] = ['notify-me', 'alert', 'find-my-report'];

/** 429 with Retry-After: the client shows the error's message and may offer to retry after that many seconds. */
function refuse(reply: FastifyReply, { error, retryAfterMs }: Refusal) {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  // Worth seeing in the log (a guessing attempt, or a user stuck); the phone is not logged.
  reply.log.warn({ limit: error, retryAfter }, 'one-time code limit');
  return reply.code(429).header('retry-after', String(retryAfter)).send({ success: false, error, retryAfter });
}

export const userRoutes: RoutePlugin = (app, { config, db, sms, clock = Date.now, limits: changes, flows }) => {
  const limits = limitPolicies(config, changes);
  const tcpa = { db, config, limits, clock, catalogue: loadConsentCatalogue(config.localesDir), flows: leadFlows(config.flowsDir, flows) };
  /** The test phone counts as verified at once (spec §5), by whoever asks, and gets its verification cookie. */
  const verifyTestPhone = async (reply: FastifyReply, phone: string) => {
    const { id, idHash } = newVerificationId();
    await recordVerification(db, phone, idHash, clock());
    setVerificationCookie(reply, id, config.nodeEnv);
  };

  app.post(
    '/user/tcpa',
    {
      preValidation: refuseUnstorableText,
      schema: {
        querystring: s.userTcpaQuery,
        body: s.userTcpaRequest,
        response: {
          200: s.userTcpaResponse,
          400: s.validationErrorResponse,
          403: s.errorResponse,
          409: s.errorResponse,
          422: s.errorResponse,
          429: { anyOf: [s.errorResponse, s.rateLimitedResponse] },
        },
      },
    },
    async (request, reply) => {
      // Sent there: a kept answer goes out as its stored bytes, which the schema's reply type cannot describe.
      await recordTcpaConsent(tcpa, request, reply);
    },
  );

  // A 400 here is either the SMS calls' own failure body or a body that failed its schema; a 429 is a code limit's or
  // the per-address request limit's (server/security.ts).
  const failure = {
    400: { anyOf: [s.mfaFailureResponse, s.validationErrorResponse] },
    403: s.mfaFailureResponse,
    429: s.mfaLimitResponse,
    502: s.mfaFailureResponse,
  };

  app.post(
    '/user/mfa-sms-send',
    { schema: { body: s.mfaSmsSendRequest, response: { 200: s.mfaSmsSendResponse, ...failure, 428: s.mfaChallengeResponse } } },
    async (request, reply) => {
      const phone = e164FromParts(request.body.country_code, request.body.phone);
      if (!phone) return reply.code(400).send({ success: false, error: 'invalid_phone' });
      if (phone === config.testPhone) {
        await verifyTestPhone(reply, phone);
        return { success: true, verified: true } as const;
      }
      // SMS pumping: no code to another country, or to a premium-rate or other number that cannot take texts.
      if (!textableIn(phone, config.smsCountries)) {
        request.log.info('one-time code refused: not a mobile number of SMS_COUNTRIES');
        return reply.code(400).send({ success: false, error: 'invalid_phone' });
      }
      // A commercial user: the app shows why and sends them to the business service's sign-up page (spec §8).
      if (await isBlacklisted(db, phone)) {
        return reply.code(403).send({ success: false, error: 'blacklisted', ...(config.businessSignupUrl && { redirect: config.businessSignupUrl }) });
      }
      // Said at the contact step, not at the last one when the alert is refused (lead-submission.ts).
      if (ALERT_SOURCES.includes(request.body.source) && !alertCountryAllowed(phone, config.alertCountries)) {
        return reply.code(400).send({ success: false, error: 'alert_phone_country' });
      }
      const code = newCode();
      const link = newLinkToken();
      const visitorId = pendingVisitorId(request);
      const now = clock();
      // The key of the send challenges, made once and shared by every process on the database.
      const key = (await sharedSecret(db, 'send-challenge')).toString('base64url');
      const trust = await sendTrust(db, phone, verificationIdHash(request), now);
      const header = request.headers['x-altcha'];
      const solved = await solvedChallenge(key, typeof header === 'string' ? header : undefined, phone, now);
      const hashes = { code: hashCode(config.codeSecret, phone, code), link: link.hash };
      const issued = await issueCode(db, limits, { phone, ip: request.ip, visitorHash: secretHash(visitorId), now, trust }, hashes, solved);
      // Past a limit: a proof of work, which the app solves and sends again with (X-Altcha), instead of a refusal.
      if (issued.challenge !== undefined) {
        request.log.info({ level: issued.challenge }, 'one-time code send asks for a proof of work');
        return reply.code(428).send({ success: false, error: 'challenge_required', challenge: await newSendChallenge(key, phone, issued.challenge, now) });
      }
      for (const alert of issued.alerts) request.log.warn(alert, 'SMS send budget 80% used');
      try {
        const text = smsText(request.body.language ?? 'en', 'code', { code, host: config.appHost, link: `${config.publicUrl}/verify/${link.token}` });
        await sms.send(phone, text);
      } catch (error) {
        request.log.error({ err: error }, 'SMS provider failed');
        return reply.code(502).send({ success: false, error: 'sms_failed' });
      }
      // Only this visitor may check the code or be verified by its link; /user/tcpa may keep their consent to this phone.
      setPendingCookie(reply, config, phone, visitorId, clock());
      return { success: true } as const;
    },
  );

  app.post(
    '/user/mfa-sms-verify',
    { schema: { body: s.mfaSmsVerifyRequest, response: { 200: s.mfaSmsVerifyResponse, ...failure } } },
    async (request, reply) => {
      const phone = e164FromParts(request.body.country_code, request.body.phone);
      if (phone !== undefined && phone === config.testPhone) {
        await verifyTestPhone(reply, phone);
        return { success: true } as const;
      }
      if (phone === undefined) return reply.code(400).send({ success: false, error: 'invalid_code' });
      const { id, idHash } = newVerificationId();
      const codeHash = hashCode(config.codeSecret, phone, request.body.code);
      const outcome = await checkCode(db, limits, { phone, ip: request.ip, visitorHash: pendingVisitorHash(request), now: clock() }, codeHash, idHash);
      if (outcome === 'wrong') return reply.code(400).send({ success: false, error: 'invalid_code' });
      // The owner is told to ask for a new code: retrying this one cannot pass.
      if (outcome === 'expired') return reply.code(400).send({ success: false, error: 'code_expired' });
      // The phone's guesses of the month are used up: the text's link still confirms its owner (mfa-sms-confirmed).
      if (outcome === 'confirm_by_link') return reply.code(403).send({ success: false, error: 'confirm_by_link' });
      if (outcome === 'verified') setVerificationCookie(reply, id, config.nodeEnv);
      else if (outcome !== 'confirmed') return refuse(reply, outcome);
      return { success: true } as const;
    },
  );

  // The page of a code text's link (/verify/{token}) sends this when opened: a link preview, which runs no script,
  // confirms nothing. It confirms the send only in the browser that asked for the code (its cf_pending): opened in any
  // other (the phone's owner tapping the link of a stranger's send), 403 other_browser, and nobody is verified by it.
  // Tokens are 128 random bits: not worth a limit of their own beyond the API's per-address one.
  app.post(
    '/user/mfa-sms-link',
    {
      schema: {
        body: s.mfaSmsLinkRequest,
        response: { 200: s.mfaSmsLinkResponse, 400: s.validationErrorResponse, 403: s.mfaFailureResponse, 404: s.mfaFailureResponse },
      },
    },
    async (request, reply) => {
      const outcome = await confirmLink(db, request.body.token, pendingVisitorHash(request), clock());
      if (outcome === 'expired') return reply.code(404).send({ success: false, error: 'link_expired' });
      if (outcome === 'other_browser') return reply.code(403).send({ success: false, error: 'other_browser' });
      return { success: true } as const;
    },
  );

  // The code step asks this while it is shown: once the link of the send the visitor asked for was opened (in this very
  // browser: mfa-sms-link), it gets the verification cookie as a right code would have given it.
  app.post(
    '/user/mfa-sms-confirmed',
    { schema: { body: s.mfaSmsConfirmedRequest, response: { 200: s.mfaSmsConfirmedResponse, 400: s.validationErrorResponse } } },
    async (request, reply) => {
      const visitorHash = pendingVisitorHash(request);
      if (visitorHash === undefined) return { confirmed: false };
      const { id, idHash } = newVerificationId();
      const outcome = await verifyConfirmedSend(db, { visitorHash, now: clock() }, idHash);
      if (outcome === 'verified') setVerificationCookie(reply, id, config.nodeEnv);
      return { confirmed: outcome !== undefined };
    },
  );
  return Promise.resolve();
};
