/**
 * buildApp(config, database): the whole HTTP application, without listening. Tests build it and call
 * `app.inject()`; main.ts builds it and listens.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError, FieldValidationError } from './lib/errors.js';
import { commonMessages, requestLocale, translate, type Localized } from './lib/i18n.js';
import { RequestValidationError, validatorCompiler } from './lib/validation.js';
import { validationMessages } from '../shared/validation.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { redactUrl, safeError } from './lib/log-redaction.js';
import { createMailQueue, queueMail } from './lib/mail-queue.js';
import { BUSY_RETRY_AFTER_S, databaseBusy, databaseErrorCode, databaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './db/unavailable.js';
import { trackRequestsInFlight } from './lib/requests-in-flight.js';
import { installMetrics } from './lib/metrics.js';
import { REQUEST_ID_HEADER, requestId } from './lib/request-id.js';
import { orderMailRenderers } from './modules/orders/order-mails.js';
import { paymentMailRenderers } from './modules/orders/payment-mails.js';
import { openSharedState, type SharedState } from './lib/shared-state.js';
import { sharedOrLocalStore } from './lib/rate-limit-store.js';
import { openPictureStore, type PictureStore } from './lib/storage/open.js';
import { pictureRoutes } from './lib/storage/picture-route.js';
import { registerModules } from './modules/index.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { loadRenderer } from './site/ssr.js';
import { PageCache } from './site/page-cache.js';
import { readShell, registerWebAssets, sendPage, type Shell, type Site } from './site/web-app.js';
import type { App, RouteTableEntry } from './types.js';

export type { App, TypedApp } from './types.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultWebDistDir = path.join(rootDir, 'dist', 'web');

/** Request log lines without the tokens that links carry (reset, confirmation, order tracking). */
export const requestLogSerializers = {
  req(req: FastifyRequest) {
    return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip };
  },
};

