/**
 * Accounts API: sign-up, e-mail confirmation, login/logout, profile, passwords, admin profile.
 * Thin: validation by the shared schemas, rules in accounts.service.ts, mails sent after the
 * transactions (a mail failure is logged and never loses an account).
 */
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordBodySchema,
  emailBodySchema,
  emailChangeBodySchema,
  emailChangeResponseSchema,
  loginAnswerSchema,
  loginBodySchema,
  loginResponseSchema,
  twoFactorLoginBodySchema,
  profileSchema,
  profileUpdateResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenBodySchema,
  updateProfileBodySchema,
} from '../../../shared/schemas/accounts.js';
import { messageSchema } from '../../../shared/schemas/common.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import { errorResponses } from '../../lib/route-schema.js';
import { requestLocale, translate, type Localized } from '../../lib/i18n.js';
import { keyedLimit } from '../../lib/keyed-limit.js';
import { trySend, type MailMessage } from '../../lib/mail.js';
import { addressIn, confirmationMail, confirmationUrl, resetMail, resetUrl } from './accounts.mails.js';
import { accountMessages as msg } from './accounts.messages.js';
import {
  authenticate,
  cancelEmailChange,
  changePassword,
  confirmEmail,
  confirmEmailChange,
  findUser,
  loginSucceeded,
  newConfirmationToken,
  newResetToken,
  registerUser,
  requestEmailChange,
  resetPassword,
  toAccountUser,
  toProfile,
  updateProfile,
} from './accounts.service.js';
import { clearSessionCookie, createSession, currentUser, requireUser, revokeSession, setSessionCookie } from './auth.js';
import { fireLogin } from './login-events.js';
import { checkThrottle, LoginThrottled, recordFailure } from './login-throttle.js';
import { answerChallenge, auditSignIn, challengeUser, openChallenge, refusalOf, takeAttempt, twoFactorOn } from './two-factor.js';
import { setDeviceCookie, trustedDevice } from './trusted-device.js';

const tags = ['accounts'];

/** Per-IP limits (route config) and per-address limits (checked after validation), when RATE_LIMIT is on. */
export const ACCOUNT_RATE_LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 3_600_000 },
  forgot: { max: 10, timeWindow: 900_000 },
  forgotPerEmail: { max: 3, timeWindow: 900_000 },
  resend: { max: 10, timeWindow: 900_000 },
  resendPerEmail: { max: 3, timeWindow: 900_000 },
  token: { max: 30, timeWindow: 900_000 },
} as const;

const r = errorResponses;

