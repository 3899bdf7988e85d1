/**
 * Mails that are never lost: the transactional outbox.
 *
 *   await db.transaction(async (tx) => {
 *     ...write what causes the mail...
 *     await queueMail(tx, { to, subject, html, text, links }, { key: `welcome:${userId}` });
 *   });
 *
 * `queueMail` writes the message as a row of `mail_outbox` in the caller's transaction: if the
 * transaction rolls back there is no mail; once it commits the mail will be sent, even if the SMTP
 * server is down or the process dies right after. The caller never waits for SMTP.
 *
 * Who sends the rows:
 * - PostgreSQL: graphile-worker (a well-kept job queue on PostgreSQL). The same statement that writes
 *   the rows adds their `send_mail` jobs with ONE `graphile_worker.add_jobs(...)` call (`sendJobs`),
 *   so the jobs commit or roll back with the rows; the worker retries with exponential backoff
 *   (e^attempts seconds, 25 attempts, about three days), several server processes share the work, jobs survive restarts.
 * - PGlite (one embedded process, no network connection graphile-worker could use): an in-process
 *   loop drains the same table every second, with its own exponential backoff (retryBaseMs × 2^n,
 *   capped at one hour, 25 attempts). Same table, same guarantees while the process runs; rows left
 *   by a crash are sent on the next start.
 *
 * Exactly once: a row is marked sent in the same transaction that read it for sending, right after the
 * SMTP server accepted it; a replayed job finds it sent and does nothing. When the database goes away
 * between the SMTP server's "250 OK" and that commit, the process keeps the row's id and writes the
 * mark as soon as the database is back, without sending again. The one window left is a crash of the
 * process there: the mail is then sent again, once, never lost (receivers dedupe by Message-ID, which
 * is fixed per row). The jobs a
 * dead process had taken are freed when a process starts, not hours later (mail-worker.ts), and the
 * sender starts again by itself after the database comes back.
 *
 * Rows whose message is built at sending time (e.g. an order confirmation rendered from the order)
 * use a `kind` with a renderer given to `createMailQueue`; `queueMail` is the plain-message kind.
 */
import { is, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgDatabase, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { Logger as WorkerLogger, run as runWorker } from 'graphile-worker';
import type { Pool } from 'pg';
import type { Db, DbOrTx } from '../db/client.js';
import type { MailMessage, Mailer } from './mail.js';
import { superviseWorker } from './mail-worker.js';

/** Attempts before a mail is given up (failed_at set, logged as an error). */
export const MAIL_MAX_ATTEMPTS = 25;
/** First pause before writing again the sent mark of a mail the database did not take (ms). */
const MARK_RETRY_MS = 250;
const PLAIN = 'message';
const TASK = 'send_mail';

export interface QueueMailOptions {
  /** Idempotence: a second mail with the same key is not queued (e.g. `order:42:confirmation`). */
  key?: string;
}

/** One outbox row: a kind with its payload (a ready message for `message`). */
export interface OutboxEntry {
  kind: string;
  payload: unknown;
  key?: string;
  /** Send no sooner than this many ms from now (a change that may still be undone); absent: at once. */
  delayMs?: number;
}

/** Builds the message of a rendered kind at sending time; null: nothing to send any more. */
export type MailRenderer = (db: DbOrTx, payload: never) => Promise<MailMessage | null>;

function onPostgres(db: DbOrTx): boolean {
  return is(db, NodePgTransaction) || is(db, NodePgDatabase);
}

/** Queues a ready message in the caller's transaction (or alone, with the database handle). */
export async function queueMail(tx: DbOrTx, message: MailMessage, options: QueueMailOptions = {}): Promise<void> {
  await queueOutbox(tx, [{ kind: PLAIN, payload: message, key: options.key }]);
}

/** Queues several outbox rows in one statement (rendered kinds included). */
export async function queueOutbox(tx: DbOrTx, entries: OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(
      (e) =>
        sql`(${e.kind}, ${e.key ?? null}, ${JSON.stringify(e.payload)}::jsonb, now() + (${e.delayMs ?? 0} * interval '1 millisecond'))`,
    ),
    sql`, `,
  );
  const insert = sql`insert into mail_outbox (kind, dedupe_key, payload, run_at) values ${values} on conflict (dedupe_key) do nothing`;
  if (onPostgres(tx)) {
    // One round trip: the rows and their jobs commit (or vanish) together.
    await tx.execute(sql`with m as (${insert} returning id, run_at) ${sendJobs(sql`m`)}`);
  } else {
    await tx.execute(insert);
  }
}

