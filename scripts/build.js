/**
 * `npm run build`: everything `npm start` runs, made from the sources:
 * - dist/web: the browser's app (vite), then dist/web-ssr: its server renderer (vite --ssr);
 * - dist/server/start.js: the server compiled to one JavaScript file (esbuild; the packages in
 *   node_modules stay outside it and are loaded from there), with its source map;
 * - dist/build-stamp.json, written last: a hash of the sources it was made from.
 * `npm start` (scripts/start.js) builds only when that stamp is missing or names other sources.
 *
 * dist/web and dist/web-ssr are not emptied: each build keeps the previous build's hashed files
 * (dist/web/assets, dist/web-ssr/assets) and removes only older ones (`pruneAssets`). During a rolling
 * reload (SIGHUP to the cluster's primary) the workers not yet replaced still send pages naming the
 * previous build's scripts and styles, and still load the previous renderer's page chunks: those
 * files must still be there, or the browser gets 404s and a page without its script.
 *
 * The compiled server reads files next to its sources, as when run from them (the migrations, the
 * locales, the migration journal): each `import.meta.url` of a source file is compiled to that file's
 * own address, relative to the bundle, so the repository's layout is the one truth for both.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, 'build-stamp.json');
export const serverEntry = path.join(dist, 'server', 'start.js');
const SEED_CHILD = 'draw-child';
/** What a complete build holds. */
const OUTPUTS = [
  path.join(dist, 'web', 'index.html'),
  path.join(dist, 'web-ssr', 'entry-server.js'),
  serverEntry,
  path.join(dist, 'server', `${SEED_CHILD}.js`),
];

/** The sources a build is made from: the three folders (tests aside) and the files naming the packages. */
const SOURCE_DIRS = ['server', 'shared', 'web'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
const SKIPPED = (name) => name === 'node_modules' || name === '__snapshots__' || name.startsWith('.') || /\.test\.[cm]?[jt]sx?$/.test(name);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !SKIPPED(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? sourceFiles(full) : entry.isFile() ? [full] : [];
    });
}

/** A hash of every source's path and contents (about 7 MB read: some 30 ms). */
export function sourceHash() {
  const hash = createHash('sha256');
  const files = [...SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(root, d))), ...SOURCE_FILES.map((f) => path.join(root, f))];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether dist/ holds a complete build of the sources as they are now. */
export function buildIsCurrent() {
  if (!existsSync(stampFile) || OUTPUTS.some((file) => !existsSync(file))) return false;
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).sources === sourceHash();
  } catch {
    return false;
  }
}

/** Writes `contents` to `file` through a temporary file: a process starting meanwhile reads the old or the new one, never half. */
function writeAtomically(file, contents) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/**
 * esbuild plugin: `import.meta.url` (and `.dirname`, `.filename`) of each source file becomes that
 * file's address in the repository, computed at run time from the bundle's own address.
 */
function sourceAddresses(outDir) {
  return {
    name: 'source-addresses',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const loader = args.path.endsWith('x') ? 'tsx' : 'ts';
        if (!text.includes('import.meta.')) return { contents: text, loader };
        const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
        const dirUrl = `new URL(${JSON.stringify(path.posix.dirname(fromBundle) + '/')}, import.meta.url)`;
        const contents = text
          .replace(/\bimport\.meta\.url\b/g, `${url}.href`)
          .replace(/\bimport\.meta\.filename\b/g, `decodeURIComponent(${url}.pathname)`)
          .replace(/\bimport\.meta\.dirname\b/g, `decodeURIComponent(${dirUrl}.pathname).replace(/\\/$/, '')`);
        return { contents, loader };
      });
    },
  };
}

/**
 * The server bundle, at `outFile` (default dist/server/start.js). Another place must also be two
 * folders below the repository (as dist/server is): the bundle finds the sources' files from there.
 */
