/**
 * Back office: products. Create and edit take the back office's multipart form
 * (`images[]`, `color_ids[]`, the discount variants) or the same fields as JSON; every picture is
 * checked by content and stored as WebP widths before the one transaction that writes the product.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductPageSchema,
  adminProductSchema,
  adminProductsQuerySchema,
  DISCOUNT_VARIANTS,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  productDeletedSchema,
  productFormSchema,
  productRestoredSchema,
  productSavedSchema,
  type ProductForm,
} from '../../../shared/schemas/catalogue-admin.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { requestLocale, translate } from '../../lib/i18n.js';
import { readForm } from '../../lib/multipart.js';
import { errorResponses, security } from '../../lib/route-schema.js';
import { audit } from '../audit/audit-trail.js';
import { discardPictures, parseForm, storePictures } from './admin-forms.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  restoreProduct,
  updateProduct,
} from './products.admin.service.js';
import { AppError } from '../../lib/errors.js';

const tags = ['admin: products'];
const writeErrors = errorResponses(401, 403, 404, 413, 422);
const multipartNote =
  'multipart/form-data (or JSON): name, description, category_id, subcategory_id, price, stock, is_featured, discount (or its variants), tags, name_en, name_ar, description_en, description_ar, tags_en, tags_ar, color_ids[] / colors[], is_extra, sold_alone, sizes (a JSON array of { id?, name, name_en, name_ar, price, image_id? }; absent: unchanged), images[] (files), image_order[] / keep_image_ids[] (edit)';

/** Reads and validates the product form; the pictures are checked and stored, not yet linked. */
async function readProductForm(app: FastifyInstance, req: FastifyRequest) {
  const { fields, files } = await readForm(req, {
    maxFileBytes: PRODUCT_IMAGE_MAX_BYTES,
    maxFiles: PRODUCT_IMAGES_MAX,
    tooLarge: m.imagesTooLarge,
  });
  const discount = DISCOUNT_VARIANTS.map((k) => fields[k]).find((value) => typeof value === 'string' && value.trim() !== '');
  const colorIds = [fields.color_ids, fields.colors].flat().filter((value) => value !== undefined);
  // A JSON body may give the sizes as an array; a form gives them as JSON text.
  const sizes = Array.isArray(fields.sizes) ? JSON.stringify(fields.sizes) : fields.sizes;
  const form: ProductForm = parseForm(productFormSchema, { ...fields, discount, color_ids: colorIds, sizes });
  const images = files.filter((f) => f.field === 'images' || f.field === 'image');
  const pictures = await storePictures(app, images, 'products', m.notAnImage);
  return { form, pictures };
}

export const productsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const db = admin.database.db;

  admin.get(
    '/products',
    {
      schema: {
        tags,
        security,
        summary:
          'Products of the shop (archived ones left out, or only them with status=archived), in the shop’s order, 5 a page by default',
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (req) => listAdminProducts(db, requestLocale(req), req.query),
  );

  admin.get(
    '/products/edit/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One product for the form: French base texts, English and Arabic translations, colours, pictures',
        params: idParamsSchema,
        response: { 200: adminProductSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => getAdminProduct(db, req.params.id),
  );

  admin.post(
    '/products/new',
    {
      schema: {
        tags,
        security,
        summary: 'Create a product',
        description: multipartNote,
        response: { 201: productSavedSchema, ...writeErrors },
      },
    },
    async (req, reply) => {
      const { form, pictures } = await readProductForm(admin, req);
      try {
        const id = await createProduct(db, form, pictures);
        const product = await getAdminProduct(db, id);
        audit(req, { action: 'product.create', entity: 'product', entityId: id, after: product });
        return reply.code(201).send({ message: translate(m.productCreated, requestLocale(req)), id, product });
      } catch (err) {
        await discardPictures(admin, pictures);
        throw err;
      }
    },
  );

  const update = async (req: FastifyRequest<{ Params: { id: number } }>) => {
    const id = req.params.id;
    await getAdminProduct(db, id); // 404 before reading any upload
    const { form, pictures } = await readProductForm(admin, req);
    try {
      const { before, removedPictures } = await updateProduct(db, id, form, pictures, PRODUCT_IMAGES_MAX);
      await discardPictures(admin, removedPictures);
      const product = await getAdminProduct(db, id);
      audit(req, { action: 'product.update', entity: 'product', entityId: id, before, after: product });
      return { message: translate(m.productUpdated, requestLocale(req)), id, product };
    } catch (err) {
      await discardPictures(admin, pictures);
      throw err;
    }
  };
  const updateSchema = {
    tags,
    security,
    summary: 'Update a product (the spec sends POST with ?_method=PUT)',
    description: multipartNote,
    params: idParamsSchema,
    querystring: z.object({ _method: z.enum(['PUT', 'put']).optional() }),
    response: { 200: productSavedSchema, ...writeErrors },
  };
  admin.post('/products/edit/:id', { schema: updateSchema }, update);
  admin.put('/products/edit/:id', { schema: updateSchema }, update);

  admin.delete(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a product; one that appears in orders is archived instead (hidden from the shop)',
        params: idParamsSchema,
        response: { 200: productDeletedSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const result = await deleteProduct(db, req.params.id);
      await discardPictures(admin, result.removedPictures);
      audit(req, {
        action: result.archived ? 'product.archive' : 'product.delete',
        entity: 'product',
        entityId: req.params.id,
        before: result.before,
      });
      const message = result.archived ? m.productArchived : m.productDeleted;
      return { message: translate(message, requestLocale(req)), archived: result.archived };
    },
  );

  admin.post(
    '/products/:id/restore',
    {
      schema: {
        tags,
        security,
        summary: 'Restore an archived product (deleted while in orders): back in the shop once it has stock',
        params: idParamsSchema,
        response: { 200: productRestoredSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const result = await restoreProduct(db, req.params.id);
      if (result === 'missing') throw new AppError(404, m.productNotFound);
      if (result === 'not_archived') throw new AppError(409, m.productNotArchived);
      audit(req, { action: 'product.restore', entity: 'product', entityId: req.params.id, before: result.before, after: result.after });
      return { message: translate(m.productRestored, requestLocale(req)), id: req.params.id };
    },
  );
};
