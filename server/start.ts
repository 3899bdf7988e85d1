/**
 * `npm start`: build the web app when it is missing or older than its sources, then start the shop
 * (WEB_CONCURRENCY processes; see main.ts for one).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { WorkerRestarts } from './worker-restarts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'web', 'index.html');
const builtRenderer = path.join(root, 'dist', 'web-ssr', 'entry-server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(builtIndex) || !existsSync(builtRenderer)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return newestMtime(path.join(root, 'web')) > built || newestMtime(path.join(root, 'shared')) > built;
}

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

if (needsBuild()) {
  console.log('Building the web app and its server renderer...');
  const vite = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', ...args], {
      cwd: root,
      stdio: 'inherit',
    });
  // The same two steps as `npm run build`: the browser's app (dist/web), then the renderer (dist/web-ssr).
  vite();
  vite('--ssr', 'src/entry-server.tsx');
}

const { openShopDatabase, prepareShop, startServer, startFailureMessage } = await import('./main.js');
/** A failed start says why in one sentence (an unreachable DATABASE_URL, ...) and exits non-zero. */
const orExit = async (start: () => Promise<unknown>) => {
  try {
    await start();
  } catch (err) {
    console.error(startFailureMessage(err));
    process.exit(1);
  }
};
if (config.webConcurrency > 1) {
  // Several processes on one port (node:cluster shares the listening socket): the primary prepares
  // the database once, then each worker serves; a worker that dies is replaced.
  const cluster = (await import('node:cluster')).default;
  if (cluster.isPrimary) {
    await orExit(async () => {
      const database = await openShopDatabase(config);
      await prepareShop(config, database, (msg) => console.log(msg));
      await database.close();
    });
    let stopping = false;
    const restarts = new WorkerRestarts();
    const fork = () => restarts.started(cluster.fork().id);
    for (let i = 0; i < config.webConcurrency; i++) fork();
    cluster.on('exit', (worker, code) => {
      if (stopping) return;
      // A worker that keeps dying (its start fails while the database is away) is replaced after a
      // pause doubling each time, not in a tight loop that would fill the log and the CPU.
      const delay = restarts.exited(worker.id);
      console.error(`Worker ${worker.process.pid} exited (${code ?? worker.process.signalCode}); starting another in ${delay} ms.`);
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        stopping = true;
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      });
    }
    console.log(`Shop starting ${config.webConcurrency} processes on ${config.publicUrl}`);
  } else {
    await orExit(() => startServer(config, { prepared: true }));
  }
} else {
  await orExit(() => startServer(config));
}
