/**
 * Every action the server writes to the audit log has a label in French, English and Arabic, so the
 * log never shows a raw key such as `product.archive`. The actions are read from the server's code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../../../..');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serverFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

function auditedActions(): string[] {
  const actions = new Set<string>();
  for (const file of serverFiles(path.join(root, 'server/modules'))) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/audit\(req, \{\s*action:([^,]+(?:\?[^,]+)?),/g)) {
      for (const literal of call[1]!.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) actions.add(literal[1]!);
    }
  }
  return [...actions].sort();
}

describe('audit log labels', () => {
  const actions = auditedActions();

  it('finds the actions the server writes', () => {
    expect(actions).toContain('product.archive');
    expect(actions).toContain('color.toggle');
    expect(actions.length).toBeGreaterThan(20);
  });

  for (const lang of ['fr', 'en', 'ar']) {
    it(`names each one in ${lang}`, () => {
      const texts = JSON.parse(readFileSync(path.join(root, `web/src/locales/${lang}/admin-settings.json`), 'utf8')) as { audit: { actions: Record<string, string> } };
      const missing = actions.filter((a) => !texts.audit.actions[a.replace(/\./g, '_')]);
      expect(missing).toEqual([]);
    });
  }
});
