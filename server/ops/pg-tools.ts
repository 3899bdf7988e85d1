/**
 * PostgreSQL's own client tools (pg_dump, pg_restore): the only way to copy a database whole, with
 * graphile-worker's schema, sequences, functions and extensions. Run as child processes; the password
 * goes through the environment (PGPASSWORD), never on a command line another user could read in `ps`.
 */
import { spawn } from 'node:child_process';

export class PgToolMissingError extends Error {
  constructor(tool: string) {
    super(
      `${tool} was not found. Backups of a PostgreSQL shop need PostgreSQL's client tools, as new as the server ` +
        `(Debian/Ubuntu: apt-get install postgresql-client; or set PG_BIN_DIR to the folder that holds ${tool}).`,
    );
  }
}

/** libpq's environment for a postgres:// URL, so that the URL's password stays off the command line. */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(u.hostname) || 'localhost',
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  // sslmode and the other libpq options written as URL parameters (e.g. ?sslmode=require).
  for (const [k, v] of u.searchParams) if (/^[a-z_]+$/.test(k)) env[`PG${k.toUpperCase()}`] = v;
  return env;
}

function toolPath(tool: string): string {
  const dir = process.env.PG_BIN_DIR;
  return dir ? `${dir.replace(/\/+$/, '')}/${tool}` : tool;
}

/** Runs pg_dump or pg_restore; rejects with its own error output when it fails. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath(tool), args, {
      env: { ...process.env, ...libpqEnv(url) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new PgToolMissingError(tool) : err));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}
