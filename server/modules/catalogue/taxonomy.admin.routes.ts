/**
 * Back office: categories (optional picture, JPEG/PNG/WebP up to 5 MB, checked by content) and
 * subcategories (active flag), under /api/admin/categories and /api/admin/subcategories. Create and edit take multipart or
 * JSON; edits answer to PUT and to POST (browsers' forms cannot PUT a file).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_WIDTHS } from '../../../shared/constants.js';
import {
  adminCategoryPageSchema,
  adminCategorySchema,
  adminListQuerySchema,
  adminSubcategoryPageSchema,
  adminSubcategorySchema,
  CATEGORY_IMAGE_MAX_BYTES,
  categoryFormSchema,
  subcategoryFormSchema,
} from '../../../shared/schemas/catalogue-admin.js';
import { idParamsSchema, messageSchema } from '../../../shared/schemas/common.js';
import { imageUrl } from '../../lib/images.js';
import { requestLocale, translate, type Localized } from '../../lib/i18n.js';
import { readForm } from '../../lib/multipart.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { discardPictures, parseForm, storePictures } from './admin-forms.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';
import {
  deleteCategory,
  deleteSubcategory,
  getAdminCategory,
  getAdminSubcategory,
  listAdminCategories,
  listAdminSubcategories,
  saveCategory,
  saveSubcategory,
} from './taxonomy.admin.service.js';
import { z } from 'zod';

const tags = ['admin: categories'];
const readErrors = errorResponses(401, 403, 404);
const writeErrors = errorResponses(401, 403, 404, 409, 413, 422);
const savedCategory = z.object({ message: z.string(), id: z.number().int(), category: adminCategorySchema });
const savedSubcategory = z.object({ message: z.string(), id: z.number().int(), subcategory: adminSubcategorySchema });

/** The stored picture of a category url `/uploads/<key>-<width>.webp`, to remove its files. */
const pictureOf = (url: string | null) => {
  const key = url?.match(/^\/uploads\/(.+)-\d+\.webp$/)?.[1];
  return key ? [{ key, widths: [...IMAGE_WIDTHS] }] : [];
};

