/** Turns an `image_path` from the API into a URL the browser can load (null stays null). */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/') || path.startsWith('data:')) return path;
  return `/uploads/${path.replace(/^uploads\//, '')}`;
}