export async function buildServer(outFile = serverEntry) {
  const { build } = await import('esbuild');
  const outDir = path.dirname(outFile);
  const result = await build({
    // The shop, and the child process that draws a first start's demo pictures (server/seed/draw-in-child.ts).
    entryPoints: {
      [path.basename(outFile, '.js')]: path.join(root, 'server', 'start.ts'),
      [SEED_CHILD]: path.join(root, 'server', 'seed', 'draw-child.ts'),
    },
    outdir: outDir,
    // Where that child's bundle is, seen from the source folder the parent's addresses point at.
    define: {
      SEED_CHILD_FROM_SOURCE: JSON.stringify(path.relative(path.join(root, 'server', 'seed'), path.join(outDir, `${SEED_CHILD}.js`))),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // node_modules are loaded from there at run time (native modules such as sharp, CommonJS packages).
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    // Stack traces name the TypeScript sources (scripts/start.js turns source maps on).
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [sourceAddresses(outDir)],
  });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
}

/** Where a build folder notes when its last build began (ms since the epoch). */
const BUILD_STARTED = path.join('.vite', 'build-started.json');
/** File times may be rounded or a little behind the clock: a file counts as the build's from this much before it began. */
const CLOCK_SLACK_MS = 2000;

/**
 * Before a build into `outDir` (which the build does not empty): removes from `outDir/assets` every
 * file older than the last build, so that what stays is that build's files (the previous one, once this
 * build is done) and the folder does not grow with each build. A file of the last build is one written
 * since it began (the build writes every file it makes, unchanged ones included) or one its manifest
 * names; a brotli or gzip copy goes with its file. Without a note of the last build (a folder built
 * before this rule, or by hand) nothing is removed. Returns the names removed.
 */
export function pruneAssets(outDir) {
  const assets = path.join(outDir, 'assets');
  const note = path.join(outDir, BUILD_STARTED);
  if (!existsSync(assets) || !existsSync(note)) return [];
  let lastStarted;
  try {
    lastStarted = Number(JSON.parse(readFileSync(note, 'utf8')).startedAt);
  } catch {
    return [];
  }
  if (!Number.isFinite(lastStarted)) return [];
  const named = new Set();
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    try {
      for (const chunk of Object.values(JSON.parse(readFileSync(manifestFile, 'utf8')))) {
        for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) if (file) named.add(path.basename(file));
      }
    } catch {
      // an unreadable manifest names nothing: the file times decide
    }
  }
  const removed = [];
  for (const name of readdirSync(assets)) {
    const base = name.replace(/\.(br|gz)$/, '');
    const original = path.join(assets, base);
    const keep = named.has(base) || (existsSync(original) && statSync(original).mtimeMs >= lastStarted - CLOCK_SLACK_MS);
    if (keep) continue;
    rmSync(path.join(assets, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** After a build into `outDir`: notes when it began, for the next build's `pruneAssets`. */
export function noteBuildStarted(outDir, startedAt) {
  writeAtomically(path.join(outDir, BUILD_STARTED), `${JSON.stringify({ startedAt })}\n`);
}

function vite(...args) {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', ...args],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}

/** The whole build; the stamp names the sources as they were when it began. */
export async function build() {
  const sources = sourceHash();
  const started = Date.now();
  const outDirs = [path.join(dist, 'web'), path.join(dist, 'web-ssr')];
  const removed = outDirs.reduce((n, dir) => n + pruneAssets(dir).length, 0);
  if (removed > 0) console.log(`Removed ${removed} file(s) of builds before the previous one.`);
  vite();
  vite('--ssr', 'src/entry-server.tsx');
  for (const dir of outDirs) noteBuildStarted(dir, started);
  await buildServer();
  writeAtomically(stampFile, `${JSON.stringify({ sources, builtAt: new Date().toISOString() }, null, 2)}\n`);
  console.log(`Built the web app, its server renderer and the server in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const only = process.argv[2];
  if (only === '--server') await buildServer();
  else await build();
}
