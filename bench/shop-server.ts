/**
 * The shop as the browser benches measure it (bench/lighthouse.ts, bench/inp.ts): the web app and its
 * server renderer built as for production, then the server started on a free loopback port with a
 * fresh data folder (PGlite, demo catalogue seeded). `stop()` ends the server and removes the folder.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Debian's Chromium, as the journeys use (playwright.config.ts). */
export const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Generous: on a loaded shared machine the first start (migrations, demo catalogue and its pictures)
// took over five minutes.
async function waitFor(url: string, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Where the benches build and serve the web app: dist/ as `npm run build` makes it, or BENCH_DIST_DIR
 * (a folder inside the repository, e.g. dist/bench, so the renderer finds node_modules): on a machine
 * shared with journeys running against dist/, a bench's build then does not replace theirs.
 */
const defaultDistDir = path.resolve(root, process.env.BENCH_DIST_DIR ?? 'dist');

/** Builds the web app and its server renderer (as `npm run build` does for the web part). */
export function buildWeb(distDir = defaultDistDir): void {
  console.log(`Building the web app and its server renderer into ${path.relative(root, distDir)}/...`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const viteArgs = ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'];
  execFileSync(process.execPath, [vite, ...viteArgs, '--outDir', path.join(distDir, 'web')], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [vite, ...viteArgs, '--ssr', 'src/entry-server.tsx', '--outDir', path.join(distDir, 'web-ssr')], {
    cwd: root,
    stdio: 'inherit',
  });
}

export interface RunningShop {
  base: string;
  /** The id of a product of the demo catalogue (the first of the list). */
  productId: number;
  stop(): Promise<void>;
}

/** Starts the built shop as in production and waits until it answers. */
export async function startShop(distDir = defaultDistDir): Promise<RunningShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flora-bench-'));
  const server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      WEB_DIST_DIR: path.join(distDir, 'web'),
    },
  });
  const exited = new Promise((r) => server.once('exit', r));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`);
    const products = (await (await fetch(`${base}/api/products?per_page=1`)).json()) as { data: { id: number }[] };
    return { base, productId: products.data[0]?.id ?? 1, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
