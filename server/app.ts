/**
 * buildApp(config, database): the whole HTTP application, without listening. Tests build it and call
 * `app.inject()`; main.ts builds it and listens.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppError, FieldValidationError } from './lib/errors.js';
import { commonMessages, requestLocale, translate, type Localized } from './lib/i18n.js';
import { RequestValidationError, validatorCompiler } from './lib/validation.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { registerModules } from './modules/index.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import type { App, RouteTableEntry } from './types.js';

export type { App, TypedApp } from './types.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultWebDistDir = path.join(rootDir, 'dist', 'web');

export interface BuildOptions {
  /** A pino logger or `false` (tests). */
  logger?: FastifyBaseLogger | boolean | object;
  /** Replace the mailer (tests capture mail). */
  mailer?: Mailer;
  /** Serve the built web app from dist/web when it exists. */
  serveWeb?: boolean;
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Long enough for a slow phone network, short enough to shed stuck connections.
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', options.mailer ?? createMailer(config, app.log));
  // The route table as registered (the admin access test walks it; the admin scope checks it at start).
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, superAdmin: route.config?.superAdmin === true });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The shop's own pictures are embedded by nobody else; keep the defaults strict.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    // Answers in the request's language, like every other error.
    errorResponseBuilder: (req, context) => {
      const err = new AppError(429, commonMessages.tooManyRequests) as AppError & { statusCode: number; retryAfter: string };
      err.statusCode = 429;
      err.retryAfter = context.after;
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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Uploaded and generated pictures: immutable names, cache for a year.
  const uploadsDir = path.resolve(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });

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

  const serveWeb = options.serveWeb ?? true;
  const webDistDir = config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDistDir;
  const hasWeb = serveWeb && existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // Hashed asset names never change; index.html is served with no-cache below.
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes: every page path gets the app shell, which renders its own not-found page.
    const accepts = req.headers.accept ?? '';
    if (req.method === 'GET' && hasWeb && !accepts.startsWith('application/json')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDistDir);
    }
    return reply.code(404).send({ message: translate(commonMessages.notFound, requestLocale(req)) });
  });

  return app;
}

function errorHandler(error: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(req);
  const t = (m: Localized, params?: Record<string, string | number>) => translate(m, locale, params);

  if (error instanceof RequestValidationError) {
    return reply.code(422).send(validationBody(error.issues.map((i) => [i.field, t(i.message)]), t));
  }
  if (error instanceof FieldValidationError) {
    const pairs = Object.entries(error.fields).flatMap(([field, messages]) => messages.map((m) => [field, t(m)] as [string, string]));
    return reply.code(422).send(validationBody(pairs, t));
  }
  if (error instanceof AppError) {
    if ((error as AppError & { retryAfter?: string }).retryAfter) reply.header('retry-after', (error as AppError & { retryAfter?: string }).retryAfter);
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
  req.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: t(commonMessages.serverError) });
}

function validationBody(pairs: [string, string][], t: (m: Localized) => string) {
  const errors: Record<string, string[]> = {};
  for (const [field, message] of pairs) (errors[field] ??= []).push(message);
  return { message: pairs[0]?.[1] ?? t(commonMessages.invalidData), errors };
}
