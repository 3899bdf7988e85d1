/**
 * Back office: the logged-in admin's own profile (GET/PUT /api/admin/profile) and e-mail change
 * (POST/DELETE /api/admin/profile/email; the link is confirmed by the public POST /api/profile/email/confirm),
 * and two-factor login (POST /api/admin/profile/two-factor/setup, /enable, /disable: two-factor.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProfileSchema,
  adminProfileUpdateResponseSchema,
  emailChangeBodySchema,
  emailChangeResponseSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  updateAdminProfileBodySchema,
} from '../../../shared/schemas/accounts.js';
import { messageSchema } from '../../../shared/schemas/common.js';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { commonMessages, defineMessages, requestLocale, translate } from '../../lib/i18n.js';
import { keyedLimit } from '../../lib/keyed-limit.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { ACCOUNT_RATE_LIMITS } from './accounts.routes.js';
import { addressIn } from './accounts.mails.js';
import { accountMessages as msg } from './accounts.messages.js';
import { cancelEmailChange, findUser, requestEmailChange, toAdminProfile, updateAdminProfile } from './accounts.service.js';
import { currentUser, extendSession, sessionCookie, setSessionCookie } from './auth.js';
import { disableTwoFactor, enableTwoFactor, startSetup, unusedRecoveryCodes } from './two-factor.js';

const tags = ['admin: profile'];
/** A driver keeps its own profile, password and two-factor login like any back-office account. */
const forDrivers = { driver: true };

const sessionMessages = defineMessages({
  extended: { fr: 'Vous restez connecté.', en: 'You stay signed in.', ar: 'ستبقى متصلًا.' },
});