/**
 * A select adding the `send_mail` jobs of the outbox rows in `rows` (a relation with their `id` and
 * `run_at`: a delayed row's job waits as long), one row per job. ONE call of graphile-worker's `add_jobs` for all of them: `add_job` per row ran the
 * task and queue look-ups and a NOTIFY for each (about 0.4 ms of PostgreSQL's time per mail, the
 * largest part of a checkout's last statement). No rows, no call.
 */
function sendJobs(rows: SQL): SQL {
  return sql`select job.id from (
      select array_agg((${TASK}::text, json_build_object('id', r.id), null::text, r.run_at, ${MAIL_MAX_ATTEMPTS}::smallint,
        null::text, null::smallint, null::text[])::graphile_worker.job_spec order by r.id) as specs
      from ${rows} r
    ) batch, graphile_worker.add_jobs(batch.specs) job
    where batch.specs is not null`;
}

/**
 * The outbox insert as parts of a caller's larger statement (the checkout writes its order and its
 * mails in one round trip, checkout/order-write.ts): `ctes` inserts the rows chosen by `rows` (a
 * select of kind, dedupe_key, payload) and, on PostgreSQL, adds their jobs; `select` is an expression
 * the caller's final select must include (a CTE nobody reads is not run). Same rows and jobs as queueOutbox.
 */
export function outboxInsert(tx: DbOrTx, rows: SQL): { ctes: SQL; select: SQL } {
  const insert = sql`outbox as (insert into mail_outbox (kind, dedupe_key, payload) ${rows} on conflict (dedupe_key) do nothing returning id, run_at)`;
  if (!onPostgres(tx)) return { ctes: insert, select: sql`(select count(*) from outbox)` };
  return {
    ctes: sql`${insert}, outbox_jobs as (${sendJobs(sql`outbox`)})`,
    select: sql`(select count(*) from outbox_jobs)`,
  };
}

type Log = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

export interface MailQueueOptions {
  db: Db;
  /** PostgreSQL pool: graphile-worker sends; absent (PGlite): the in-process loop sends. */
  pool?: Pool;
  mailer: Mailer;
  log: Log;
  renderers?: Record<string, MailRenderer>;
  /** PGlite loop: how often it looks for due rows (ms). */
  pollMs?: number;
  /** PGlite loop: first retry delay (ms), doubled at each failure, capped at one hour. */
  retryBaseMs?: number;
  /**
   * Resolves when the process answers no request, or at the deadline (requests-in-flight.ts): a
   * mail's first attempt waits for that, at most QUIET_WAIT_MS after it was queued (graphile-worker).
   */
  quiet?: (deadline: number) => Promise<void>;
  /** graphile-worker: first pause before starting again after a failure (ms), doubled up to 15 s. */
  restartBaseMs?: number;
}

/**
 * How long a new mail may wait for a moment when the process answers no request. A burst of orders
 * is answered first and its mails go out right after it (about 1 ms of the server's CPU per checkout
 * saved during the 100-guest storm); a shop that is never quiet sends each mail after this delay.
 */
export const QUIET_WAIT_MS = 2_000;

export interface MailQueue {
  readonly driver: 'graphile-worker' | 'in-process';
  start(): Promise<void>;
  /** Stops taking new rows and waits for the mails being sent. */
  stop(): Promise<void>;
  /** Whether the sender runs now (false while graphile-worker waits to start again after a failure). */
  running(): boolean;
  /** Look for due rows now (after a commit) instead of at the next poll; PGlite only. */
  nudge(): void;
  /** Tests: resolves when every queued row that is due has been tried at least once (delayed rows wait). */
  settled(timeoutMs?: number): Promise<void>;
}

