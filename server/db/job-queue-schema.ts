/**
 * graphile-worker's own schema (its job tables, with their own versions), installed with the shop's
 * migrations on PostgreSQL. Here rather than beside the mail queue that uses it, so the database layer
 * imports nothing above it (the queue itself imports the database's types).
 */
import { Logger, runMigrations } from 'graphile-worker';
import type { Pool } from 'pg';

/** Quiet: a migration's progress lines would only repeat what the shop's migrations log. */
const silent = new Logger(() => () => undefined);

export async function migrateJobQueue(pool: Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: silent });
}
