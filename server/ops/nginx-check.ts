/**
 * `npm run test:nginx`: the shop behind the nginx site of docs/DEPLOY.md (server/ops/deploy/nginx-site.conf),
 * on loopback, checked from the outside as a browser would reach it:
 *
 * - http:// answers a 301 to the same address in https://;
 * - TLS with HTTP/2;
 * - the admin's sign-in sets the `__Host-` session cookie, Secure, and it opens the back office;
 * - per-IP limits count the visitor nginx saw (TRUST_PROXY=1), not nginx and not a forged
 *   X-Forwarded-For: one client reaching the limit leaves another one free;
 * - page previews (og:url) and mails link to the https address;
 * - assets come compressed once (they decompress to the built file), immutable, then from nginx's cache.
 *
 * Installs Debian's nginx when it is missing (as root), makes a self-signed certificate with openssl, and
 * runs nginx with its own configuration, pid, logs and cache in a temporary folder (never the system's).
 * Needs the built web app (npm run build). Stops everything it started; exit 1 when a check fails.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.js';
import { insertShopFixtures } from '../test/shop-fixtures.js';
import { freePort, startShopProcess, type ShopProcess } from '../test/server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const siteTemplate = path.join(root, 'server', 'ops', 'deploy', 'nginx-site.conf');
const ADMIN = { email: 'nginx-check@flora.test', password: 'nginx check admin password' };

function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed (apt-get install nginx-light), and installing it needs root.');
  console.log("Installing Debian's nginx-light...");
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    if (!install()) throw new Error('apt-get could not install nginx-light.');
  }
  // The package starts the system's nginx on port 80; this check runs its own, so that one is stopped.
  spawnSync('sh', [
    '-c',
    'command -v systemctl >/dev/null && systemctl stop nginx 2>/dev/null; [ -f /run/nginx.pid ] && kill "$(cat /run/nginx.pid)" 2>/dev/null; true',
  ]);
  return '/usr/sbin/nginx';
}

/** The documented site, moved to loopback ports and this run's certificate, upstream and cache. */
function siteConfig(p: { https: number; http: number; shop: number; dir: string }): string {
  const replacements: [string, string][] = [
    ['listen [::]:80;\n', ''],
    ['listen [::]:443 ssl http2;\n', ''],
    ['listen 80;', `listen 127.0.0.1:${p.http};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${p.https} ssl http2;`],
    ['return 301 https://$host$request_uri;', `return 301 https://$host:${p.https}$request_uri;`],
    ['/etc/letsencrypt/live/flora.ma/fullchain.pem', path.join(p.dir, 'cert.pem')],
    ['/etc/letsencrypt/live/flora.ma/privkey.pem', path.join(p.dir, 'key.pem')],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${p.shop};`],
    ['/var/cache/nginx/flora', path.join(p.dir, 'cache')],
  ];
  let text = readFileSync(siteTemplate, 'utf8');
  for (const [from, to] of replacements) {
    assert.ok(text.includes(from), `the nginx site no longer has "${from.trim()}": update this check with it`);
    text = text.split(from).join(to);
  }
  return text;
}

function mainConfig(dir: string): string {
  const temp = (name: string) => path.join(dir, name);
  return `# This run's own nginx: everything in ${dir}.
${process.getuid?.() === 0 ? "user root root;  # workers read and write this run's private folder\n" : ''}worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${temp('access.log')};
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${temp('site.conf')};
}
`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTPS request trusting this run's certificate only; `from` picks the client's loopback address. */
function request(
  ca: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(
      u,
      { method: options.method ?? 'GET', headers: options.headers, ca, localAddress: options.from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function http2Get(ca: string, origin: string, pathname: string): Promise<{ status: number; version: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca });
    session.on('error', reject);
    const stream = session.request({ ':path': pathname });
    stream.on('response', (headers) => {
      const status = Number(headers[':status']);
      stream.resume();
      stream.on('end', () => {
        session.close();
        resolve({ status, version: session.alpnProtocol ?? '' });
      });
    });
    stream.on('error', reject);
    stream.end();
  });
}

function decode(answer: Answer): string {
  const encoding = String(answer.headers['content-encoding'] ?? '');
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  assert.equal(encoding, '', `unexpected content-encoding "${encoding}"`);
  return answer.body.toString('utf8');
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<number> {
  const webIndex = path.join(root, 'dist', 'web', 'index.html');
  if (!existsSync(webIndex)) throw new Error('The web app is not built: run npm run build first.');
  const nginxBin = findNginx();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flora-nginx-'));
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  let nginx: ChildProcess | undefined;
  let shop: ShopProcess | undefined;
  const failures: string[] = [];
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    const ports = { https: await freePort(), http: await freePort(), shop: await freePort() };
    const origin = `https://127.0.0.1:${ports.https}`;

    // A small catalogue (the demo seed draws ~300 pictures, minutes on a busy machine).
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await insertShopFixtures(database.db);
    await database.close();
    shop = await startShopProcess({
      dataDir,
      port: ports.shop,
      env: {
        TRUST_PROXY: '1',
        PUBLIC_URL: origin,
        RATE_LIMIT: 'true',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    });

    writeFileSync(path.join(dir, 'site.conf'), siteConfig({ ...ports, dir }));
    writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
    const configTest = spawnSync(nginxBin, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
      encoding: 'utf8',
    });
    assert.equal(configTest.status, 0, `nginx -t refused the configuration:\n${configTest.stderr}`);
    nginx = spawn(nginxBin, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitFor('nginx to listen', () => (existsSync(path.join(dir, 'nginx.pid')) ? true : undefined), 30_000);
    for (let i = 0; ; i++) {
      const ok = await request(ca, `${origin}/api/health`).then(
        (a) => a.status === 200,
        () => false,
      );
      if (ok) break;
      if (i > 100) throw new Error('the shop is not reachable through nginx');
      await new Promise((r) => setTimeout(r, 100));
    }

    const check = async (name: string, fn: () => Promise<void>) => {
      try {
        await fn();
        console.log(`  ok    ${name}`);
      } catch (err) {
        failures.push(name);
        console.log(`  FAIL  ${name}\n        ${(err as Error).message.split('\n').join('\n        ')}`);
      }
    };
    console.log(`nginx ${origin} (http on ${ports.http}) -> shop on 127.0.0.1:${ports.shop}`);

    await check('docs/DEPLOY.md shows the files of server/ops/deploy as they are', async () => {
      const doc = readFileSync(path.join(root, 'docs', 'DEPLOY.md'), 'utf8');
      const deployDir = path.join(root, 'server', 'ops', 'deploy');
      for (const file of readdirSync(deployDir))
        assert.ok(doc.includes(readFileSync(path.join(deployDir, file), 'utf8')), `DEPLOY.md differs from ${file}`);
    });

    await check('http:// redirects to the same address in https://', async () => {
      const answer = await request(ca, `http://127.0.0.1:${ports.http}/fr/boutique?page=2`);
      assert.equal(answer.status, 301);
      assert.equal(answer.headers.location, `${origin}/fr/boutique?page=2`);
    });

    await check('TLS with HTTP/2', async () => {
      const answer = await http2Get(ca, origin, '/api/health');
      assert.equal(answer.status, 200);
      assert.equal(answer.version, 'h2');
    });

    await check('the admin signs in with a __Host- Secure cookie that opens the back office', async () => {
      const login = await request(ca, `${origin}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(ADMIN),
      });
      assert.equal(login.status, 200, login.body.toString());
      const cookie = (login.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-session='));
      assert.ok(cookie, `no __Host-session cookie in ${JSON.stringify(login.headers['set-cookie'])}`);
      assert.match(cookie, /;\s*Secure/i);
      assert.match(cookie, /;\s*Path=\/(;|$)/i);
      assert.doesNotMatch(cookie, /;\s*Domain=/i);
      const backOffice = await request(ca, `${origin}/api/admin/orders`, { headers: { cookie: cookie.split(';')[0]!, origin } });
      assert.equal(backOffice.status, 200, backOffice.body.toString().slice(0, 200));
    });

    await check('per-IP limits count the visitor nginx saw, not a forged X-Forwarded-For', async () => {
      // Sign-up allows 10 tries an hour per address. Client 127.0.0.2 forges a new address each time.
      const tryRegister = (from: string, forged: string) =>
        request(ca, `${origin}/api/register`, {
          method: 'POST',
          from,
          headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': forged },
          body: '{}',
        }).then((a) => a.status);
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i++) statuses.push(await tryRegister('127.0.0.2', `203.0.113.${i}`));
      assert.ok(!statuses.slice(0, 10).includes(429), `limited too early: ${statuses.join(',')}`);
      assert.equal(statuses[10], 429, `the 11th try from one client was not limited: ${statuses.join(',')}`);
      // Another visitor behind the same nginx is not limited by the first one's tries.
      assert.notEqual(await tryRegister('127.0.0.3', '203.0.113.1'), 429);
    });

    await check('page previews link to the https address (og:url)', async () => {
      const page = await request(ca, `${origin}/`, {
        headers: { accept: 'text/html', 'accept-language': 'fr', 'accept-encoding': 'gzip' },
      });
      assert.equal(page.status, 200);
      const html = decode(page);
      const ogUrl = /<meta[^>]+property="og:url"[^>]+content="([^"]+)"/.exec(html)?.[1];
      assert.ok(ogUrl?.startsWith(`${origin}/`), `og:url is ${ogUrl}`);
    });

    await check("HTML and assets are compressed once, assets immutable and then served from nginx's cache", async () => {
      const page = await request(ca, `${origin}/`, {
        headers: { accept: 'text/html', 'accept-language': 'fr', 'accept-encoding': 'gzip' },
      });
      assert.equal(page.headers['content-encoding'], 'gzip');
      assert.match(decode(page), /^<!doctype html>/i);
      const asset = /\/assets\/[\w.-]+\.js/.exec(readFileSync(webIndex, 'utf8'))?.[0];
      assert.ok(asset, 'no script in dist/web/index.html');
      const get = () => request(ca, `${origin}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
      const first = await get();
      assert.equal(first.status, 200);
      assert.ok(
        ['br', 'gzip'].includes(String(first.headers['content-encoding'])),
        `content-encoding ${first.headers['content-encoding']}`,
      );
      assert.equal(decode(first), readFileSync(path.join(root, 'dist', 'web', asset), 'utf8'));
      assert.match(String(first.headers['cache-control']), /max-age=31536000.*immutable/);
      const second = await get();
      assert.equal(second.headers['x-cache-status'], 'HIT');
      assert.equal(decode(second), decode(first));
    });

    await check('mails link to the https address', async () => {
      const registered = await request(ca, `${origin}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          name: 'Nadia Proxy',
          email: 'nadia@example.com',
          phone: '0612345678',
          password: 'a long proxy password 42',
          password_confirmation: 'a long proxy password 42',
        }),
      });
      assert.equal(registered.status, 201, registered.body.toString());
      // Without SMTP_URL the shop writes each mail to DATA_DIR/mail/*.eml.
      const mailDir = path.join(dataDir, 'mail');
      const mail = await waitFor('the confirmation mail', () => {
        const files = existsSync(mailDir) ? readdirSync(mailDir) : [];
        const text = files.map((f) => readFileSync(path.join(mailDir, f), 'utf8')).find((m) => m.includes('nadia@example.com'));
        return text;
      });
      const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      assert.ok(unfolded.includes(`${origin}/`), 'the mail has no link to the https address');
      assert.ok(!unfolded.includes(`http://127.0.0.1:${ports.shop}`), "the mail links to the shop's own http address");
    });
  } finally {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    if (shop && shop.child.exitCode === null) {
      shop.child.kill('SIGTERM');
      await shop.exited;
    }
    if (failures.length > 0 || process.env.KEEP_NGINX_CHECK === '1') console.log(`logs kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log(failures.length === 0 ? 'nginx check passed' : `nginx check FAILED: ${failures.length} checks`);
  return failures.length === 0 ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
