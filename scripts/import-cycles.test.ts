import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, knots, moduleGraph, moduleOf } from './import-cycles.js';

describe('knots', () => {
  it('finds every set of nodes that reach one another, through a third too, and a node importing itself', () => {
    expect(knots({ a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: ['e'] })).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('finds none in a graph that points one way', () => {
    expect(knots({ checkout: ['orders', 'delivery'], delivery: ['orders'], orders: [] })).toEqual([]);
  });
});

describe('moduleGraph', () => {
  it('takes each folder of server/modules as one node and leaves out files outside them and imports within one', () => {
    expect(moduleOf('server/modules/orders/order-lines.ts')).toBe('orders');
    expect(moduleOf('server/modules/admin.ts')).toBeNull();
    const graph = moduleGraph({
      'server/modules/checkout/a.ts': ['server/modules/orders/b.ts', 'server/modules/checkout/c.ts', 'server/db/client.ts'],
      'server/modules/orders/b.ts': ['shared/money.ts'],
      'server/modules/admin.ts': ['server/modules/checkout/a.ts'],
    });
    expect(graph).toEqual({ checkout: ['orders'], orders: [] });
  });
});

describe('importCycles', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }));

  it('reports a circle of files made by a type-only import, and a circle of modules through files that make none', async () => {
    write('server/modules/checkout/place.ts', "import type { Address } from './write.js';\nexport const place = (a: Address) => a;\n");
    write(
      'server/modules/checkout/write.ts',
      "import { place } from './place.js';\nexport interface Address { city: string }\nexport const write = place;\n",
    );
    write('server/modules/checkout/quote.ts', "import { listOrders } from '../orders/list.js';\nexport const quote = listOrders;\n");
    write('server/modules/orders/list.ts', 'export const listOrders = () => [];\n');
    write('server/modules/orders/edit.ts', "import { quote } from '../checkout/quote.js';\nexport const edit = quote;\n");
    const found = await importCycles(root, ['server'], []);
    expect(found.files).toEqual([['server/modules/checkout/place.ts', 'server/modules/checkout/write.ts']]);
    expect(found.modules).toEqual([['checkout', 'orders']]);
  });

  it('leaves out a known circle, and only that one', async () => {
    const known = [{ files: ['server/modules/checkout/place.ts', 'server/modules/checkout/write.ts'], why: 'a test' }];
    expect((await importCycles(root, ['server'], known)).files).toEqual([]);
  });
});
