/**
 * How many HTTP requests this process is answering, and a way to wait for a moment without any.
 *
 * The mail queue uses it to yield to customers: a burst of checkouts queues two mails per order, and
 * sending them in the same process while the burst is being answered took about a third of the
 * server's CPU per checkout in the 100-guest storm (`npm run bench:checkout`, BENCH_HOLD_MAILS). A
 * first attempt therefore waits for a quiet moment, never past its deadline (lib/mail-queue.ts), so
 * a shop that is never quiet still sends every mail a moment later.
 *
 * Counted from the server's `request` event to the response's `close` (which comes for an answered
 * and for an abandoned request alike); `app.inject` requests are not counted.
 */
import type { Server } from 'node:http';

export interface RequestsInFlight {
  readonly count: number;
  /** Resolves when no request is in flight, or at `deadline` (epoch ms), whichever comes first. */
  quiet(deadline: number): Promise<void>;
}

export function trackRequestsInFlight(server: Server): RequestsInFlight {
  let count = 0;
  let waiting: (() => void)[] = [];
  server.on('request', (_req, res) => {
    count++;
    res.once('close', () => {
      count--;
      if (count > 0 || waiting.length === 0) return;
      const wake = waiting;
      waiting = [];
      for (const done of wake) done();
    });
  });
  return {
    get count() {
      return count;
    },
    quiet(deadline) {
      const left = deadline - Date.now();
      if (count === 0 || left <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting = waiting.filter((w) => w !== done);
          resolve();
        };
        const timer = setTimeout(done, left);
        timer.unref();
        waiting.push(done);
      });
    },
  };
}
