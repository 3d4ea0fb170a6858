// /user routes: TCPA consent records and SMS phone verification (send a code, check it, and hand the visitor the cookie).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { tcpaMessage } from '../consent-text.ts';
import { e164FromParts, e164FromTyped } from '../phone.ts';
import { insertConsent } from '../store/consents.ts';
import { consumeCode, hashCode, newCode, saveCode } from '../store/one-time-codes.ts';
import { recordVerification } from '../store/verifications.ts';
import { newVerificationId, setVerificationCookie } from '../verification-cookie.ts';
import { apiSchemas as s } from './api-schemas.ts';
import type { RouteDeps } from './deps.ts';
import { fieldError } from './field-error.ts';

interface TcpaBody {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  state?: string | null;
  zip?: string | null;
  trustedformPingUrl?: string | null;
  accidentDate?: string | null;
}

interface SmsSendBody {
  country_code: string;
  phone: string;
  source?: string | null;
}

interface SmsVerifyBody {
  code: string;
  country_code: string;
  phone: string;
}

/** The code on the first line; the last line is WebOTP's, so a browser on appHost can offer to fill the code in. */
function smsText(code: string, appHost: string): string {
  return `Your claimflow code is ${code}\n@${appHost} #${code}`;
}

export const userRoutes: FastifyPluginAsync<RouteDeps> = (app, { config, db, sms }) => {
  /** The test phone counts as verified at once (spec §5), by whoever asks, and gets its verification cookie. */
  const verifyTestPhone = async (reply: FastifyReply, phone: string) => {
    const { id, idHash } = newVerificationId();
    await recordVerification(db, phone, idHash);
    setVerificationCookie(reply, id, config.nodeEnv);
  };

  app.post<{ Body: TcpaBody; Querystring: { funnel?: string } }>(
    '/user/tcpa',
    {
      schema: {
        querystring: s.userTcpaQuery,
        body: s.userTcpaRequest,
        response: { 200: s.userTcpaResponse, 400: s.validationErrorResponse },
      },
    },
    async (request, reply) => {
      const phone = e164FromTyped(request.body.phone);
      if (!phone) return reply.code(400).send(fieldError('phone', 'phone is not a valid phone number'));
      const token = randomUUID();
      const message = tcpaMessage(request.query.funnel);
      await insertConsent(db, {
        token,
        funnel: request.query.funnel,
        phone,
        fields: { ...request.body },
        tcpaMessage: message,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512),
      });
      return { token, tcpaMessage: message };
    },
  );

  // A 400 here is either the SMS calls' own failure body or a body that failed its schema.
  const failure = { 400: { anyOf: [s.mfaFailureResponse, s.validationErrorResponse] }, 502: s.mfaFailureResponse };

  app.post<{ Body: SmsSendBody }>(
    '/user/mfa-sms-send',
    { schema: { body: s.mfaSmsSendRequest, response: { 200: s.mfaSmsSendResponse, ...failure } } },
    async (request, reply) => {
      const phone = e164FromParts(request.body.country_code, request.body.phone);
      if (!phone) return reply.code(400).send({ success: false, error: 'invalid_phone' });
      if (phone === config.testPhone) {
        await verifyTestPhone(reply, phone);
        return { success: true, verified: true };
      }
      const code = newCode();
      await saveCode(db, phone, hashCode(config.codeSecret, phone, code));
      try {
        await sms.send(phone, smsText(code, config.appHost));
      } catch (error) {
        request.log.error({ err: error }, 'SMS provider failed');
        return reply.code(502).send({ success: false, error: 'sms_failed' });
      }
      return { success: true };
    },
  );

  app.post<{ Body: SmsVerifyBody }>(
    '/user/mfa-sms-verify',
    { schema: { body: s.mfaSmsVerifyRequest, response: { 200: s.mfaSmsVerifyResponse, ...failure } } },
    async (request, reply) => {
      const phone = e164FromParts(request.body.country_code, request.body.phone);
      if (phone !== undefined && phone === config.testPhone) {
        await verifyTestPhone(reply, phone);
        return { success: true };
      }
      const { id, idHash } = newVerificationId();
      const ok = phone !== undefined && (await consumeCode(db, phone, hashCode(config.codeSecret, phone, request.body.code), idHash));
      if (!ok) return reply.code(400).send({ success: false, error: 'invalid_code' });
      setVerificationCookie(reply, id, config.nodeEnv);
      return { success: true };
    },
  );
  return Promise.resolve();
};
