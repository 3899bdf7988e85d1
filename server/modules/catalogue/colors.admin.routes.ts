/** Back office: colours (list, create, update, delete, toggle active). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminColorListSchema, adminColorSchema, colorFormSchema } from '../../../shared/schemas/catalogue-admin.js';
import { idParamsSchema, messageSchema } from '../../../shared/schemas/common.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { readForm } from '../../lib/multipart.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { parseForm } from './admin-forms.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';
import { deleteColor, getAdminColor, listAdminColors, saveColor, toggleColor } from './colors.admin.service.js';

const tags = ['admin: colors'];
const errors = errorResponses(401, 403, 404, 409, 422);
const savedColor = z.object({ message: z.string(), color: adminColorSchema });
const formNote =
  'JSON (or form): name, hex_code (#RRGGBB), slug (made from the name when empty), sort_order (>= 0), is_active, name_en, name_ar';

export const colorsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  /** Colour forms carry no file; `readForm` only unifies JSON and form encodings. */
  const readColor = async (req: Parameters<typeof readForm>[0]) =>
    parseForm(colorFormSchema, (await readForm(req, { maxFileBytes: 1, maxFiles: 0, tooLarge: m.imagesTooLarge })).fields);

  admin.get(
    '/colors',
    {
      schema: {
        tags,
        security,
        summary: 'Every colour, active or not, in sort order',
        response: { 200: adminColorListSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ data: await listAdminColors(db, requestLocale(req)) }),
  );

  admin.post(
    '/colors/new',
    { schema: { tags, security, summary: 'Create a colour', description: formNote, response: { 201: savedColor, ...errors } } },
    async (req, reply) => {
      const id = await saveColor(db, null, await readColor(req));
      const color = await getAdminColor(db, requestLocale(req), id);
      audit(req, { action: 'color.create', entity: 'color', entityId: id, after: color });
      return reply.code(201).send({ message: translate(m.colorCreated, requestLocale(req)), color });
    },
  );

  admin.put(
    '/colors/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a colour',
        description: formNote,
        params: idParamsSchema,
        response: { 200: savedColor, ...errors },
      },
    },
    async (req) => {
      const locale = requestLocale(req);
      const before = await getAdminColor(db, locale, req.params.id);
      await saveColor(db, req.params.id, await readColor(req));
      const color = await getAdminColor(db, locale, req.params.id);
      audit(req, { action: 'color.update', entity: 'color', entityId: req.params.id, before, after: color });
      return { message: translate(m.colorUpdated, locale), color };
    },
  );

  admin.patch(
    '/colors/:id/toggle',
    { schema: { tags, security, summary: 'Switch a colour on or off', params: idParamsSchema, response: { 200: savedColor, ...errors } } },
    async (req) => {
      const locale = requestLocale(req);
      const before = await getAdminColor(db, locale, req.params.id);
      await toggleColor(db, req.params.id);
      const color = await getAdminColor(db, locale, req.params.id);
      audit(req, { action: 'color.toggle', entity: 'color', entityId: req.params.id, before, after: color });
      return { message: translate(m.colorToggled, locale), color };
    },
  );

  admin.delete(
    '/colors/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a colour; refused with 409 while products use it (switch it off instead)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      const before = await deleteColor(db, requestLocale(req), req.params.id);
      audit(req, { action: 'color.delete', entity: 'color', entityId: req.params.id, before });
      return { message: translate(m.colorDeleted, requestLocale(req)) };
    },
  );
};
