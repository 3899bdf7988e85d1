/**
 * The rate limiter's store: one count across processes while Redis is up, each process's own count
 * (never "no limit") while it is down or failing. Needs the Redis of this machine (127.0.0.1:6379).
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedOrLocalStore } from './rate-limit-store.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A port nothing listens on: a Redis that cannot be reached. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A "process": an app with a per-IP limit of 3 a minute and a keyed limit of 2, on `redis`. */
async function processOn(redis: Redis, nameSpace: string, redisUp: () => boolean) {
  const app = Fastify();
  await app.register(fastifyRateLimit, { global: false, store: sharedOrLocalStore(redis, nameSpace, redisUp) });
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => 'ok');
  const keyed = app.createRateLimit({ max: 2, timeWindow: 60_000, keyGenerator: () => 'email:a@b.c' });
  app.get('/keyed', async (req, reply) => {
    const result = await keyed(req);
    return reply.code(!result.isAllowed && result.isExceeded ? 429 : 200).send('');
  });
  await app.ready();
  return { app, status: async (url: string) => (await app.inject({ url })).statusCode };
}

const connections: Redis[] = [];
const connect = (url: string) => {
  const r = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  r.on('error', () => {});
  connections.push(r);
  return r;
};
afterAll(() => {
  for (const r of connections) r.disconnect();
});

describe('rate-limit store: Redis when up, the process otherwise', () => {
  it('counts once across processes while Redis is up', async () => {
    const redis = connect(REDIS_URL);
    await redis.connect();
    const ns = `rl-test-${randomBytes(4).toString('hex')}:`;
    const [a, b] = [await processOn(redis, ns, () => true), await processOn(redis, ns, () => true)];
    expect([await a.status('/limited'), await b.status('/limited'), await a.status('/limited')]).toEqual([200, 200, 200]);
    expect(await b.status('/limited')).toBe(429);
    expect([await b.status('/keyed'), await a.status('/keyed')]).toEqual([200, 200]);
    expect(await b.status('/keyed')).toBe(429);
    await Promise.all([a.app.close(), b.app.close()]);
  });

  it('counts in each process while Redis is down: the limit still holds there', async () => {
    const redis = connect(REDIS_URL);
    await redis.connect();
    const ns = `rl-test-${randomBytes(4).toString('hex')}:`;
    let up = false;
    const [a, b] = [await processOn(redis, ns, () => up), await processOn(redis, ns, () => up)];
    for (let i = 0; i < 3; i++) expect(await a.status('/limited')).toBe(200);
    expect(await a.status('/limited')).toBe(429);
    // The other process has its own count (a client gets at most processes × limit).
    expect(await b.status('/limited')).toBe(200);
    expect([await a.status('/keyed'), await a.status('/keyed'), await a.status('/keyed')]).toEqual([200, 200, 429]);
    // Nothing was counted in Redis meanwhile; once it is back, its count applies again.
    expect(await redis.keys(`${ns}*`)).toEqual([]);
    up = true;
    expect(await a.status('/limited')).toBe(200);
    expect(await redis.keys(`${ns}*`)).not.toEqual([]);
    await Promise.all([a.app.close(), b.app.close()]);
  });

  it('counts in the process when a Redis that looked up fails the command', async () => {
    const broken = connect(`redis://127.0.0.1:${await closedPort()}`);
    const a = await processOn(broken, 'rl-test-broken:', () => true);
    for (let i = 0; i < 3; i++) expect(await a.status('/limited')).toBe(200);
    expect(await a.status('/limited')).toBe(429);
    await a.app.close();
  });
});