export const accountRoutes: FastifyPluginAsyncZod = async (api) => {
  const db = api.database.db;
  const { publicUrl } = api.config;
  const limitsOn = api.config.rateLimit;
  const t = (req: FastifyRequest, m: Localized, params?: Record<string, string | number>) => translate(m, requestLocale(req), params);

  const perIp = (limit: { max: number; timeWindow: number }): { rateLimit: RateLimitOptions | false } => ({
    rateLimit: limitsOn ? { ...limit } : false,
  });

  /**
   * A preHandler limiting by the (validated, lower-cased) e-mail address of the body. The key is
   * never null, so a body without an address is still counted (under the empty address).
   */
  const perEmail = (name: string, limit: { max: number; timeWindow: number }) =>
    keyedLimit(api, name, limit, (req) => (req.body as { email?: string } | undefined)?.email ?? '');

  /** Sends a mail; a failure is logged (without the message) and reported as false. */
  const sendMail = (req: FastifyRequest, message: MailMessage, kind: string): Promise<boolean> =>
    trySend(api.mailer, req.log, message, kind);

  // ------------------------------------------------------------ sign-up and confirmation

  api.post(
    '/register',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.register),
      schema: {
        tags,
        summary: 'Create a customer account and send the confirmation e-mail',
        body: registerBodySchema,
        response: { 201: messageSchema, ...r(422, 429) },
      },
    },
    async (req, reply) => {
      const locale = requestLocale(req);
      const { user, token } = await registerUser(db, req.body, locale);
      await sendMail(
        req,
        confirmationMail({ email: user.email, name: user.name, locale }, confirmationUrl(publicUrl, token, locale)),
        'confirm',
      );
      return reply.code(201).send({ message: t(req, msg.registered) });
    },
  );

  api.post(
    '/email/confirm',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.token),
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the token of the link (410 when expired)',
        body: tokenBodySchema,
        response: { 200: messageSchema, ...r(400, 404, 410, 422, 429) },
      },
    },
    async (req) => {
      await confirmEmail(db, req.body.token);
      return { message: t(req, msg.emailConfirmed) };
    },
  );

  api.post(
    '/email/resend-confirmation',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.resend),
      preHandler: perEmail('resend', ACCOUNT_RATE_LIMITS.resendPerEmail),
      schema: {
        tags,
        summary: 'Send a new confirmation link (same answer whether or not the address exists)',
        body: emailBodySchema,
        response: { 200: messageSchema, ...r(422, 429) },
      },
    },
    async (req) => {
      const issued = await newConfirmationToken(db, req.body.email);
      if (issued) {
        const { user, token } = issued;
        const locale = requestLocale(req);
        await sendMail(
          req,
          confirmationMail({ email: user.email, name: user.name, locale }, confirmationUrl(publicUrl, token, locale)),
          'confirm',
        );
      }
      return { message: t(req, msg.confirmationResent) };
    },
  );

  // ------------------------------------------------------------ sessions

  /** The session of a completed sign-in: cookie, login listeners, the answer. */
  const openSession = async (req: FastifyRequest, reply: FastifyReply, user: Awaited<ReturnType<typeof authenticate>>) => {
    await loginSucceeded(db, user.id, requestLocale(req), req.ip);
    // A browser that was logged in (maybe as someone else) drops its old session.
    if (req.user && req.authVia === 'cookie') await revokeSession(db, req.user.sessionId);
    const session = await createSession(db, user.id, req.headers['user-agent']);
    setSessionCookie(req, reply, session.token);
    await fireLogin({ req, reply, userId: user.id });
    return { token: session.token, user: toAccountUser(user), expires_in: session.expiresIn, message: t(req, msg.loggedIn) };
  };

  /** A throttled login says when to come back. */
  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof LoginThrottled) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  };

  api.post(
    '/login',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.login),
      schema: {
        tags,
        summary:
          'Log in: a session token (also set as the HttpOnly session cookie), or, when two-factor login is on, `two_factor_required` with a 5-minute pending token for POST /login/two-factor',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...r(401, 403, 422, 429) },
      },
    },
    async (req, reply) => {
      const user = await withRetryAfter(reply, () => authenticate(db, req.body.email, req.body.password, req.ip));
      if (twoFactorOn(user)) {
        return {
          two_factor_required: true as const,
          pending_token: await openChallenge(db, user.id),
          message: t(req, msg.twoFactorNeeded),
        };
      }
      return openSession(req, reply, user);
    },
  );

  api.post(
    '/login/two-factor',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.login),
      schema: {
        tags,
        summary: 'Second step of a login with two-factor on: the pending token and a code from the app or a single-use recovery code',
        body: twoFactorLoginBodySchema,
        response: { 200: loginResponseSchema, ...r(401, 422, 429) },
      },
    },
    async (req, reply) => {
      const { challengeId, user } = await challengeUser(db, req.body.pending_token);
      await withRetryAfter(reply, () => checkThrottle(db, user, req.ip));
      await withRetryAfter(reply, () => takeAttempt(db, challengeId, user.id, trustedDevice(req, user)));
      const how = await answerChallenge(db, challengeId, user, req.body);
      if (how === null || how === 'code_used') {
        await recordFailure(db, user.id, req.ip);
        throw new FieldValidationError(refusalOf(req.body, how));
      }
      await auditSignIn(db, user, how, '/api/login/two-factor');
      setDeviceCookie(req, reply, user);
      return openSession(req, reply, user);
    },
  );

  api.post(
    '/logout',
    { schema: { tags, summary: 'Log out: revokes the session used by this request', response: { 200: messageSchema } } },
    async (req, reply) => {
      if (req.user) await revokeSession(db, req.user.sessionId);
      clearSessionCookie(reply);
      return { message: t(req, msg.loggedOut) };
    },
  );

  // ------------------------------------------------------------ profile

  api.get(
    '/profile',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The logged-in user',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: profileSchema, ...r(401) },
      },
    },
    async (req, reply) => {
      const user = await findUser(db, currentUser(req).id);
      return reply.header('cache-control', 'no-store').send(toProfile(user));
    },
  );

  api.put(
    '/profile',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Update name, phone and address (an `email` sent must be the current one: see POST /profile/email)',
        security: [{ bearer: [] }, { cookie: [] }],
        body: updateProfileBodySchema,
        response: { 200: profileUpdateResponseSchema, ...r(401, 422) },
      },
    },
    async (req) => {
      const { after } = await updateProfile(db, currentUser(req).id, req.body);
      return { message: t(req, msg.profileUpdated), user: toProfile(after) };
    },
  );

  api.post(
    '/profile/email',
    {
      onRequest: requireUser,
      // It needs the current password: the same limits as a password change.
      config: perIp(ACCOUNT_RATE_LIMITS.login),
      preHandler: keyedLimit(api, 'email-change', ACCOUNT_RATE_LIMITS.login, (req) => (req.user ? String(req.user.id) : null)),
      schema: {
        tags,
        summary: 'Ask to change one’s e-mail: mails a 24 h link to the new address; the current one stays in force until it is opened',
        security: [{ bearer: [] }, { cookie: [] }],
        body: emailChangeBodySchema,
        response: { 200: emailChangeResponseSchema, ...r(401, 422, 429) },
      },
    },
    async (req) => {
      const user = await requestEmailChange(db, currentUser(req).id, req.body, { publicUrl, locale: requestLocale(req) });
      const email = addressIn(requestLocale(req), user.pendingEmail ?? '');
      return { message: t(req, msg.emailChangeSent, { email }), pending_email: user.pendingEmail };
    },
  );

  api.delete(
    '/profile/email',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Cancel a pending e-mail change (its link stops working)',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: emailChangeResponseSchema, ...r(401) },
      },
    },
    async (req) => {
      await cancelEmailChange(db, currentUser(req).id);
      return { message: t(req, msg.emailChangeCancelled), pending_email: null };
    },
  );

  api.post(
    '/profile/email/confirm',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.token),
      schema: {
        tags,
        summary: 'Confirm an e-mail change with the token of the link (no session needed; 410 expired, 409 address taken meanwhile)',
        body: tokenBodySchema,
        response: { 200: messageSchema, ...r(400, 404, 409, 410, 422, 429) },
      },
    },
    async (req) => {
      await confirmEmailChange(db, req.body.token);
      return { message: t(req, msg.emailChangeConfirmed) };
    },
  );

  // ------------------------------------------------------------ passwords

  api.post(
    '/password/change',
    {
      onRequest: requireUser,
      // Guessing the current password here is guessing a login: the same per-IP limit, plus per account.
      config: perIp(ACCOUNT_RATE_LIMITS.login),
      preHandler: keyedLimit(api, 'password-change', ACCOUNT_RATE_LIMITS.login, (req) => (req.user ? String(req.user.id) : null)),
      schema: {
        tags,
        summary: 'Change the password (revokes the other sessions)',
        security: [{ bearer: [] }, { cookie: [] }],
        body: changePasswordBodySchema,
        response: { 200: messageSchema, ...r(401, 422, 429) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await changePassword(db, me.id, me.sessionId, req.body);
      return { message: t(req, msg.passwordChanged) };
    },
  );

  api.post(
    '/password/forgot',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.forgot),
      preHandler: perEmail('forgot', ACCOUNT_RATE_LIMITS.forgotPerEmail),
      schema: {
        tags,
        summary: 'Send a password reset link (404 for an unknown address)',
        body: emailBodySchema,
        response: { 200: messageSchema, ...r(404, 422, 429, 503) },
      },
    },
    async (req) => {
      const { user, token } = await newResetToken(db, req.body.email);
      const locale = requestLocale(req);
      const sent = await sendMail(
        req,
        resetMail({ email: user.email, name: user.name, locale }, resetUrl(publicUrl, token, locale)),
        'reset',
      );
      // Saying "sent" when it was not would leave the person waiting for nothing.
      if (!sent) throw new AppError(503, msg.mailFailed);
      return { message: t(req, msg.resetSent) };
    },
  );

  api.post(
    '/password/reset',
    {
      config: perIp(ACCOUNT_RATE_LIMITS.token),
      schema: {
        tags,
        summary: 'Set a new password with the reset link (single-use, 1 h; revokes every session)',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...r(400, 404, 410, 422, 429) },
      },
    },
    async (req, reply) => {
      await resetPassword(db, req.body.token, req.body.password);
      clearSessionCookie(reply);
      return { message: t(req, msg.resetDone) };
    },
  );
};
