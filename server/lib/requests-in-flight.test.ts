import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackRequestsInFlight } from './requests-in-flight.js';

describe('requests in flight', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A server whose answers wait until `release()`; `arrived` resolves when a request is being answered. */
  async function slowServer() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    server = http.createServer((_req, res) => {
      arrived();
      void released.then(() => res.end('ok'));
    });
    const inFlight = trackRequestsInFlight(server);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return { inFlight, release, arrival, url };
  }

  it('is quiet at once when nothing is in flight', async () => {
    const { inFlight } = await slowServer();
    expect(inFlight.count).toBe(0);
    const started = Date.now();
    await inFlight.quiet(Date.now() + 5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('waits while a request is answered and wakes when it ends', async () => {
    const { inFlight, release, arrival, url } = await slowServer();
    const answer = fetch(url).then((r) => r.text());
    await arrival;
    expect(inFlight.count).toBe(1);
    let quiet = false;
    const waiting = inFlight.quiet(Date.now() + 60_000).then(() => (quiet = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(quiet).toBe(false);
    release();
    await expect(answer).resolves.toBe('ok');
    await waiting;
    expect(inFlight.count).toBe(0);
  });

  it('counts an abandoned request out, and never waits past the deadline', async () => {
    const { inFlight, arrival, url } = await slowServer();
    const controller = new AbortController();
    const answer = fetch(url, { signal: controller.signal }).catch(() => 'aborted');
    await arrival;
    const started = Date.now();
    await inFlight.quiet(Date.now() + 100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(inFlight.count).toBe(1);
    controller.abort();
    await answer;
    await expect.poll(() => inFlight.count).toBe(0);
  });
});
