/**
 * Pieces every catalogue form of the back office shares: validating the form's text fields with its
 * zod schema (the same 422 shape as schema-validated routes), storing the three languages'
 * texts, and turning uploads into WebP pictures (checked by content with sharp).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { LOCALES, type Locale } from '../../../shared/constants.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, FieldValidationError } from '../../lib/errors.js';
import type { Localized } from '../../lib/i18n.js';
import { ImageError, processImage, removeImage, type ProcessedImage } from '../../lib/images.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { localizeIssues, RequestValidationError } from '../../lib/validation.js';
import { catalogueAdminMessages as m } from './catalogue-admin.messages.js';

export function parseForm<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  const result = z.safeParse(schema, fields, { reportInput: true });
  if (!result.success) throw new RequestValidationError(localizeIssues(result.error.issues));
  return result.data;
}

export const fieldError = (field: string, message: Localized): FieldValidationError => new FieldValidationError({ [field]: [message] });

// ---------------------------------------------------------------- translations

export interface LocaleText {
  name: string;
  description?: string | null;
  tags?: string | null;
}
type TranslationTable = 'product_translations' | 'category_translations' | 'subcategory_translations' | 'color_translations';
const OWNER_COLUMN: Record<TranslationTable, string> = {
  product_translations: 'product_id',
  category_translations: 'category_id',
  subcategory_translations: 'subcategory_id',
  color_translations: 'color_id',
};

/**
 * Writes the texts of each language: a language with a name is stored (upsert), one without is
 * removed, so the storefront falls back to the French base text.
 */
export async function saveTranslations(
  tx: DbOrTx,
  table: TranslationTable,
  ownerId: number,
  texts: Partial<Record<Locale, LocaleText | undefined>>,
): Promise<void> {
  const owner = sql.identifier(OWNER_COLUMN[table]);
  const tableId = sql.identifier(table);
  for (const locale of LOCALES) {
    const text = texts[locale];
    if (!text?.name) {
      await tx.execute(sql`delete from ${tableId} where ${owner} = ${ownerId} and locale = ${locale}`);
      continue;
    }
    const columns: [string, string | null][] = [['name', text.name]];
    if (text.description !== undefined) columns.push(['description', text.description ?? null]);
    if (text.tags !== undefined) columns.push(['tags', text.tags ?? null]);
    const names = sql.join(
      columns.map(([c]) => sql.identifier(c)),
      sql`, `,
    );
    const values = sql.join(
      columns.map(([, value]) => sql`${value}`),
      sql`, `,
    );
    const updates = sql.join(
      columns.map(([c]) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${tableId} (${owner}, locale, ${names}) values (${ownerId}, ${locale}, ${values})
          on conflict (${owner}, locale) do update set ${updates}`,
    );
  }
}

export async function readTranslations(
  db: DbOrTx,
  table: TranslationTable,
  ownerId: number,
): Promise<Map<string, Record<string, string | null>>> {
  const result = (await db.execute(
    sql`select * from ${sql.identifier(table)} where ${sql.identifier(OWNER_COLUMN[table])} = ${ownerId}`,
  )) as unknown as { rows: Record<string, string | null>[] };
  return new Map(result.rows.map((r) => [String(r.locale), r]));
}

// ---------------------------------------------------------------- pictures

/**
 * Checks and stores each upload as WebP widths. All or nothing: when one file is refused, the files
 * already written for this request are removed and the answer is a 422 naming the file.
 */
export async function storePictures(
  app: FastifyInstance,
  files: readonly UploadedFile[],
  prefix: string,
  notAnImage: Localized,
): Promise<ProcessedImage[]> {
  const stored: ProcessedImage[] = [];
  try {
    // One at a time: each decode can take a large buffer, and the machine is shared by requests.
    for (const file of files) {
      try {
        stored.push(await processImage(file.buffer, { store: app.pictures, prefix }));
      } catch (err) {
        if (!(err instanceof ImageError)) throw err;
        const field = file.field || 'images';
        if (err.code === 'too_large') throw new FieldValidationError({ [field]: [interpolated(m.imageTooManyPixels, file.filename)] });
        throw new FieldValidationError({ [field]: [notAnImage] });
      }
    }
  } catch (err) {
    await discardPictures(app, stored);
    throw err;
  }
  return stored;
}

const interpolated = (message: Localized, file: string): Localized =>
  Object.fromEntries(LOCALES.map((l) => [l, message[l].replace('{file}', file)])) as Localized;

export async function discardPictures(app: FastifyInstance, images: readonly { key: string; widths: readonly number[] }[]): Promise<void> {
  await Promise.all(images.map((img) => removeImage(app.pictures, img.key, img.widths)));
}

/** A 404 with the given message when the row is missing. */
export function found<T>(row: T | undefined | null, notFound: Localized): T {
  if (!row) throw new AppError(404, notFound);
  return row;
}
