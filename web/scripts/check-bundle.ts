/**
 * Bundle budget of the storefront's first load.
 *
 *   npx vite build --config web/vite.config.ts && npx tsx web/scripts/check-bundle.ts
 *
 * Reads dist/web/.vite/manifest.json; the first load is the entry chunk, every chunk it imports
 * statically (recursively) and their CSS. Each file is gzipped (node:zlib, level 9). Fails (exit 1)
 * when the JavaScript exceeds the budget, or when any first-load chunk comes from admin code
 * (web/src/features/admin/, the admin route tree or layout) or contains a string literal that only
 * admin sources have.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_JS_GZIP_BYTES = 150 * 1024;

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(webDir, 'src');
const distDir = resolve(webDir, '../dist/web');
const manifestPath = join(distDir, '.vite/manifest.json');

/** Sources that are back office only (paths relative to web/, as the manifest writes them). */
const ADMIN_SOURCE_PREFIXES = ['src/features/admin/', 'src/app/admin-tree', 'src/app/layouts/AdminLayout'];
const isAdminSource = (path: string) => ADMIN_SOURCE_PREFIXES.some((p) => path.replaceAll(sep, '/').startsWith(p));

type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

function fail(message: string): never {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

if (!existsSync(manifestPath)) fail(`${relative(process.cwd(), manifestPath)} not found: run "npx vite build --config web/vite.config.ts" first.`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const entry = entries.find(([key]) => key === 'index.html') ?? entries[0];
if (!entry) fail('the manifest has no entry chunk');

// Entry plus its static imports, recursively.
const firstLoad = new Map<string, ManifestChunk>();
const visit = (key: string) => {
  if (firstLoad.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) fail(`manifest entry ${key} is missing`);
  firstLoad.set(key, chunk);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entry[0]);

const cssFiles = new Set<string>();
for (const chunk of firstLoad.values()) for (const css of chunk.css ?? []) cssFiles.add(css);

const gzipSize = (file: string) => {
  const content = readFileSync(join(distDir, file));
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, content: content.toString('utf8') };
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`Storefront first load (entry: ${entry[1].src ?? entry[0]})\n`);
let jsRaw = 0;
let jsGzip = 0;
const jsContents: { file: string; content: string }[] = [];
for (const [key, chunk] of firstLoad) {
  const size = gzipSize(chunk.file);
  jsRaw += size.raw;
  jsGzip += size.gzip;
  jsContents.push({ file: chunk.file, content: size.content });
  console.log(`  js   ${chunk.file.padEnd(46)} ${kb(size.raw).padStart(10)}  gzip ${kb(size.gzip).padStart(9)}   ${chunk.src ?? key}`);
}
let cssRaw = 0;
let cssGzip = 0;
for (const file of cssFiles) {
  const size = gzipSize(file);
  cssRaw += size.raw;
  cssGzip += size.gzip;
  console.log(`  css  ${file.padEnd(46)} ${kb(size.raw).padStart(10)}  gzip ${kb(size.gzip).padStart(9)}`);
}
console.log('');
console.log(`  JavaScript: ${kb(jsRaw)} (gzip ${kb(jsGzip)}) in ${firstLoad.size} file(s); budget gzip ${kb(BUDGET_JS_GZIP_BYTES)}`);
console.log(`  CSS:        ${kb(cssRaw)} (gzip ${kb(cssGzip)}) in ${cssFiles.size} file(s)`);
console.log(`  Total:      gzip ${kb(jsGzip + cssGzip)}`);

const lazyChunks = Object.values(manifest).filter((c) => c.file.endsWith('.js') && ![...firstLoad.values()].includes(c));
console.log(`  Lazy chunks: ${lazyChunks.length} (loaded on demand, not counted)`);

const problems: string[] = [];

if (jsGzip > BUDGET_JS_GZIP_BYTES) problems.push(`first-load JavaScript is ${kb(jsGzip)} gzip, over the ${kb(BUDGET_JS_GZIP_BYTES)} budget`);

// 1. No first-load chunk is built from an admin source.
for (const [key, chunk] of firstLoad) {
  if (chunk.src && isAdminSource(chunk.src)) problems.push(`admin chunk in the first load: ${chunk.file} (${chunk.src})`);
  else if (isAdminSource(key)) problems.push(`admin chunk in the first load: ${chunk.file} (${key})`);
}

// 2. No first-load chunk contains a string literal found only in admin sources (admin code merged
//    into a shared chunk would carry its route paths and texts keys along).
const listFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : /\.(tsx?|jsx?)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
const sources = listFiles(srcDir).map((path) => ({ path: relative(webDir, path).replaceAll(sep, '/'), text: readFileSync(path, 'utf8') }));
const literalsOf = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((line) => !/^\s*(import|export\s+\*|export\s+\{[^}]*\}\s+from)\b/.test(line) && !/\bimport\(/.test(line))
      .flatMap((line) => [...line.matchAll(/(['"`])([^'"`\n]{12,})\1/g)].map((m) => m[2]))
      .filter((s) => !s.includes('${')),
  );
const adminLiterals = new Set<string>();
for (const source of sources.filter((s) => isAdminSource(s.path))) for (const literal of literalsOf(source.text)) adminLiterals.add(literal);
for (const source of sources.filter((s) => !isAdminSource(s.path))) for (const literal of adminLiterals) if (source.text.includes(literal)) adminLiterals.delete(literal);
for (const { file, content } of jsContents) {
  const found = [...adminLiterals].filter((literal) => content.includes(literal));
  if (found.length > 0) problems.push(`${file} contains admin code (${found.slice(0, 3).map((s) => JSON.stringify(s)).join(', ')})`);
}
console.log(`  Admin fingerprints checked: ${adminLiterals.size} string(s) only admin sources have`);

if (problems.length > 0) fail(`bundle check failed:\n  - ${problems.join('\n  - ')}`);
console.log('\n✓ bundle check passed');
