/**
 * Fuzzing from the OpenAPI document: every route (admin ones with a super admin's session, and as a
 * visitor) gets malformed requests — wrong types, huge strings, unicode, deep JSON, broken JSON, bad
 * multipart, bad cookies, bad path parameters and headers. Asserts no 5xx, the app still answers, and no
 * answer echoes the input (a random marker put in every input never appears in a body). Prints figures.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './modules/accounts/auth.js';
import { insertShopFixtures } from './test/shop-fixtures.js';
import { createTestApp, type TestContext } from './test/helpers.js';
import { userWithSession } from './test/users.js';

let ctx: TestContext;
let adminId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertShopFixtures(ctx.db);
  adminId = (await userWithSession(ctx.db, 'super_admin')).id;
});
afterAll(() => ctx?.close());

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const MARKER_ID = randomBytes(6).toString('hex');
/** Each operation's own marker (`zq<id><n>qz`): a text stored by one operation and listed by another is not an echo. */
const markerFor = (n: number) => `zq${MARKER_ID}${n}qz`;

function inputsFor(marker: string) {
  const huge = marker + 'x'.repeat(100_000);
  const unicode = `${marker}💐\u202e\u0000ع\u200e🏳️‍🌈\uFFFF\uD800`;
  /** Values of every wrong kind, each carrying the marker where it can. */
  const badValues: unknown[] = [
    marker,
    huge,
    unicode,
    -1,
    0,
    1e308,
    -0.5,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    null,
    [],
    [marker, { [marker]: marker }],
    { [marker]: marker },
    `${marker}<script>alert(1)</script>`,
    `' OR 1=1 --${marker}`,
    `{{constructor.constructor('return 1')()}}${marker}`,
  ];
  const badPathValues = [
    '-1',
    '0',
    'abc',
    '1e99',
    '9'.repeat(40),
    '%00',
    encodeURIComponent('💐'),
    marker,
    '..%2F..%2Fetc%2Fpasswd',
    '1.5',
    '%E0%A4%A',
  ];
  const deepJson = (depth: number) => '{"a":'.repeat(depth) + `"${marker}"` + '}'.repeat(depth);
  return { huge, unicode, badValues, badPathValues, deepJson };
}

