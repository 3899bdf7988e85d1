/**
 * Every action the server writes to the audit log has a label in French, English and Arabic, so the
 * log never shows a raw key such as `product.archive`. The actions are read from the server's code:
 * the `audit(req, …)` calls and the rows a service writes itself (`action: '…'` next to an insert).
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

/** The `entity: '…'` kinds written next to those actions. */
function auditedKinds(): string[] {
  const kinds = new Set<string>();
  for (const file of serverFiles(path.join(root, 'server/modules'))) {
    const text = readFileSync(file, 'utf8');
    if (!/\baudit\(req|insert\(auditLog\)/.test(text)) continue;
    for (const value of text.matchAll(/\baction:[^\n]*?\bentity: '([a-z_]+)'|\baction: [^\n]+\n\s*entity: '([a-z_]+)'/g))
      kinds.add((value[1] ?? value[2])!);
  }
  return [...kinds].sort();
}

function auditedActions(): string[] {
  const actions = new Set<string>();
  for (const file of serverFiles(path.join(root, 'server/modules'))) {
    const text = readFileSync(file, 'utf8');
    if (!/\baudit\(req|insert\(auditLog\)/.test(text)) continue;
    for (const value of text.matchAll(/\baction:([^,\n]+(?:\?[^,\n]+)?)/g)) {
      for (const literal of value[1]!.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) actions.add(literal[1]!);
    }
  }
  return [...actions].sort();
}

describe('audit log labels', () => {
  const actions = auditedActions();

  it('finds the actions the server writes', () => {
    expect(actions).toContain('product.archive');
    expect(actions).toContain('color.toggle');
    // Written by the delivery service's own insert, not through audit(req, …).
    expect(actions).toContain('order.delivery_moved');
    expect(actions).toContain('admin.two_factor.sign_in_recovery');
    expect(actions.length).toBeGreaterThan(20);
  });

  for (const lang of ['fr', 'en', 'ar']) {
    it(`names each one in ${lang}`, () => {
      const texts = JSON.parse(readFileSync(path.join(root, `web/src/locales/${lang}/admin-settings.json`), 'utf8')) as {
        audit: { actions: Record<string, string>; kinds: Record<string, string> };
      };
      const missing = actions.filter((a) => !texts.audit.actions[a.replace(/\./g, '_')]);
      expect(missing).toEqual([]);
      const kinds = auditedKinds();
      expect(kinds).toContain('order');
      expect(kinds.filter((k) => !texts.audit.kinds[k])).toEqual([]);
    });
  }
});
