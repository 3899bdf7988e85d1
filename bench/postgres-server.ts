/**
 * The PostgreSQL server the benches build their databases on (BENCH_DATABASE_URL, the local test
 * server by default), and one statement run on it outside any bench database: creating or dropping one.
 */
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function onServer(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
