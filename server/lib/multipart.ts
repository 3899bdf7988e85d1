/**
 * Reads a back-office form sent as multipart (the back office's product, category and subcategory forms)
 * or as JSON (the subcategory edit, API clients): one shape for both, so a handler validates
 * the fields with its zod schema whatever the encoding. Field names ending in `[]` (`images[]`,
 * `color_ids[]`) are lists. Files are read into memory up to `maxFileBytes` each: a bigger one ends
 * the request with the caller's 413 message before the rest is read.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { commonMessages, type Localized } from './i18n.js';

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
}

export interface FormData {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

export interface ReadFormOptions {
  maxFileBytes: number;
  maxFiles: number;
  /** Message of the 413 when a file is bigger than `maxFileBytes` or there are too many files. */
  tooLarge: Localized;
}

const MAX_FIELDS = 200;

function addField(fields: FormData['fields'], rawName: string, value: string): void {
  const isList = rawName.endsWith('[]');
  const name = isList ? rawName.slice(0, -2) : rawName;
  const previous = fields[name];
  if (isList || previous !== undefined) {
    fields[name] = [...(previous === undefined ? [] : [previous].flat()), value];
  } else {
    fields[name] = value;
  }
}

/** Scalars of a JSON body as form fields (numbers and booleans as text, arrays as lists). */
function jsonFields(body: unknown): FormData['fields'] {
  const fields: FormData['fields'] = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [key, value] of Object.entries(body)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (Array.isArray(value)) fields[name] = value.map(String);
    else if (value !== null && value !== undefined && typeof value !== 'object') fields[name] = String(value);
  }
  return fields;
}

export async function readForm(req: FastifyRequest, opts: ReadFormOptions): Promise<FormData> {
  if (!req.isMultipart()) return { fields: jsonFields(req.body), files: [] };
  const fields: FormData['fields'] = {};
  const files: UploadedFile[] = [];
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles, fields: MAX_FIELDS } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        // An empty file input still sends a part with no name and no bytes.
        if (buffer.length > 0 || part.filename) files.push({ field: part.fieldname.replace(/\[\]$/, ''), filename: part.filename, buffer });
      } else {
        addField(fields, part.fieldname, typeof part.value === 'string' ? part.value : String(part.value ?? ''));
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw new AppError(413, opts.tooLarge);
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status && status < 500)) throw err;
    // Anything else the parser throws is a malformed body (no boundary, cut short, bad headers): 400.
    throw new AppError(400, commonMessages.badRequest);
  }
  return { fields, files: files.filter((f) => f.buffer.length > 0) };
}
