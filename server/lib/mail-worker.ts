/**
 * Keeps graphile-worker (the mail queue's sender on PostgreSQL) running through database outages and
 * frees the mails that a dead process had taken.
 *
 * Restarts: graphile-worker's runner ends (its promise rejects) when it cannot record a job's end, for
 * instance when PostgreSQL drops in the middle of a mail; it does not start again by itself. Here every
 * end is caught, logged on ONE line, and the runner starts again after a pause doubling from
 * `restartBaseMs` up to RESTART_MAX_MS, until the database is back. The process never exits for it.
 *
 * Dead workers' jobs: graphile-worker locks a job with its pool's id and frees the jobs of a pool that
 * vanished only after 4 hours. So each runner holds, for as long as it lives, a session advisory lock
 * keyed by its pool id on a connection of its own (PostgreSQL drops the lock with the session, when
 * the process dies or loses the database). Before each start, every `send_mail` job locked by a pool
 * whose lock nobody holds (another process that died, this process's own runner that failed) is
 * unlocked at once (`force_unlock_workers`) and sent again. Unlocking a job whose pool is in fact alive
 * costs nothing worse than a wait: the sender locks the outbox row and skips a row already sent.
 */
import { EventEmitter } from 'node:events';
import type { Runner, WorkerEvents } from 'graphile-worker';
import type { Pool, PoolClient } from 'pg';

/** Namespace of the liveness advisory locks (any fixed number; the key inside is the pool id's hash). */
const LIVENESS_LOCK = 72_002;
const RESTART_MAX_MS = 15_000;
/** A runner that lived this long resets the pause to its first value. */
const HEALTHY_AFTER_MS = 60_000;

type Log = { info(o: object, m?: string): void; warn(o: object, m?: string): void };

export interface SupervisedWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  running(): boolean;
}

export function superviseWorker(options: {
  pool: Pool;
  log: Log;
  /** Starts graphile-worker with these events (the runner's pool id is read from `pool:create`). */
  run: (events: WorkerEvents) => Promise<Runner>;
  restartBaseMs?: number;
}): SupervisedWorker {
  const { pool, log } = options;
  const restartBaseMs = options.restartBaseMs ?? 500;
  let stopped = true;
  let runner: Runner | null = null;
  let isRunning = false;
  /** Pool ids of this process's runners that ended: their jobs are freed at the next start. */
  const ended = new Set<string>();
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let firstStart: (() => void) | null = null;
  /** Failures in a row: the pause before the next start doubles with each. */
  let failures = 0;

  /** One runner's life: resolves or rejects when it ends. */
  async function runOnce(): Promise<void> {
    const liveness = await pool.connect();
    let poolId: string | null = null;
    let lost!: (err: Error) => void;
    const connectionLost = new Promise<never>((_, reject) => (lost = reject));
    connectionLost.catch(() => undefined);
    liveness.on('error', (err) => lost(err));
    try {
      const freed = await unlockDeadWorkers(liveness, ended);
      ended.clear();
      if (freed > 0) log.info({ worker: true, freed }, `${freed} mails taken by a mail worker that is gone are sent again`);
      const events = new EventEmitter() as WorkerEvents;
      events.on('pool:create', ({ workerPool }) => {
        poolId = workerPool.id;
        // Before its first job is likely taken; see the module comment for why a late lock is harmless.
        liveness.query('select pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK, workerPool.id]).catch((err: Error) => lost(err));
      });
      runner = await options.run(events);
      // Its end is awaited below; this keeps a rejection that comes after a lost lock connection from
      // being unhandled (which would end the process).
      runner.promise.catch(() => undefined);
      isRunning = true;
      firstStart?.();
      const startedAt = Date.now();
      try {
        await Promise.race([runner.promise, connectionLost]);
      } finally {
        isRunning = false;
        if (Date.now() - startedAt > HEALTHY_AFTER_MS) failures = 0;
      }
      if (!stopped) throw new Error('the worker stopped by itself');
    } finally {
      const r = runner;
      runner = null;
      // A runner still going (its lock connection failed) is stopped; one that failed has nothing to stop.
      await r?.stop().catch(() => undefined);
      if (poolId) ended.add(poolId);
      // Destroyed, not returned to the pool: ending the session releases the liveness lock.
      liveness.release(true);
    }
  }

  async function supervise(): Promise<void> {
    while (!stopped) {
      try {
        await runOnce();
      } catch (err) {
        if (stopped) break;
        failures++;
        const delay = Math.min(RESTART_MAX_MS, restartBaseMs * 2 ** (failures - 1));
        log.warn({ worker: true, failures }, `mail worker stopped (${reason(err)}); starting again in ${delay} ms`);
        // The first start does not wait for the database: the shop serves meanwhile.
        firstStart?.();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      failures = 0;
      const started = new Promise<void>((resolve) => (firstStart = resolve));
      loop = supervise();
      await started;
      firstStart = null;
    },
    async stop() {
      stopped = true;
      wake?.();
      await runner?.stop().catch(() => undefined);
      await loop;
      loop = null;
    },
    running: () => isRunning,
  };
}

/**
 * Frees the `send_mail` jobs locked by pools that are gone: this process's runners that ended, and
 * any pool whose liveness lock nobody holds (its process died). Only the mail task's jobs: another
 * application's graphile-worker in the same database keeps its own.
 */
async function unlockDeadWorkers(client: PoolClient, ended: Set<string>): Promise<number> {
  const locked = await client.query<{ locked_by: string }>(
    `select distinct j.locked_by from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      where j.locked_by is not null and t.identifier = 'send_mail'`,
  );
  const dead: string[] = [];
  for (const { locked_by: id } of locked.rows) {
    if (ended.has(id)) {
      dead.push(id);
      continue;
    }
    const free = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as free', [LIVENESS_LOCK, id]);
    if (free.rows[0]?.free) {
      dead.push(id);
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [LIVENESS_LOCK, id]);
    }
  }
  if (dead.length === 0) return 0;
  const jobs = await client.query<{ n: number }>(
    'select count(*)::int as n from graphile_worker._private_jobs where locked_by = any($1::text[])',
    [dead],
  );
  await client.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
  return jobs.rows[0]?.n ?? 0;
}

/** An error in a few words for the one log line (no query, no address). */
function reason(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [
    e?.code,
    String(e?.message ?? err)
      .split('\n')[0]!
      .slice(0, 160),
  ]
    .filter(Boolean)
    .join(' ');
}
