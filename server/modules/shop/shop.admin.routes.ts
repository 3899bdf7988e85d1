/** Back office: the shop's contact details and social links shown to customers (`/admin/settings`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactSettingsPatchSchema,
  contactSettingsSchema,
  currencyRatesFormSchema,
  currencyRatesSchema,
  legalIdentitySchema,
} from '../../../shared/schemas/shop.js';
import { defineMessages, requestLocale, translate } from '../../lib/i18n.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import {
  CONTACT_KEY,
  LEGAL_KEY,
  patchContact,
  RATES_KEY,
  readContact,
  readLegal,
  readRates,
  writeRates,
  writeSetting,
} from './shop-settings.service.js';

const tags = ['admin: shop settings'];
const messages = defineMessages({
  saved: { fr: 'Réglages enregistrés.', en: 'Settings saved.', ar: 'تم حفظ الإعدادات.' },
  ratesSaved: { fr: 'Taux de change enregistrés.', en: 'Exchange rates saved.', ar: 'تم حفظ أسعار الصرف.' },
});

export const shopAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Contact details and social links as saved',
        response: { 200: contactSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readContact(db, admin.config.shop),
  );

  admin.put(
    '/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the contact details and social links (empty hides them on the storefront)',
        description:
          'A full replacement: every field is required (`""` to hide one); a missing field is refused (422). PATCH changes only some.',
        body: contactSettingsSchema,
        response: { 200: z.object({ message: z.string(), settings: contactSettingsSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const before = await readContact(db, admin.config.shop);
      await writeSetting(db, CONTACT_KEY, req.body);
      audit(req, { action: 'settings.update', entity: 'settings', entityId: CONTACT_KEY, before, after: req.body });
      return { message: translate(messages.saved, requestLocale(req)), settings: req.body };
    },
  );

  admin.patch(
    '/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Change some contact details or social links; the others stay as saved',
        description:
          'Only the fields sent change (`""` hides one); an address or opening hours are sent whole, in the three languages. ' +
          'A body naming no field is refused (422). Answers the details as saved.',
        body: contactSettingsPatchSchema,
        response: { 200: z.object({ message: z.string(), settings: contactSettingsSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const before = await readContact(db, admin.config.shop);
      await patchContact(db, admin.config.shop, req.body);
      const after = await readContact(db, admin.config.shop);
      audit(req, { action: 'settings.update', entity: 'settings', entityId: CONTACT_KEY, before, after });
      return { message: translate(messages.saved, requestLocale(req)), settings: after };
    },
  );

  admin.get(
    '/settings/legal',
    {
      schema: {
        tags,
        security,
        summary: 'The shop’s legal identity printed on receipts and invoices (legal name, address, ICE, RC, IF, patente)',
        response: { 200: legalIdentitySchema, ...errorResponses(401, 403) },
      },
    },
    async () => readLegal(db),
  );

  admin.put(
    '/settings/legal',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the shop’s legal identity (every field sent, `""` to leave one off the receipts)',
        description:
          'ICE: exactly 15 digits; IF and patente: digits; RC: digits and letters (its court’s city). Refused fields: 422 in the reader’s language.',
        body: legalIdentitySchema,
        response: { 200: z.object({ message: z.string(), legal: legalIdentitySchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const before = await readLegal(db);
      await writeSetting(db, LEGAL_KEY, req.body);
      audit(req, { action: 'settings.update', entity: 'settings', entityId: LEGAL_KEY, before, after: req.body });
      return { message: translate(messages.saved, requestLocale(req)), legal: req.body };
    },
  );

  admin.get(
    '/settings/currency-rates',
    {
      schema: {
        tags,
        security,
        summary: 'The rates of approximate prices abroad (MAD for one EUR, one USD) and when they were set',
        response: { 200: currencyRatesSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readRates(db),
  );

  admin.put(
    '/settings/currency-rates',
    {
      schema: {
        tags,
        security,
        summary: 'Set the rates of approximate prices abroad; the time is stamped by the server',
        description: 'MAD for one unit: `{ "EUR": 10.85, "USD": 9.95 }`, each above 0 and at most 1000, four decimals at most.',
        body: currencyRatesFormSchema,
        response: { 200: z.object({ message: z.string(), rates: currencyRatesSchema }), ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => {
      const before = await readRates(db);
      const rates = await writeRates(db, req.body);
      audit(req, { action: 'settings.update', entity: 'settings', entityId: RATES_KEY, before, after: rates });
      return { message: translate(messages.ratesSaved, requestLocale(req)), rates };
    },
  );
};