export const taxonomyAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;
  const say = (req: FastifyRequest, message: Localized) => translate(message, requestLocale(req));

  // ------------------------------------------------------------ categories

  admin.get(
    '/categories',
    {
      schema: {
        tags,
        security,
        summary: 'Categories with their subcategories, 10 a page, search over names and descriptions',
        querystring: adminListQuerySchema.omit({ category_id: true }),
        response: { 200: adminCategoryPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => listAdminCategories(db, requestLocale(req), req.query),
  );

  admin.get(
    '/categories/edit/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One category for the form',
        params: idParamsSchema,
        response: { 200: adminCategorySchema, ...readErrors },
      },
    },
    async (req) => getAdminCategory(db, req.params.id),
  );

  /** Reads the category form; a new picture is checked and stored (its card url returned). */
  const readCategory = async (req: FastifyRequest) => {
    const { fields, files } = await readForm(req, {
      maxFileBytes: CATEGORY_IMAGE_MAX_BYTES,
      maxFiles: 1,
      tooLarge: m.categoryImageTooLarge,
    });
    const form = parseForm(categoryFormSchema, fields);
    const file = files[0];
    const [picture] = file ? await storePictures(admin, [{ ...file, field: 'image' }], 'categories', m.categoryImageType) : [];
    const url = picture
      ? imageUrl(picture.key, picture.widths.includes(640) ? 640 : picture.widths[picture.widths.length - 1]!)
      : undefined;
    return { form, picture, imagePath: url ?? (form.remove_image ? null : undefined) };
  };

  admin.post(
    '/categories/new',
    {
      schema: {
        tags,
        security,
        summary: 'Create a category',
        description: 'multipart or JSON: name, description, name_en, name_ar, description_en, description_ar, image (file, optional)',
        response: { 201: savedCategory, ...writeErrors },
      },
    },
    async (req, reply) => {
      const { form, picture, imagePath } = await readCategory(req);
      try {
        const id = await saveCategory(db, null, form, imagePath ?? null);
        const category = await getAdminCategory(db, id);
        audit(req, { action: 'category.create', entity: 'category', entityId: id, after: category });
        return reply.code(201).send({ message: say(req, m.categoryCreated), id, category });
      } catch (err) {
        if (picture) await discardPictures(admin, [picture]);
        throw err;
      }
    },
  );

  const updateCategory = async (req: FastifyRequest<{ Params: { id: number } }>) => {
    const before = await getAdminCategory(db, req.params.id);
    const { form, picture, imagePath } = await readCategory(req);
    try {
      await saveCategory(db, req.params.id, form, imagePath);
    } catch (err) {
      if (picture) await discardPictures(admin, [picture]);
      throw err;
    }
    if (imagePath !== undefined) await discardPictures(admin, pictureOf(before.image_path));
    const category = await getAdminCategory(db, req.params.id);
    audit(req, { action: 'category.update', entity: 'category', entityId: req.params.id, before, after: category });
    return { message: say(req, m.categoryUpdated), id: req.params.id, category };
  };
  const updateCategorySchema = {
    tags,
    security,
    summary: 'Update a category',
    params: idParamsSchema,
    response: { 200: savedCategory, ...writeErrors },
  };
  admin.put('/categories/edit/:id', { schema: updateCategorySchema }, updateCategory);
  admin.post('/categories/edit/:id', { schema: updateCategorySchema }, updateCategory);

  admin.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a category (and its subcategories); refused with 409 while it has products',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const before = await deleteCategory(db, req.params.id);
      await discardPictures(admin, pictureOf(before.image_path));
      audit(req, { action: 'category.delete', entity: 'category', entityId: req.params.id, before });
      return { message: say(req, m.categoryDeleted) };
    },
  );

  // ------------------------------------------------------------ subcategories

  admin.get(
    '/subcategories',
    {
      schema: {
        tags,
        security,
        summary: 'Subcategories, 10 a page, search over names and descriptions, optional category',
        querystring: adminListQuerySchema,
        response: { 200: adminSubcategoryPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => listAdminSubcategories(db, requestLocale(req), req.query),
  );

  admin.get(
    '/subcategories/edit/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One subcategory for the form',
        params: idParamsSchema,
        response: { 200: adminSubcategorySchema, ...readErrors },
      },
    },
    async (req) => getAdminSubcategory(db, req.params.id),
  );

  const readSubcategory = async (req: FastifyRequest) => {
    const { fields } = await readForm(req, { maxFileBytes: CATEGORY_IMAGE_MAX_BYTES, maxFiles: 1, tooLarge: m.categoryImageTooLarge });
    return parseForm(subcategoryFormSchema, fields);
  };

  admin.post(
    '/subcategories/new',
    {
      schema: {
        tags,
        security,
        summary: 'Create a subcategory',
        description: 'multipart or JSON: name, description, category_id, is_active (1/0), name_en, name_ar, description_en, description_ar',
        response: { 201: savedSubcategory, ...writeErrors },
      },
    },
    async (req, reply) => {
      const id = await saveSubcategory(db, null, await readSubcategory(req));
      const subcategory = await getAdminSubcategory(db, id);
      audit(req, { action: 'subcategory.create', entity: 'subcategory', entityId: id, after: subcategory });
      return reply.code(201).send({ message: say(req, m.subcategoryCreated), id, subcategory });
    },
  );

  admin.put(
    '/subcategories/edit/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a subcategory',
        params: idParamsSchema,
        response: { 200: savedSubcategory, ...writeErrors },
      },
    },
    async (req) => {
      const before = await getAdminSubcategory(db, req.params.id);
      await saveSubcategory(db, req.params.id, await readSubcategory(req));
      const subcategory = await getAdminSubcategory(db, req.params.id);
      audit(req, { action: 'subcategory.update', entity: 'subcategory', entityId: req.params.id, before, after: subcategory });
      return { message: say(req, m.subcategoryUpdated), id: req.params.id, subcategory };
    },
  );

  admin.delete(
    '/subcategories/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a subcategory; refused with 409 while products are in it',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const before = await deleteSubcategory(db, req.params.id);
      audit(req, { action: 'subcategory.delete', entity: 'subcategory', entityId: req.params.id, before });
      return { message: say(req, m.subcategoryDeleted) };
    },
  );
};
