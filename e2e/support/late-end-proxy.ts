/**
 * A proxy in front of the journeys' server that sends every HTML page in two parts: everything up to
 * the server's hydration state (`#flora-ssr`) at once, the rest `delayMs` later. The browser paints the
 * first part and may run the app's script before the end arrives, as on a slow or busy link.
 * Everything else (scripts, API answers, pictures) passes through unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startLateEndProxy(target: string, delayMs: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(target);
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: hostname,
        port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: `${hostname}:${port}`, 'accept-encoding': 'identity' },
      },
      (answer) => {
        if (!String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(answer.statusCode ?? 502, headers);
          const cut = html.indexOf('<script type="application/json" id="flora-ssr">');
          res.write(html.slice(0, cut < 0 ? html.length : cut));
          setTimeout(() => res.end(cut < 0 ? '' : html.slice(cut)), delayMs);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
