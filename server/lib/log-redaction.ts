/**
 * What may reach the logs: URLs without the secrets that links carry, errors without the values a
 * query was bound to.
 */

/** Query parameters that carry a secret (reset, confirmation, order-tracking links). */
const SECRET_PARAMS = /^(token|key|code|signature|sig|password)$/i;
/** Paths whose last segment is a secret: /email-confirmation/<token>. */
const SECRET_PATHS = /^(\/(?:api\/)?email-confirmation\/)[^/?#]+/;

/** `url` with secret path segments and secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_PATHS, '$1[redacted]');
  if (query === undefined) return safePath;
  const params = query.split('&').map((pair) => {
    const [name = ''] = pair.split('=', 1);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A malformed name is kept as it came.
    }
    return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return `${safePath}?${params.join('&')}`;
}

/**
 * An error as it may be logged: type, message and codes, with any "params:" part (drizzle prints the
 * bound values there) cut off, and never the driver's `parameters`/`params`. Stack kept (no values in it).
 */
export function safeError(err: unknown): Record<string, unknown> {
  const e = err as {
    name?: string;
    message?: string;
    code?: string;
    stack?: string;
    cause?: { code?: string; message?: string; constraint?: string };
  };
  const clean = (m?: string) => m?.split(/\nparams:/)[0]?.slice(0, 2000);
  return {
    type: e?.name,
    message: clean(e?.message),
    code: e?.code ?? e?.cause?.code,
    constraint: e?.cause?.constraint,
    cause: e?.cause?.message ? clean(e.cause.message) : undefined,
    // Frames only: the first lines of a stack repeat the message (and its params).
    stack: e?.stack
      ?.split('\n')
      .filter((l) => l.startsWith('    at '))
      .slice(0, 8)
      .join('\n'),
  };
}
