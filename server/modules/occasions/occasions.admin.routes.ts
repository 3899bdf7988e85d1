/**
 * Back office: occasions (names and slugs in fr/en/ar, an optional picture — JPEG/PNG/WebP up to 5 MB,
 * checked by content — an order and an optional highlight window), under /api/admin/occasions.
 * Create and edit take multipart or JSON; edits answer to PUT and to POST (browsers' forms cannot PUT
 * a file).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '../../../shared/constants.js';
import { idParamsSchema, messageSchema } from '../../../shared/schemas/common.js';
import { adminOccasionSchema, OCCASION_IMAGE_MAX_BYTES, occasionFormSchema } from '../../../shared/schemas/occasions.js';
import { imageUrl } from '../../lib/images.js';
import { requestLocale, translate, type Localized } from '../../lib/i18n.js';
import { readForm } from '../../lib/multipart.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { discardPictures, parseForm, storePictures } from '../catalogue/admin-forms.js';
import { occasionMessages as m } from './occasions.messages.js';
import { deleteOccasion, getAdminOccasion, listAdminOccasions, saveOccasion } from './occasions.service.js';

const tags = ['admin: occasions'];
const writeErrors = errorResponses(401, 403, 404, 413, 422);
const saved = z.object({ message: z.string(), occasion: adminOccasionSchema });
const formNote =
  'multipart or JSON: name_fr, name_en, name_ar (required), slug_fr, slug_en, slug_ar (made from the name when empty), ' +
  'sort_order (>= 0), highlight_from and highlight_to (YYYY-MM-DD, both or neither), image (file, optional), remove_image';

/** The stored picture of an occasion url `/uploads/<key>-<width>.webp`, to remove its files. */
const pictureOf = (url: string | null) => {
  const key = url?.match(/^\/uploads\/(.+)-\d+\.webp$/)?.[1];
  return key ? [{ key, widths: [...IMAGE_WIDTHS] }] : [];
};

export const occasionsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const say = (req: FastifyRequest, message: Localized) => translate(message, requestLocale(req));

  admin.get(
    '/occasions',
    {
      schema: {
        tags,
        security,
        summary: 'Every occasion in the shop’s order, with its products count',
        response: { 200: z.object({ data: z.array(adminOccasionSchema) }), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listAdminOccasions(db) }),
  );

  admin.get(
    '/occasions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One occasion for the form',
        params: idParamsSchema,
        response: { 200: adminOccasionSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => getAdminOccasion(db, req.params.id),
  );

  /** Reads the form; a new picture is checked and stored (its card url returned). */
  const readOccasion = async (req: FastifyRequest) => {
    const { fields, files } = await readForm(req, { maxFileBytes: OCCASION_IMAGE_MAX_BYTES, maxFiles: 1, tooLarge: m.imageTooLarge });
    const form = parseForm(occasionFormSchema, fields);
    const file = files[0];
    const [picture] = file ? await storePictures(admin, [{ ...file, field: 'image' }], 'occasions', m.imageType) : [];
    const url = picture
      ? imageUrl(picture.key, picture.widths.includes(640) ? 640 : picture.widths[picture.widths.length - 1]!)
      : undefined;
    return { form, picture, imagePath: url ?? (form.remove_image ? null : undefined) };
  };

  admin.post(
    '/occasions',
    { schema: { tags, security, summary: 'Create an occasion', description: formNote, response: { 201: saved, ...writeErrors } } },
    async (req, reply) => {
      const { form, picture, imagePath } = await readOccasion(req);
      try {
        const id = await saveOccasion(db, null, form, imagePath ?? null);
        const occasion = await getAdminOccasion(db, id);
        audit(req, { action: 'occasion.create', entity: 'occasion', entityId: id, after: occasion });
        return reply.code(201).send({ message: say(req, m.created), occasion });
      } catch (err) {
        if (picture) await discardPictures(admin, [picture]);
        throw err;
      }
    },
  );

  const update = async (req: FastifyRequest<{ Params: { id: number } }>) => {
    const before = await getAdminOccasion(db, req.params.id);
    const { form, picture, imagePath } = await readOccasion(req);
    try {
      await saveOccasion(db, req.params.id, form, imagePath);
    } catch (err) {
      if (picture) await discardPictures(admin, [picture]);
      throw err;
    }
    if (imagePath !== undefined) await discardPictures(admin, pictureOf(before.image_path));
    const occasion = await getAdminOccasion(db, req.params.id);
    audit(req, { action: 'occasion.update', entity: 'occasion', entityId: req.params.id, before, after: occasion });
    return { message: say(req, m.updated), occasion };
  };
  const updateSchema = {
    tags,
    security,
    summary: 'Update an occasion',
    description: formNote,
    params: idParamsSchema,
    response: { 200: saved, ...writeErrors },
  };
  admin.put('/occasions/:id', { schema: updateSchema }, update);
  admin.post('/occasions/:id', { schema: updateSchema }, update);

  admin.delete(
    '/occasions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an occasion; its products lose it and stay on sale',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const before = await deleteOccasion(db, req.params.id);
      await discardPictures(admin, pictureOf(before.image_path));
      audit(req, { action: 'occasion.delete', entity: 'occasion', entityId: req.params.id, before });
      return { message: say(req, m.deleted) };
    },
  );
};
