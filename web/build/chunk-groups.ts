/**
 * How the storefront's first load is cut into files (Rolldown's `output.codeSplitting.groups`).
 *
 * Left to automatic chunking, every module shared by a different set of lazy pages gets a file of its
 * own: the shop page started from 36 files, most of them a single icon or helper of 100-500 bytes.
 * Each file is a request, a `modulepreload` link the loader inserts (measured: inserting ~30 of them
 * was one long main-thread task), a module to instantiate, and gzip that starts over without the
 * others' context (30 small files: 18.9 KB gzip apart, 12.8 KB together). Two groups instead:
 *
 * - `app`: everything the entry (src/main.tsx) imports statically, in one file beside the entry.
 * - `catalogue`: what at least two of the catalogue pages (home, listing, product) import statically,
 *   beyond `app`. A module only one of them uses stays with that page (automatic chunking), so the
 *   shop page does not carry the home page's sections.
 *
 * Back-office and checkout pages that use a module of these groups load its group's file: they are
 * bigger and visited far less; the storefront's first pages are what a shared link opens.
 */
import path from 'node:path';

type ModuleInfo = { importedIds: readonly string[] };
type Context = { getModuleInfo(id: string): ModuleInfo | null };

const CATALOGUE_PAGES = ['HomePage.tsx', 'ListingPage.tsx', 'ProductPage.tsx'].map((page) =>
  path.join('web', 'src', 'features', 'catalogue', 'pages', page),
);
const ENTRY = path.join('web', 'src', 'main.tsx');
// lucide-react's index imports every icon: through it, every page would seem to use all of them.
const ICON_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** Every module `from` reaches through static imports (itself included). */
function staticClosure(from: string, ctx: Context, into = new Set<string>()): Set<string> {
  if (into.has(from)) return into;
  into.add(from);
  if (ICON_INDEX.test(from)) return into;
  for (const id of ctx.getModuleInfo(from)?.importedIds ?? []) staticClosure(id, ctx, into);
  return into;
}

/** The two groups' members, worked out once per build from the module graph. */
function membersOf(moduleIds: Iterable<string>, ctx: Context): Map<string, 'app' | 'catalogue'> {
  const ids = [...moduleIds];
  const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
  const members = new Map<string, 'app' | 'catalogue'>();
  const entry = find(ENTRY);
  if (!entry) return members;
  const app = staticClosure(entry, ctx);
  for (const id of app) if (id !== entry) members.set(id, 'app');

  const pages = CATALOGUE_PAGES.map(find).filter((id): id is string => id !== undefined);
  const uses = new Map<string, number>();
  for (const page of pages) {
    for (const id of staticClosure(page, ctx)) if (!app.has(id) && !pages.includes(id)) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  for (const [id, count] of uses) if (count >= 2) members.set(id, 'catalogue');
  return members;
}

/** The groups for `build.rolldownOptions.output.codeSplitting` (client build only). */
export function chunkGroups() {
  const seen: string[] = [];
  let members: Map<string, 'app' | 'catalogue'> | undefined;
  return {
    groups: [
      {
        // Its label in the bundler's timing report (Rolldown warns when a function-named group has none).
        debugName: 'app and catalogue',
        // `test` sees every module before the first `name` call: it collects the ids.
        test: (id: string) => {
          seen.push(id);
          return true;
        },
        name: (id: string, ctx: Context) => {
          members ??= membersOf(seen, ctx);
          return members.get(id) ?? null;
        },
      },
    ],
  };
}
