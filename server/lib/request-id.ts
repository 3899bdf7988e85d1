/**
 * Request ids: every log line of a request carries its id (Fastify's `reqId`), and every answer says it
 * in `X-Request-Id`, so a customer's or a proxy's report finds its log lines.
 *
 * A proxy in front (nginx's `$request_id`) may send its own id: it is kept when it is a short token of
 * safe characters, so the proxy's and the shop's logs share it. Anything else (long, spaces, control
 * characters that could forge log lines or headers) is replaced by a fresh UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's `genReqId`: the incoming id when it is safe, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
