/** Testimonials: the home page's confirmed ones, the customer's form, and back-office moderation. */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants.js';
import { noBidiControls, v } from '../validation.js';
import { pageMetaSchema } from './common.js';

export const TESTIMONIAL_MAX_LENGTH = 1000;

export const testimonialSchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    rating: z.number().int(),
    created_at: z.string(),
    /** Null when the author's account is gone: the client shows "Anonymous". */
    user: z.object({ name: z.string() }).nullable(),
  })
  .meta({ id: 'Testimonial' });
export type Testimonial = z.infer<typeof testimonialSchema>;

export const testimonialsQuerySchema = z.object({
  limit: z.coerce.number<string | number>().int().min(1).max(50).default(PAGE_SIZES.testimonialsShown),
});

export const testimonialListSchema = z.object({ data: z.array(testimonialSchema) }).meta({ id: 'TestimonialList' });

export const testimonialInputSchema = z.object({
  content: z
    .string(v('required'))
    .trim()
    .min(1, v('required'))
    .max(TESTIMONIAL_MAX_LENGTH, v('too_long'))
    .refine(...noBidiControls),
  rating: z.number(v('rating')).int(v('rating')).min(1, v('rating')).max(5, v('rating')).default(5),
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

/** A testimonial as its author or an admin sees it. */
export const testimonialAdminSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int().nullable(),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    content: z.string(),
    rating: z.number().int(),
    /** 1 confirmed (shown on the home page), 0 pending moderation. */
    is_confirmed: z.union([z.literal(0), z.literal(1)]),
    created_at: z.string(),
  })
  .meta({ id: 'TestimonialAdmin' });
export type TestimonialAdmin = z.infer<typeof testimonialAdminSchema>;

export const testimonialCreatedSchema = z.object({ message: z.string(), data: testimonialAdminSchema });

export const adminTestimonialsQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).default(1),
  per_page: z.coerce.number<string | number>().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.admin.testimonials),
  /** Matches the content or the author's name, ignoring case. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(['all', 'confirmed', 'pending']).default('all'),
});

export const adminTestimonialListSchema = z
  .object({ data: z.array(testimonialAdminSchema), meta: pageMetaSchema })
  .meta({ id: 'AdminTestimonialList' });
