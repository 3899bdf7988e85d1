/**
 * Fails when imports go round in a circle, at two scales:
 *
 * - files: any file of server/, shared/ and web/src that imports itself back through others (type-only
 *   imports included: a type pulled from a file above is the same knot);
 * - server modules: the folders of server/modules/ (checkout, orders, delivery, ...) taken as one node
 *   each, tests included. A slice points one way: an order is born in checkout/, lives in orders/, goes
 *   out through delivery/, and each imports only the ones below it; two modules that import each other
 *   (even through a third) are one knot that a reader cannot take apart.
 *
 * `npm run lint` runs it (`tsx scripts/import-cycles.ts`); it prints each circle and exits 1.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

/**
 * Circles known and owned elsewhere, each with why it is allowed for now. Listed as madge prints them
 * (the files of the circle, starting from its first file in path order).
 */
const KNOWN_FILE_CYCLES: { files: string[]; why: string }[] = [];

/** The module a file belongs to: `server/modules/<name>/...`, else null (not inside a module). */
export function moduleOf(file: string): string | null {
  const match = /^server\/modules\/([^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

/** The modules' graph: which module imports which other, from the files' graph. */
export function moduleGraph(files: Record<string, string[]>): Record<string, string[]> {
  const graph: Record<string, Set<string>> = {};
  for (const [file, imports] of Object.entries(files)) {
    const from = moduleOf(file);
    if (from === null) continue;
    graph[from] ??= new Set();
    for (const imported of imports) {
      const to = moduleOf(imported);
      if (to !== null && to !== from) graph[from].add(to);
    }
  }
  return Object.fromEntries(Object.entries(graph).map(([m, to]) => [m, [...to].sort()]));
}

/**
 * The knots of a graph: each set of two or more nodes that reach one another (a strongly connected
 * component, Tarjan's algorithm), sorted, plus every node that imports itself.
 */
export function knots(graph: Record<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph[node] ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const knot: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        knot.push(member);
      } while (member !== node);
      if (knot.length > 1 || (graph[node] ?? []).includes(node)) found.push(knot.sort());
    }
  };
  for (const node of Object.keys(graph).sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The circles of files and of modules under `dirs` (relative to `root`), known ones left out. */
export async function importCycles(
  root: string,
  dirs: string[],
  known = KNOWN_FILE_CYCLES,
): Promise<{ files: string[][]; modules: string[][] }> {
  const result = await madge(
    dirs.map((d) => path.join(root, d)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: path.join(root, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    },
  );
  const isKnown = (circle: string[]) => known.some((k) => k.files.length === circle.length && k.files.every((f, i) => f === circle[i]));
  return { files: result.circular().filter((c) => !isKnown(c)), modules: knots(moduleGraph(result.obj())) };
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { files, modules } = await importCycles(root, ['server', 'shared', 'web/src']);
  for (const circle of files) console.error(`import circle: ${[...circle, circle[0]].join(' -> ')}`);
  for (const knot of modules)
    console.error(
      `server modules importing each other: ${knot.join(', ')} (server/modules/<module>/; a module imports only the ones below it)`,
    );
  if (files.length + modules.length > 0) {
    console.error(
      `${files.length + modules.length} import circle(s): move the shared piece down (shared/, server/db/, server/lib/, a lower module) instead.`,
    );
    process.exit(1);
  }
  console.log('import cycles: none (server/, shared/, web/src; server modules)');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
