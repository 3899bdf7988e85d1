/**
 * Browser tests: Debian's Chromium against the built app (`npm run build` first), served by the real
 * server on a free port with a fresh data folder (PGlite, or PostgreSQL with E2E_DATABASE_URL).
 * Mail goes to <data>/mail as .eml files, which the tests read (e2e/support/mail.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Computed once in the runner process; workers inherit the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'flora-e2e-'));

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Generous waits for a machine shared with another heavy job (npm test must pass there): a slow
  // answer only waits longer; a wrong one still fails. On 2 cores beside the PostgreSQL API suite in a
  // loop every browser action took 3-10 s, and the longest journeys 4 minutes: each long journey has
  // about twice what it took there.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // No retries: a retry hides a race. A flaky journey is a bug to find in the app.
  retries: 0,
  // In CI a run that breaks everywhere (a page that never draws makes every journey wait out its
  // budget) stops after a few failures and within an hour, so it fails with its report instead of
  // running into CI's own time limit with nothing to read.
  ...(process.env.CI ? { maxFailures: 5, globalTimeout: 60 * 60_000 } : {}),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // No trace unless asked for (E2E_TRACE=1: a failed journey keeps each action's DOM, network and
    // console). Recording one for every journey, to throw it away when the journey passes, was a good
    // share of the browsers' and the test workers' CPU; a failure still keeps its screenshot.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true } : 'off',
    screenshot: 'only-on-failure',
    // The shop honours reduced motion (styles.css): no transition or animation frames to draw, and
    // nothing on screen still moving when a journey looks at it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The compiled server that `npm run build` made (npm run test:e2e builds first), run by Node as
    // `npm start` runs it: no TypeScript compiled at start (through tsx the start alone took a minute
    // on a loaded machine). Not scripts/start.js: in a checkout being edited it would rebuild whenever
    // a source changed since the build, inside the server's start.
    command: `node --enable-source-maps ${path.join('dist', 'server', 'start.js')}`,
    url: `${baseURL}/api/health`,
    // A fresh data folder is migrated and seeded (87 demo pictures made with sharp) before the server
    // answers: some 2 minutes at a load of 27 on 2 cores, so the wait allows more than that.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      // Never the developer's own DATABASE_URL: a fresh PGlite, or PostgreSQL only when asked for.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
