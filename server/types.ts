/**
 * What the server adds to Fastify's types, in one file that imports no module of ours but the
 * config, database, mailer and picture store types. Route modules are typed from the library
 * (`FastifyPluginAsyncZod`), helpers take `FastifyInstance`: nothing imports `app.ts` but its callers
 * (main.ts, tests, benchmarks), so the modules draw no import circle through it.
 */
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './lib/mail.js';
import type { SharedState } from './lib/shared-state.js';
import type { MailQueue } from './lib/mail-queue.js';
import type { PictureStore } from './lib/storage/picture-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Queues a mail on its own (durable once sent() returns); prefer queueMail(tx, m) inside a transaction. */
    mailer: Mailer;
    /** What the shop's processes share (Redis), or a no-op when there is one process. */
    shared: SharedState;
    /** The queue sending what the outbox holds (graphile-worker on PostgreSQL, a loop on PGlite). */
    mailQueue: MailQueue;
    /** Where pictures are kept: DATA_DIR/uploads or the bucket of STORAGE_URL (lib/storage/). */
    pictures: PictureStore;
    /** Every route the app registered (method and URL), read by the access test and the start-up checks. */
    routeTable: RouteTableEntry[];
  }
  interface FastifyContextConfig {
    /** Back office: only a super admin may call this route (the admin scope's guard checks it). */
    superAdmin?: boolean;
    /**
     * A form another site posts by design (the card gateway's callback and the shopper's return): no
     * origin check, since the route acts on no session (it checks the gateway's signature instead).
     */
    gatewayPost?: boolean;
    /** Back office: a driver may call this route too (its round); every other admin route answers 403 to a driver. */
    driver?: boolean;
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  superAdmin: boolean;
  driver: boolean;
}

export type App = FastifyInstance;
/** The app with the zod type provider, as route plugins receive it. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