interface Row {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { mailer, log } = options;
  // On PostgreSQL the queue reads and marks rows through its own pool (db/client.ts), so sending mails
  // never takes a connection from the requests' pool.
  const db: Db = options.pool ? (drizzlePg(options.pool) as unknown as Db) : options.db;
  const renderers: Record<string, MailRenderer> = { ...options.renderers };
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const pollMs = options.pollMs ?? 1_000;

  /** Reads through `tx` (on PGlite, the one connection is the transaction's while it is open). */
  async function render(tx: DbOrTx, row: Row): Promise<MailMessage | null> {
    if (row.kind === PLAIN) return row.payload as MailMessage;
    const renderer = renderers[row.kind];
    if (!renderer) throw new Error(`no mail renderer for kind ${row.kind}`);
    return renderer(tx, row.payload as never);
  }

  /**
   * Rows whose mail the SMTP server accepted but whose sent mark did not commit (the database went away
   * in between): this process never sends them again, and marks them as soon as the database is back
   * (`retryMarks`, and `deliver` when their job comes round again first). Only a crash of the process in
   * that window can still send a mail twice.
   */
  const sentUnmarked = new Set<number>();
  let markTimer: NodeJS.Timeout | null = null;
  const markSent = (id: number) =>
    db.execute(
      sql`update mail_outbox set sent_at = coalesce(sent_at, now()), attempts = attempts + 1, last_error = null where id = ${id} and sent_at is null`,
    );

  /** Tries the pending marks again, every MARK_RETRY_MS at first, then less often, until none is left. */
  function retryMarks(delayMs = MARK_RETRY_MS): void {
    if (markTimer || sentUnmarked.size === 0) return;
    markTimer = setTimeout(async () => {
      markTimer = null;
      for (const id of [...sentUnmarked]) {
        const marked = await markSent(id).then(
          () => true,
          () => false,
        );
        if (!marked) break;
        sentUnmarked.delete(id);
        log.info({ mailId: id }, 'mail sent before the database went away: marked sent');
      }
      retryMarks(Math.min(delayMs * 2, 5_000));
    }, delayMs);
    markTimer.unref();
  }

  /** At stop: one last try of the pending marks, and no more timer. */
  async function flushMarks(): Promise<void> {
    if (markTimer) clearTimeout(markTimer);
    markTimer = null;
    for (const id of [...sentUnmarked])
      if (
        await markSent(id).then(
          () => true,
          () => false,
        )
      )
        sentUnmarked.delete(id);
  }

