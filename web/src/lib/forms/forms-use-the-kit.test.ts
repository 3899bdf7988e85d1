/**
 * Every form of the shop (storefront and back office) holds its state and saves through the form kit
 * (`useShopForm`, web/src/lib/forms): one schema check with translated messages, one way a 422's field
 * errors reach the fields, one save feedback. Outside the kit no component renders a raw <form> (the
 * kit's <ShopForm> is the form), calls `setError(` (a refusal reaches the fields through the kit's
 * save path: `save` throws, `failed` words what no field shows), or holds a form with react-hook-form's
 * `useForm` directly; the few exceptions are listed with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = resolve(import.meta.dirname, '../..');

/** Files that break the rule, each with its reason. */
const ALLOWED: Record<string, string> = {
  // Not a saved form: a GET search box (role="search") that only navigates to the results page; no
  // fields to check, nothing saved, no refusal to show.
  'app/layouts/SearchBox.tsx': 'a search box: navigates, saves nothing',
  // Not a saved form either: the shop's price range, checked in the browser and written into the
  // page's address (the listing reads it from there); nothing is sent, nothing can be refused.
  'features/catalogue/components/PriceRangeFilter.tsx': 'a filter: writes the address, saves nothing',
  // Not the shop's form: the signed payment fields posted by the browser to the bank's card gateway
  // (its page takes over); the shop checks and saves nothing here, the gateway answers the server.
  'lib/card-payment/GatewayForm.tsx': "posts to the bank's gateway, saves nothing of the shop",
};

/** A form rendered (a <form> element or the kit's <ShopForm>). */
const RENDERS_FORM = /<(form|ShopForm)[\s>]/;
/** A raw <form> element (the kit's ShopForm renders it). */
const RAW_FORM = /<form[\s>]/;
/** A field error set by hand (react-hook-form's setError, or a state setter named like it). */
const SETS_ERROR = /\bsetError\s*\(/;
/** react-hook-form's useForm imported (the kit wraps it; a form calling it directly bypasses the kit). */
const RAW_USE_FORM = /import\s*{[^}]*\buseForm\b[^}]*}\s*from\s*'react-hook-form'/;
const USES_KIT = /\buseShopForm\s*\(/;

/** Why a component's source breaks the rule, or null when it keeps it. */
export function kitProblem(source: string): string | null {
  if (RAW_USE_FORM.test(source)) return "uses react-hook-form's useForm directly instead of useShopForm";
  if (RENDERS_FORM.test(source) && !USES_KIT.test(source)) return 'renders a form without useShopForm';
  if (RAW_FORM.test(source)) return "renders a raw <form> instead of the kit's <ShopForm>";
  if (SETS_ERROR.test(source)) return "calls setError( instead of the kit's save path (save throws, failed words it)";
  return null;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const KIT = 'lib/forms/';
const files = sources(WEB_SRC)
  .map((path) => ({ file: relative(WEB_SRC, path).split('\\').join('/'), source: readFileSync(path, 'utf8') }))
  .filter(({ file }) => !file.startsWith(KIT));

describe('every form uses the form kit', () => {
  it('finds the forms (the scan itself works)', () => {
    const forms = files.filter(({ source }) => RENDERS_FORM.test(source)).map(({ file }) => file);
    expect(forms.length).toBeGreaterThan(15);
    expect(forms).toContain('features/accounts/pages/LoginPage.tsx');
  });

  it('no form outside the allowlist is held without useShopForm', () => {
    const offenders = files
      .filter(({ file }) => !(file in ALLOWED))
      .map(({ file, source }) => ({ file, problem: kitProblem(source) }))
      .filter(({ problem }) => problem !== null)
      .map(({ file, problem }) => `${file}: ${problem}`);
    expect(offenders).toEqual([]);
  });

  it('the allowlist holds only files that still need it', () => {
    const byFile = new Map(files.map(({ file, source }) => [file, source]));
    const stale = Object.keys(ALLOWED).filter((file) => {
      const source = byFile.get(file);
      return source === undefined || kitProblem(source) === null;
    });
    expect(stale).toEqual([]);
  });

  it('tells a hand-rolled form from a kit form', () => {
    const handRolled = `export function F() { const [v, setV] = useState(''); return <form onSubmit={save}><input value={v} /></form>; }`;
    const rawHookForm = `import { useForm } from 'react-hook-form';\nexport function F() { const f = useForm(); return <ShopForm form={f} />; }`;
    const kit = `import { ShopForm, useShopForm } from '@web/lib/forms';\nexport function F() { const f = useShopForm(schema, {}); return <ShopForm form={f} />; }`;
    const kitHookRawForm = `export function F() { const f = useShopForm(schema, {}); return <form onSubmit={f.submit} />; }`;
    const ownErrorLoop = `export function F() { const f = useShopForm(schema, { save }); for (const k of keys) f.setError(k, { message }); return <ShopForm form={f} />; }`;
    expect(kitProblem(handRolled)).toBe('renders a form without useShopForm');
    expect(kitProblem(rawHookForm)).toMatch(/useForm directly/);
    expect(kitProblem(kitHookRawForm)).toMatch(/raw <form>/);
    expect(kitProblem(ownErrorLoop)).toMatch(/setError\(/);
    expect(kitProblem(kit)).toBeNull();
  });
});
