import { z } from 'zod';
import { categorySchema, colorSchema, subcategorySchema } from '../../../shared/schemas/catalogue.js';
import { errorSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import type { TypedApp } from '../../app.js';
import { requestLocale } from '../../lib/i18n.js';
import { listCategories, listColors, listSubcategories } from './taxonomy.service.js';

const tags = ['catalogue'];

export async function catalogueRoutes(api: TypedApp) {
  const db = api.database.db;

  api.get(
    '/categories',
    { schema: { tags, summary: 'All categories', response: { 200: z.array(categorySchema) } } },
    async (req) => listCategories(db, requestLocale(req)),
  );

  api.get(
    '/subcategories',
    { schema: { tags, summary: 'All subcategories', response: { 200: z.array(subcategorySchema) } } },
    async (req) => listSubcategories(db, requestLocale(req)),
  );

  // The spec's client expects an array here too (a one-element array, empty when unknown).
  api.get(
    '/subcategories/:id',
    { schema: { tags, summary: 'One subcategory, as an array', params: idParamsSchema, response: { 200: z.array(subcategorySchema) } } },
    async (req) => listSubcategories(db, requestLocale(req), { id: req.params.id }),
  );

  api.get(
    '/categories/:id/subcategories',
    {
      schema: {
        tags,
        summary: 'Subcategories of a category',
        params: idParamsSchema,
        response: { 200: z.array(subcategorySchema), 404: errorSchema },
      },
    },
    async (req) => listSubcategories(db, requestLocale(req), { categoryId: req.params.id }),
  );

  api.get(
    '/colors',
    { schema: { tags, summary: 'Active colours by sort order', response: { 200: z.array(colorSchema) } } },
    async (req) => listColors(db, requestLocale(req), { activeOnly: true }),
  );
}