export const profileAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const { publicUrl } = admin.config;

  admin.post(
    '/session/extend',
    {
      config: forDrivers,
      schema: {
        tags,
        security,
        summary:
          'Stay signed in: activity, so the session lasts its idle time again from now, up to its absolute cap (the cookie too); 401 once it has ended',
        response: { 200: z.object({ message: z.string(), expires_in: z.number().int() }), ...errorResponses(401, 403) },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const extended = await extendSession(db, me);
      if (!extended) throw new AppError(401, commonMessages.unauthenticated);
      if (req.authVia === 'cookie') {
        const token = req.cookies?.[sessionCookie(publicUrl).name];
        if (token) setSessionCookie(req, reply, token);
      }
      return { message: translate(sessionMessages.extended, requestLocale(req)), expires_in: extended.expiresIn };
    },
  );

  admin.get(
    '/profile',
    {
      config: forDrivers,
      schema: { tags, security, summary: 'The logged-in admin', response: { 200: adminProfileSchema, ...errorResponses(401, 403) } },
    },
    async (req) => {
      const me = currentUser(req);
      return toAdminProfile(await findUser(db, me.id), await unusedRecoveryCodes(db, me.id));
    },
  );

  admin.put(
    '/profile',
    {
      config: forDrivers,
      schema: {
        tags,
        security,
        summary: 'Update the admin’s name and phone (an `email` sent must be the current one: see POST /admin/profile/email)',
        body: updateAdminProfileBodySchema,
        response: { 200: adminProfileUpdateResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const { before, after } = await updateAdminProfile(db, currentUser(req).id, req.body);
      audit(req, {
        action: 'admin.profile.update',
        entity: 'user',
        entityId: after.id,
        before: toAdminProfile(before),
        after: toAdminProfile(after),
      });
      return {
        message: translate(msg.profileUpdated, requestLocale(req)),
        user: toAdminProfile(after, await unusedRecoveryCodes(db, after.id)),
      };
    },
  );

  admin.post(
    '/profile/email',
    {
      // It needs the current password: the same limits as a password change.
      config: { driver: true, rateLimit: admin.config.rateLimit ? { ...ACCOUNT_RATE_LIMITS.login } : false },
      preHandler: keyedLimit(admin, 'email-change', ACCOUNT_RATE_LIMITS.login, (req) => (req.user ? String(req.user.id) : null)),
      schema: {
        tags,
        security,
        summary: 'Ask to change the admin’s e-mail: a 24 h link to the new address; the current one stays in force until it is opened',
        body: emailChangeBodySchema,
        response: { 200: emailChangeResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (req) => {
      const before = await findUser(db, currentUser(req).id);
      const after = await requestEmailChange(db, before.id, req.body, { publicUrl, locale: requestLocale(req) });
      audit(req, {
        action: 'admin.profile.email_change',
        entity: 'user',
        entityId: after.id,
        before: toAdminProfile(before),
        after: toAdminProfile(after),
      });
      const locale = requestLocale(req);
      return {
        message: translate(msg.emailChangeSent, locale, { email: addressIn(locale, after.pendingEmail ?? '') }),
        pending_email: after.pendingEmail,
      };
    },
  );

  admin.delete(
    '/profile/email',
    {
      config: forDrivers,
      schema: {
        tags,
        security,
        summary: 'Cancel the admin’s pending e-mail change',
        response: { 200: emailChangeResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const before = await findUser(db, currentUser(req).id);
      const after = await cancelEmailChange(db, before.id);
      audit(req, {
        action: 'admin.profile.email_change_cancel',
        entity: 'user',
        entityId: after.id,
        before: toAdminProfile(before),
        after: toAdminProfile(after),
      });
      return { message: translate(msg.emailChangeCancelled, requestLocale(req)), pending_email: null };
    },
  );

  // ------------------------------------------------------------ two-factor login

  // Guessing codes or the password there is guessing a login: the login's limits, per account too.
  const guardedConfig = () => ({ driver: true, rateLimit: admin.config.rateLimit ? { ...ACCOUNT_RATE_LIMITS.login } : (false as const) });
  const guardedPreHandler = () =>
    keyedLimit(admin, 'two-factor-profile', ACCOUNT_RATE_LIMITS.login, (req) => (req.user ? String(req.user.id) : null));

  admin.post(
    '/profile/two-factor/setup',
    {
      config: forDrivers,
      schema: {
        tags,
        security,
        summary: 'Start setting up two-factor login: a new secret, its otpauth:// URL and QR code (not in force until /enable)',
        response: { 200: twoFactorSetupSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (req) => {
      const setup = await startSetup(db, currentUser(req).id);
      audit(req, {
        action: 'admin.two_factor.setup',
        entity: 'user',
        entityId: currentUser(req).id,
        after: { two_factor: false, setup: true },
      });
      return { message: translate(msg.twoFactorSetupStarted, requestLocale(req)), ...setup };
    },
  );

  admin.post(
    '/profile/two-factor/enable',
    {
      config: guardedConfig(),
      preHandler: guardedPreHandler(),
      schema: {
        tags,
        security,
        summary: 'Turn two-factor login on with a code from the app; answers the 10 single-use recovery codes, shown this once',
        body: twoFactorEnableBodySchema,
        response: { 200: twoFactorEnabledSchema, ...errorResponses(401, 403, 409, 422, 429) },
      },
    },
    async (req) => {
      const codes = await enableTwoFactor(db, currentUser(req).id, req.body.code);
      audit(req, {
        action: 'admin.two_factor.enable',
        entity: 'user',
        entityId: currentUser(req).id,
        after: { two_factor: true, recovery_codes: codes.length },
      });
      return { message: translate(msg.twoFactorEnabled, requestLocale(req)), recovery_codes: codes };
    },
  );

  admin.post(
    '/profile/two-factor/disable',
    {
      config: guardedConfig(),
      preHandler: guardedPreHandler(),
      schema: {
        tags,
        security,
        summary: 'Turn two-factor login off with the current password (admins; a super admin cannot: 403)',
        body: twoFactorDisableBodySchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 409, 422, 429) },
      },
    },
    async (req) => {
      await disableTwoFactor(db, currentUser(req).id, req.body.current_password);
      audit(req, {
        action: 'admin.two_factor.disable',
        entity: 'user',
        entityId: currentUser(req).id,
        before: { two_factor: true },
        after: { two_factor: false },
      });
      return { message: translate(msg.twoFactorDisabled, requestLocale(req)) };
    },
  );
};
