/** Catalogue contract: categories, subcategories, colours, products. */
import { z } from 'zod';

export const categorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    image_path: z.string().nullable(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const subcategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    category_id: z.number().int(),
    is_active: z.boolean(),
    image_path: z.string().nullable(),
  })
  .meta({ id: 'Subcategory' });
export type Subcategory = z.infer<typeof subcategorySchema>;

export const colorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    hex_code: z.string(),
  })
  .meta({ id: 'Color' });
export type Color = z.infer<typeof colorSchema>;