/** Hops (0 trusts no X-Forwarded-For: the client IP is the socket's) or the list of proxy addresses. */
function proxyTrust(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === 0) return false;
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface BuildOptions {
  /** A pino logger or `false` (tests). */
  logger?: FastifyBaseLogger | boolean | object;
  /** Replace the mail transport (tests capture mail); mails still go through the queue. */
  mailer?: Mailer;
  /** The PGlite mail loop's first retry delay (tests shorten it). */
  mailRetryMs?: number;
  /** Serve the built web app from dist/web when it exists. */
  serveWeb?: boolean;
  /** Redis shared with the shop's other processes (main.ts opens it from REDIS_URL). */
  shared?: SharedState;
  /** The picture store; by default opened (and checked) from config.storage, closed with the app. */
  pictures?: PictureStore;
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    // A hop count or a list of proxies, never `true` (config.ts TRUST_PROXY).
    trustProxy: proxyTrust(config.trustProxy),
    // Long enough for a slow phone network, short enough to shed stuck connections.
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: true },
    // Each log line of a request carries its id (`reqId`); a proxy's safe X-Request-Id is kept.
    genReqId: requestId,
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  app.decorate('config', config);
  app.decorate('database', database);
  const pictures = options.pictures ?? (await openPictureStore(config));
  app.decorate('pictures', pictures);
  if (!options.pictures) app.addHook('onClose', () => pictures.close());
  // Every mail goes through the durable queue (lib/mail-queue.ts). `app.mailer.send(m)` queues `m`
  // on its own (durable once it returns); code that writes data queues with `queueMail(tx, m)` instead,
  // in the same transaction. The transport (SMTP or files) is only ever called by the queue.
  const transport = options.mailer ?? createMailer(config, app.log);
  const mailQueue = createMailQueue({
    db: database.db,
    pool: database.pool,
    mailer: transport,
    log: app.log,
    renderers: { ...orderMailRenderers(config), ...paymentMailRenderers(config) },
    retryBaseMs: options.mailRetryMs,
    // Mails yield to the customers being answered (a burst of orders first, their mails right after).
    quiet: trackRequestsInFlight(app.server).quiet,
  });
  app.decorate('mailQueue', mailQueue);
  app.decorate('mailer', {
    async send(message) {
      await queueMail(database.db, message);
      mailQueue.nudge();
    },
  } satisfies Mailer);
  app.addHook('onReady', () => mailQueue.start());
  app.addHook('onClose', () => mailQueue.stop());
  app.decorate('shared', options.shared ?? (await openSharedState(undefined, '', console)));
  // Before the routes, so that its hooks count every one of them.
  installMetrics(app, config.metricsToken);
  // The route table as registered (the admin access test walks it; the admin scope checks it at start).
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, superAdmin: route.config?.superAdmin === true, driver: route.config?.driver === true });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // A NUL character cannot be stored in PostgreSQL text: refused here (422) for every route, before any query.
  app.addHook('preValidation', async (req) => {
    if (hasNulCharacter(req.query) || hasNulCharacter(req.params) || hasNulCharacter(req.body)) {
      throw new RequestValidationError([{ field: '_', message: validationMessages.invalid }]);
    }
  });

  const serveWeb = options.serveWeb ?? true;
  const webDistDir = config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDistDir;
  const hasWeb = serveWeb && existsSync(path.join(webDistDir, 'index.html'));
  const shell: Shell = hasWeb ? readShell(webDistDir) : { html: '', scriptHashes: [] };

  // Security headers from helmet, built once: @fastify/helmet rebuilds helmet's middleware (and
  // parses these directives) on every request, 3 % of a catalogue list's time in Node.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The shell's one inline script (it starts the app after the first paint) by its hash.
        scriptSrc: ["'self'", ...shell.scriptHashes],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Card payment posts the shopper's browser to the gateway's page (a signed form): helmet's
        // default `form-action 'self'` would stop that post, so the gateway's origin is allowed too.
        formAction: ["'self'", ...(config.cardPayment ? [new URL(config.cardPayment.gatewayUrl).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
    // The shop's own pictures are embedded by nobody else; keep the defaults strict.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  // JSON, HTML and XML answers above 1 KB, in the best encoding the client accepts. Brotli at a middle
  // quality: the highest levels cost more CPU per request than they save on the wire; built assets
  // come already compressed at the highest levels (web/build/precompress.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    // With several processes the counters live in Redis, so a limit holds whichever process answers;
    // while Redis is down each process counts on its own (rate-limit-store.ts).
    ...(app.shared.redis ? { store: sharedOrLocalStore(app.shared.redis, 'rate-limit:', () => app.shared.status() === 'up') } : {}),
    // Answers in the request's language, like every other error.
    errorResponseBuilder: (req, context) => {
      const err = new AppError(429, commonMessages.tooManyRequests) as AppError & { statusCode: number; retryAfter: number };
      err.statusCode = 429;
      // Whole seconds (`context.after` is a phrase such as "56 seconds", which clients cannot read).
      err.retryAfter = retryAfterSeconds(context.ttl);
      return err;
    },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 50 } });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Flora Maroc API',
        description: 'Storefront and back-office API of the shop. Every answer speaks the Accept-Language language (fr, en, ar).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'session' } },
      },
    },
    // In production the public API page does not map the back office for visitors.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (config.env === 'production' && input.url.startsWith('/api/admin')) return { ...out, schema: { ...out.schema, hide: true } };
      return out;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Uploaded and generated pictures, from DATA_DIR/uploads or the bucket: immutable names, cached a year.
  await pictureRoutes(app, app.pictures);

  await app.register(
    async (api) => {
      await registerModules(api.withTypeProvider<ZodTypeProvider>());
      api.setNotFoundHandler((req, reply) => {
        reply.code(404).send({ message: translate(commonMessages.routeNotFound, requestLocale(req)) });
      });
    },
    { prefix: '/api' },
  );
  // robots.txt and the sitemaps live at the root, not under /api.
  await app.register(seoRoutes);

  if (hasWeb) await registerWebAssets(app, webDistDir);
  const site: Site = {
    shell: shell.html,
    renderer: hasWeb ? await loadRenderer(app, webDistDir) : null,
    pages: new PageCache(config.pageCacheMs),
  };
  app.setNotFoundHandler((req, reply) => {
    // Page paths: the app's shell with the page's own head, language and status (site/web-app.ts).
    const accepts = req.headers.accept ?? '';
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !accepts.startsWith('application/json'))
      return sendPage(app, req, reply, site);
    return reply.code(404).send({ message: translate(commonMessages.notFound, requestLocale(req)) });
  });

  return app;
}