  /**
   * Sends one row unless it is already sent; marks it sent in the same transaction that locked it.
   * Throws when the mail could not be sent (after recording the attempt), or when its mark could not
   * be written (the mail is then never sent again by this process: `sentUnmarked`).
   */
  async function deliver(id: number, attempt: number): Promise<void> {
    if (sentUnmarked.has(id)) {
      await markSent(id);
      sentUnmarked.delete(id);
      log.info({ mailId: id }, 'mail sent before the database went away: marked sent');
      return;
    }
    let accepted = false;
    try {
      await db.transaction(async (tx) => {
        const rows = await tx.execute<{ id: number; kind: string; payload: unknown; attempts: number }>(
          sql`select id, kind, payload, attempts from mail_outbox where id = ${id} and sent_at is null and failed_at is null for update`,
        );
        const row = (rows as unknown as { rows: Row[] }).rows[0];
        if (!row) return;
        const message = await render(tx, row);
        if (message) await mailer.send({ ...message, messageId: `<outbox-${row.id}@flora-maroc>` });
        // Out of the door: from here on a failure is the mark's, never a reason to send again.
        accepted = true;
        sentUnmarked.add(id);
        await tx.execute(sql`update mail_outbox set sent_at = now(), attempts = attempts + 1, last_error = null where id = ${id}`);
        log.info({ mailId: id, kind: row.kind }, message ? 'queued mail sent' : 'queued mail had nothing to send');
      });
      sentUnmarked.delete(id);
    } catch (err) {
      if (accepted) {
        // The job fails and comes round again (finding the id here or the row marked); meanwhile the
        // mark is retried on its own, so another process taking the job finds it sent.
        log.warn({ mailId: id }, 'mail sent but not marked (database unavailable): the mark is retried, the mail is not sent again');
        retryMarks();
        throw err;
      }
      const e = err as { code?: string; responseCode?: number; message?: string };
      // The reason only, never the message or its address.
      const reason = [e.responseCode, e.code].filter(Boolean).join(' ') || String(e.message ?? 'error').slice(0, 200);
      const giveUp = attempt >= MAIL_MAX_ATTEMPTS;
      const delayMs = Math.min(retryBaseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
      // Best effort: with the database gone the attempt cannot be recorded, and the job's own retry
      // (or the restart's unlock, mail-worker.ts) tries the row again.
      const recorded = await db
        .execute(
          sql`update mail_outbox set attempts = ${attempt}, last_error = ${reason},
        run_at = now() + (${delayMs} * interval '1 millisecond'),
        failed_at = ${giveUp ? sql`now()` : sql`null`} where id = ${id}`,
        )
        .then(
          () => true,
          () => false,
        );
      if (!recorded) throw err;
      (giveUp ? log.error : log.warn).call(
        log,
        { mailId: id, attempt, reason },
        giveUp ? 'mail given up after every attempt' : 'mail not sent, will retry',
      );
      throw err;
    }
  }

  if (options.pool) {
    const worker = superviseWorker({
      pool: options.pool,
      log,
      restartBaseMs: options.restartBaseMs,
      run: (events) =>
        runWorker({
          pgPool: options.pool,
          concurrency: 2,
          noHandleSignals: true,
          pollInterval: 2_000,
          logger: quietLogger(log),
          events,
          // Job ends recorded through graphile-worker's batcher: without it (0.17) a failure to record
          // one (the database gone mid-mail) is a promise nobody awaits, and the process dies of it.
          // The batcher reports it instead; the runner then stops and mail-worker.ts starts it again.
          preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
          taskList: {
            [TASK]: async (payload, helpers) => {
              if (options.quiet && helpers.job.attempts === 1)
                await options.quiet(new Date(helpers.job.created_at).getTime() + QUIET_WAIT_MS);
              await deliver((payload as { id: number }).id, helpers.job.attempts);
            },
          },
        }),
    });
    return {
      driver: 'graphile-worker',
      start: worker.start,
      async stop() {
        await worker.stop();
        await flushMarks();
      },
      running: worker.running,
      nudge() {},
      async settled(timeoutMs = 10_000) {
        await waitUntil(async () => {
          const r = await db.execute(
            sql`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null and attempts = 0 and run_at <= now()`,
          );
          return ((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
        }, timeoutMs);
      },
    };
  }

  // PGlite: one loop in this process.
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function drainOnce(): Promise<void> {
    for (;;) {
      const r = await db.execute(sql`select id, attempts from mail_outbox
        where sent_at is null and failed_at is null and run_at <= now() order by id limit 20`);
      const due = (r as unknown as { rows: { id: number; attempts: number }[] }).rows;
      for (const row of due) {
        if (stopped) return;
        await deliver(row.id, row.attempts + 1).catch(() => undefined);
      }
      if (due.length < 20) return;
    }
  }

  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await drainOnce().catch((err: Error) => log.error({ err: { message: err.message } }, 'mail outbox could not be read'));
      } while (again && !stopped);
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  return {
    driver: 'in-process',
    running: () => !stopped,
    async start() {
      stopped = false;
      timer = setInterval(() => void drain(), pollMs);
      timer.unref();
      void drain();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await draining;
      await flushMarks();
    },
    nudge() {
      if (!stopped) void drain();
    },
    async settled(timeoutMs = 10_000) {
      await waitUntil(async () => {
        await drain();
        const c = await db.execute(
          sql`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null and attempts = 0 and run_at <= now()`,
        );
        return ((c as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0;
      }, timeoutMs);
    },
  };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('mail queue did not settle in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * graphile-worker's log lines through ours, debug lines dropped, each on one line (its errors carry the
 * whole failed batch and stack after the first line).
 */
function quietLogger(log: Log) {
  return new WorkerLogger(() => (level, message) => {
    if (level === 'debug') return;
    const line = message.split('\n')[0]!.slice(0, 300);
    if (level === 'error') log.error({ worker: true }, line);
    else if (level === 'warning') log.warn({ worker: true }, line);
  });
}
