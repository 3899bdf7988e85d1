/**
 * Picture preparation in the browser: image files only; up to 2 MB kept as they are;
 * 2-10 MB re-encoded as JPEG, longest side at most 1200 px, quality 0.7 then down by 0.1 to 0.3
 * until it fits; over 10 MB refused. The server checks and re-encodes again whatever comes.
 */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
const MAX_SIDE = 1200;
const QUALITIES = [0.7, 0.6, 0.5, 0.4, 0.3];

export type Prepared =
  | { ok: true; file: File; compressed: boolean }
  | { ok: false; reason: 'notImage' | 'tooLarge' | 'failed' }
  | { ok: false; reason: 'stillTooLarge'; file: File };

export const megabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(2);

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

export async function preparePicture(file: File): Promise<Prepared> {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return { ok: false, reason: 'notImage' };
  if (file.size > MAX_SOURCE_BYTES) return { ok: false, reason: 'tooLarge' };
  if (file.size <= MAX_PICTURE_BYTES) return { ok: true, file, compressed: false };
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return { ok: false, reason: 'failed' };
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    let blob: Blob | null = null;
    for (const quality of QUALITIES) {
      blob = await toBlob(canvas, quality);
      if (blob && blob.size <= MAX_PICTURE_BYTES) break;
    }
    if (!blob) return { ok: false, reason: 'failed' };
    const name = `${file.name.replace(/\.[^.]+$/, '') || 'picture'}.jpg`;
    const out = new File([blob], name, { type: 'image/jpeg' });
    return out.size <= MAX_PICTURE_BYTES ? { ok: true, file: out, compressed: true } : { ok: false, reason: 'stillTooLarge', file: out };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}