function errorHandler(error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(req);
  const t = (m: Localized, params?: Record<string, string | number>) => translate(m, locale, params);

  if (error instanceof RequestValidationError) {
    return reply.code(422).send(
      validationBody(
        error.issues.map((i) => [i.field, t(i.message)]),
        t,
      ),
    );
  }
  if (error instanceof FieldValidationError) {
    const pairs = Object.entries(error.fields).flatMap(([field, messages]) => messages.map((m) => [field, t(m)] as [string, string]));
    return reply.code(422).send(validationBody(pairs, t));
  }
  if (error instanceof AppError) {
    const retryAfter = (error as AppError & { retryAfter?: number }).retryAfter;
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply.code(error.status).send({ message: t(error.text, error.params), ...error.extra });
  }
  const status = (error as FastifyError).statusCode ?? 500;
  const code = (error as FastifyError).code;
  if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.code(413).send({ message: t(commonMessages.tooLarge) });
  }
  if (status === 429) return reply.code(429).send({ message: t(commonMessages.tooManyRequests) });
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, ...: the client's fault, said plainly without internals.
    req.log.info({ code, msg: error.message }, 'client error');
    return reply.code(status).send({ message: t(status === 404 ? commonMessages.notFound : commonMessages.badRequest) });
  }
  // Checkouts carry their idempotency key: sending the same request again is safe.
  if (databaseBusy(error)) {
    req.log.warn({ err: safeError(error) }, 'database busy: answered 503');
    return reply
      .code(503)
      .header('retry-after', String(BUSY_RETRY_AFTER_S))
      .send({ message: t(commonMessages.busy) });
  }
  if (databaseUnavailable(error)) {
    // Nothing was written (the transaction never committed): the same request can be sent again.
    req.log.warn({ err: safeError(error) }, 'database unreachable: answered 503');
    return reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
      .send({ message: t(commonMessages.busy) });
  }
  if (databaseInputError(error)) {
    req.log.warn({ err: safeError(error) }, 'input refused by the database');
    return reply.code(422).send(validationBody([['_', t(validationMessages.invalid)]], t));
  }
  // Without the values the failed query was bound to (addresses, names, tokens).
  req.log.error({ err: safeError(error) }, 'unhandled error');
  return reply.code(500).send({ message: t(commonMessages.serverError) });
}

/** Whether a parsed input holds a string with U+0000 (keys included), walked without recursion. */
function hasNulCharacter(value: unknown): boolean {
  const stack = [value];
  for (let seen = 0; stack.length > 0 && seen < 100_000; seen++) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** PostgreSQL's answers to input it cannot take (bad characters, a value too big for an index): the client's fault. */
const INPUT_REFUSED_BY_DATABASE = new Set(['22021', '22P05', '54000', '22001', '22003', '22P02']);
const databaseInputError = (error: unknown) => databaseErrorCode(error, INPUT_REFUSED_BY_DATABASE);
/** Retry-After is a whole number of seconds, at least 1, from a wait in milliseconds. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function validationBody(pairs: [string, string][], t: (m: Localized) => string) {
  const errors: Record<string, string[]> = {};
  for (const [field, message] of pairs) (errors[field] ??= []).push(message);
  return { message: pairs[0]?.[1] ?? t(commonMessages.invalidData), errors };
}
