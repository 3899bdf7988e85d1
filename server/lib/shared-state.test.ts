/**
 * The shared state survives Redis: an unreachable Redis at start does not stop the start, an outage
 * is one warning and a recovery one line, and subscriptions and messages come back by themselves.
 * The outage is a TCP proxy in front of the Redis of this machine (127.0.0.1:6379), cut and restored.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedisProxy, type RedisProxy } from '../test/redis-proxy.js';
import { openSharedState, type SharedState } from './shared-state.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function recordingLog() {
  const lines = { warn: [] as string[], info: [] as string[] };
  return { lines, log: { warn: (m: string) => lines.warn.push(m), info: (m: string) => lines.info.push(m) } };
}

/** Waits for a condition (never a fixed sleep: the machine may be slow). */
async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Resolves after the connection has failed to reconnect `n` more times (proof that time passed). */
const failedReconnections = (state: SharedState, n: number) =>
  new Promise<void>((resolve) => {
    let seen = 0;
    state.redis!.on('reconnecting', () => ++seen >= n && resolve());
  });

const opened: SharedState[] = [];
const proxies: RedisProxy[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

async function open(url: string | undefined, prefix: string, log = recordingLog().log) {
  const state = await openSharedState(url, prefix, log);
  opened.push(state);
  return state;
}

describe('shared state when Redis fails', () => {
  it('is off without REDIS_URL', async () => {
    expect((await open(undefined, 'x')).status()).toBe('off');
  });

  it('starts with an unreachable Redis: down, one warning naming REDIS_URL and host:port, never the password', async () => {
    const proxy = await startRedisProxy();
    proxies.push(proxy);
    await proxy.cut();
    const { lines, log } = recordingLog();
    const url = proxy.url.replace('redis://', 'redis://shop:s3cret-pass@');
    const state = await open(url, 'x', log);
    expect(state.status()).toBe('down');
    await failedReconnections(state, 3);
    expect(lines.warn).toHaveLength(1);
    expect(lines.warn[0]).toContain(`REDIS_URL, ${new URL(proxy.url).host}`);
    expect(lines.warn[0]).toContain('cannot be reached');
    expect(lines.warn[0]).not.toContain('s3cret');
    // Publishing and subscribing while down neither throw nor wait.
    state.publish('c', 'lost');
    await state.subscribe('c', () => {});
  });

  it('goes down and comes back: one warning, one line, messages and subscriptions return', async () => {
    const proxy = await startRedisProxy();
    proxies.push(proxy);
    const prefix = `ss-test-${randomBytes(4).toString('hex')}`;
    const { lines, log } = recordingLog();
    const behind = await open(proxy.url, prefix, log);
    const direct = await open(REDIS_URL, prefix);
    expect(behind.status()).toBe('up');
    const changes: string[] = [];
    behind.onStatusChange((s) => changes.push(s));
    const received: string[] = [];
    await behind.subscribe('chan', (m) => received.push(m));
    direct.publish('chan', 'before');
    await until('the message before the outage', () => received.includes('before'));

    await proxy.cut();
    await until('down', () => behind.status() === 'down');
    await failedReconnections(behind, 3);
    expect(lines.warn).toHaveLength(1);
    expect(lines.warn[0]).toContain('went away');
    expect(changes).toEqual(['down']);
    direct.publish('chan', 'during');

    await proxy.restore();
    await until('up again', () => behind.status() === 'up');
    expect(lines.info).toEqual([
      `Redis (REDIS_URL, ${new URL(proxy.url).host}) is back: rate limits and catalogue changes are shared again.`,
    ]);
    expect(changes).toEqual(['down', 'up']);
    direct.publish('chan', 'after');
    await until('the message after the outage', () => received.includes('after'));
    // What was published during the outage is lost (listeners of `up` resynchronise instead).
    expect(received).toEqual(['before', 'after']);
    expect(lines.warn).toHaveLength(1);
  });

  it('subscribes, once Redis is reachable, to what was asked for while it was not', async () => {
    const proxy = await startRedisProxy();
    proxies.push(proxy);
    await proxy.cut();
    const prefix = `ss-test-${randomBytes(4).toString('hex')}`;
    const behind = await open(proxy.url, prefix);
    const direct = await open(REDIS_URL, prefix);
    const received: string[] = [];
    await behind.subscribe('chan', (m) => received.push(m));
    const changes: string[] = [];
    behind.onStatusChange((s) => changes.push(s));
    await proxy.restore();
    await until('up', () => behind.status() === 'up');
    expect(changes).toEqual(['up']);
    direct.publish('chan', 'hello');
    await until('the message', () => received.includes('hello'));
  });
});
