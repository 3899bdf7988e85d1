/**
 * The primary of a cluster (WEB_CONCURRENCY >= 2): it holds the listening socket (node:cluster hands
 * each new connection to a worker), forks the workers, replaces a worker that dies, and on SIGHUP
 * replaces them all one at a time with the code now on disk (a rolling restart) without refusing or
 * dropping a request:
 *
 * 1. a new worker is forked (it runs the current build, prepares the database as any new process does:
 *    its migrations, under the advisory lock) and the roll waits until it listens;
 * 2. only then is one old worker sent SIGTERM: it takes no new connection (the primary gives them to
 *    the others), finishes the requests in progress, ends its kept-alive connections (main.ts, drain.ts)
 *    and exits;
 * 3. once it has exited, the next old worker is replaced.
 * The socket stays open throughout: at every moment at least one worker listens on it. A new worker
 * that fails to start stops the roll; the old workers keep serving. A second SIGHUP during a roll starts
 * another roll when this one ends.
 */
import cluster, { type Address, type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { serveClusterMetrics } from './lib/cluster-metrics.js';
import { givenPublicUrl, whereServing } from './lib/ready-line.js';
import { WorkerRestarts } from './worker-restarts.js';

/** Set for the first workers only: the primary prepared the database for the code it runs. */
export const PREPARED_ENV = 'FLORA_PREPARED_BY_PRIMARY';
/**
 * glibc's malloc gives each thread that allocates its own arena (up to 8 per core), and memory freed
 * in an arena mostly stays with the process: a worker's libuv threads (compression, password hashing,
 * files) and V8's own threads held some 100 MB of such arenas after a few minutes of traffic (bench/
 * memory.ts); with two, that memory is reused instead. Few threads allocate at once in a process whose
 * JavaScript runs on one thread, so two arenas see little contention. glibc reads the variable when a
 * process starts, so it is given to the workers here; an operator's own value wins.
 */
const WORKER_MALLOC_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

/**
 * Longest wait for a new worker of a roll to listen: loading, opening the database, and the release's
 * migrations (an index built on a large table takes minutes). The old workers serve meanwhile.
 */
const NEW_WORKER_TIMEOUT_MS = 600_000;

export function runPrimary(config: Config, log: Logger): void {
  const restarts = new WorkerRestarts();
  /** Workers serving (they listen), to add up their figures on /metrics. */
  const listening = new Set<number>();
  /** Old workers a roll stopped on purpose: their exit is not a crash. */
  const retiring = new Set<number>();
  /** A roll's new workers until they listen: the roll, not the crash restarts, decides about them. */
  const joining = new Set<number>();
  let stopping = false;

  const fork = (prepared: boolean): Worker => {
    const worker = cluster.fork({ ...WORKER_MALLOC_ENV, ...(prepared ? { [PREPARED_ENV]: '1' } : {}) });
    restarts.started(worker.id);
    return worker;
  };

  cluster.on('listening', (worker) => listening.add(worker.id));
  serveClusterMetrics(() => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && listening.has(w.id)));

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping || retiring.delete(worker.id) || joining.delete(worker.id)) return;
    // A worker that keeps dying (its start fails while the database is away) is replaced after a
    // pause doubling each time, not in a tight loop that would fill the log and the CPU.
    const delay = restarts.exited(worker.id);
    log.error(`Worker ${worker.process.pid} exited (${code ?? signal}); starting another in ${delay} ms.`);
    setTimeout(() => {
      // A replacement prepares the database itself: the build on disk may be newer than the primary's.
      if (!stopping) fork(false);
    }, delay);
  });

  /** Resolves true once `worker` listens, false if it exits (or hangs) first. */
  const listensOrExits = (worker: Worker) =>
    new Promise<{ ok: boolean; why: string }>((resolve) => {
      const done = (result: { ok: boolean; why: string }) => {
        clearTimeout(timer);
        worker.off('listening', onListening);
        worker.off('exit', onExit);
        resolve(result);
      };
      const onListening = () => done({ ok: true, why: '' });
      const onExit = (code: number | null, signal: string | null) =>
        done({ ok: false, why: `exited (${code ?? signal}) before listening` });
      const timer = setTimeout(() => {
        worker.process.kill('SIGKILL');
        done({ ok: false, why: `did not listen within ${NEW_WORKER_TIMEOUT_MS / 1000} s` });
      }, NEW_WORKER_TIMEOUT_MS);
      worker.on('listening', onListening);
      worker.on('exit', onExit);
    });
  const exits = (worker: Worker) =>
    new Promise<string>((resolve) => {
      if (worker.isDead()) resolve(String(worker.process.exitCode ?? worker.process.signalCode));
      else worker.once('exit', (code: number | null, signal: string | null) => resolve(String(code ?? signal)));
    });

  let rolling = false;
  let again = false;
  const roll = async (): Promise<void> => {
    const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead() && !retiring.has(w.id));
    const started = Date.now();
    log.info(`Reload: replacing ${old.length} workers one at a time`);
    for (const [i, worker] of old.entries()) {
      const step = `Reload ${i + 1}/${old.length}:`;
      if (stopping) return;
      if (worker.isDead()) continue; // it died meanwhile; the crash restart replaces it
      const fresh = fork(false);
      joining.add(fresh.id);
      log.info(`${step} worker ${fresh.process.pid} starting, to replace worker ${worker.process.pid}`);
      const { ok, why } = await listensOrExits(fresh);
      // One that failed stays "joining" until its exit, which then starts no replacement.
      if (ok) joining.delete(fresh.id);
      if (stopping) return;
      if (!ok) {
        log.error(
          `${step} new worker ${fresh.process.pid} ${why}; reload stopped, worker ${worker.process.pid} and the others keep serving`,
        );
        return;
      }
      log.info(
        `${step} worker ${fresh.process.pid} listening; worker ${worker.process.pid} takes no new connection and finishes its requests`,
      );
      retiring.add(worker.id);
      worker.process.kill('SIGTERM');
      const exit = await exits(worker);
      log.info(`${step} worker ${worker.process.pid} exited (${exit})`);
    }
    log.info(`Reload done: ${old.length} workers replaced in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  process.on('SIGHUP', () => {
    if (stopping) return;
    if (rolling) {
      again = true;
      log.info('Reload asked during a reload: another one follows this one');
      return;
    }
    rolling = true;
    void (async () => {
      do {
        again = false;
        await roll().catch((err: unknown) => log.error({ err }, 'Reload failed'));
      } while (again && !stopping);
      rolling = false;
    })();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      log.info(`${signal} received: stopping the workers`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }

  for (let i = 0; i < config.webConcurrency; i++) fork(true);
  // One line once every first worker listens: where the shop is, and how to reload it.
  let first = config.webConcurrency;
  const onFirstListening = (_worker: Worker, address: Address) => {
    if (--first > 0) return;
    cluster.off('listening', onFirstListening);
    const where = whereServing(normalise(address, config), givenPublicUrl());
    log.info(
      `Shop ready ${where} with ${config.webConcurrency} processes (primary ${process.pid}: kill -HUP ${process.pid} replaces them one at a time)`,
    );
  };
  cluster.on('listening', onFirstListening);
}

/** node:cluster reports the address as given to listen() (the host may be left out) and the port bound. */
function normalise(address: Address, config: Config): AddressInfo {
  const host = address.address || config.host;
  return { address: host, port: address.port, family: address.addressType === 6 || host.includes(':') ? 'IPv6' : 'IPv4' };
}