function resolve(doc: { components?: { schemas?: Record<string, Schema> } }, s: Schema | undefined): Schema | undefined {
  if (s?.$ref) return doc.components?.schemas?.[s.$ref.split('/').pop()!];
  return s;
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('answers malformed input without 5xx and without echoing it', async () => {
    const started = Date.now();
    const doc = ctx.app.swagger() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    };
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, op]) => ({ path: p, method: m.toUpperCase() as 'GET', op })),
    );
    expect(operations.some((o) => o.path.startsWith('/api/admin/'))).toBe(true);

    const byStatus = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;

    for (const [index, { path: pattern, method, op }] of operations.entries()) {
      const marker = markerFor(index);
      const { huge: HUGE, unicode: UNICODE, badValues, badPathValues, deepJson } = inputsFor(marker);
      const MARKER = marker;
      // Logging out or deleting one's own account would only end the fuzzer's session.
      if (/logout|\/profile$/.test(pattern) && method !== 'GET') continue;
      const { token } = await createSession(ctx.db, adminId);
      const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const content = op.requestBody?.content ?? {};
      const jsonSchema = resolve(doc, content['application/json']?.schema);
      const fields = Object.keys(resolve(doc, jsonSchema)?.properties ?? {});
      const multipart = 'multipart/form-data' in content;
      const pathWith = (v: string) => pattern.replace(/\{(\w+)\}/g, () => v);
      const goodPath = pathWith('1');

      const send = async (req: { url: string; headers?: Record<string, string>; payload?: string | Buffer; as?: 'admin' | 'visitor' }) => {
        sent++;
        const headers: Record<string, string> = { origin: ctx.config.publicUrl, 'accept-language': 'en', ...req.headers };
        if (req.as !== 'visitor') headers.authorization = `Bearer ${token}`;
        if (req.payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
        if (method !== 'GET' && !headers['idempotency-key']) headers['idempotency-key'] = crypto.randomUUID();
        const res = await ctx.app.inject({ method, url: req.url, headers, payload: req.payload });
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        const what = `${method} ${req.url.slice(0, 120)} ${String(req.payload ?? '').slice(0, 80)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} -> ${res.body.slice(0, 200)}`);
        // An echo: a refusal (4xx) or a read (GET) answering with what this request sent. A write that
        // stores a text (a testimonial) and answers with the stored record is not an echo.
        if ((res.statusCode >= 400 || method === 'GET') && res.body.includes(marker))
          failures.push(`echo ${what} -> ${res.body.slice(0, 200)}`);
      };

      // Path parameters.
      for (const v of params.length ? badPathValues : []) await send({ url: pathWith(v) });
      // Query strings: each declared parameter with bad values, repeated, and unknown ones.
      const qs = (pairs: [string, string][]) =>
        goodPath + '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      for (const name of queryNames) {
        for (const v of [MARKER, HUGE.slice(0, 5000), UNICODE.replace('\uD800', ''), '-1', '1e999', 'NaN', '[]', '{}'])
          await send({ url: qs([[name, v]]) });
        await send({
          url: qs([
            [name, MARKER],
            [name, '2'],
          ]),
        });
      }
      await send({ url: `${goodPath}?${MARKER}=${MARKER}&__proto__[x]=${MARKER}&constructor[prototype][y]=1` });
      // Bad cookies and headers, as a visitor (the cookie is the only credential).
      for (const cookie of [
        `session=${MARKER}`,
        `__Host-session=${MARKER}; cart_id=${MARKER}`,
        `cart_id=${'%'.repeat(50)}`,
        `cart_id=${HUGE.slice(0, 4000)}`,
        'session=; cart_id=',
        `=;=;${MARKER}`,
      ]) {
        await send({ url: goodPath, as: 'visitor', headers: { cookie }, payload: method === 'GET' ? undefined : '{}' });
      }
      await send({
        url: goodPath,
        headers: { 'accept-language': `${MARKER},*;q=abc`, 'idempotency-key': MARKER, authorization: `Bearer ${MARKER}` },
      });
      if (method === 'GET') continue;

      // Bodies: not JSON, deep JSON, wrong top-level types, each field with each bad value.
      for (const payload of [
        '{',
        `{"a":"${MARKER}`,
        MARKER,
        '[]',
        'null',
        '1',
        `"${MARKER}"`,
        deepJson(5000),
        '\uFEFF{}',
        Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
      ]) {
        await send({ url: goodPath, payload });
      }
      await send({ url: goodPath, payload: `${MARKER}=1`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      await send({ url: goodPath, payload: MARKER, headers: { 'content-type': `text/${MARKER}` } });
      for (const field of fields) {
        for (const v of badValues) await send({ url: goodPath, payload: JSON.stringify({ [field]: v }) });
      }
      if (fields.length) {
        await send({ url: goodPath, payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, HUGE]))) });
        await send({ url: goodPath, payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, { [MARKER]: [MARKER] }]))) });
      }
      // Multipart: broken boundaries, a file that is not an image, a field flood.
      if (multipart || method === 'POST') {
        const b = 'fuzzboundary';
        const parts = [
          `--${b}\r\nContent-Disposition: form-data; name="${MARKER}"\r\n\r\n${MARKER}\r\n--${b}--\r\n`,
          `--${b}\r\nContent-Disposition: form-data; name="image"; filename="${MARKER}.png"\r\nContent-Type: image/png\r\n\r\n${MARKER}not-a-png\r\n--${b}--\r\n`,
          `--${b}\r\nContent-Disposition: form-data; name="images[]"; filename="../../${MARKER}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff${MARKER}`,
          `--wrong\r\n${MARKER}`,
          Array.from({ length: 300 }, (_, i) => `--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${MARKER}\r\n`).join('') +
            `--${b}--\r\n`,
        ];
        for (const payload of parts)
          await send({ url: goodPath, payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } });
        await send({ url: goodPath, payload: parts[0]!, headers: { 'content-type': 'multipart/form-data' } });
      }
    }

    // Still up.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const took = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const fiveXX = [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `fuzz: ${operations.length} operations, ${sent} requests in ${took} s; answers by status: ${statuses}; 5xx: ${fiveXX}; echoes: ${failures.filter((f) => f.startsWith('echo')).length}`,
    );
    console.log(failures.join('\n'));
    expect(failures.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  }, 300_000);
});
