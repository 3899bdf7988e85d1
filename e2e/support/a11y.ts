/**
 * Accessibility checks shared by every axe spec: scan a page with axe (WCAG 2.0/2.1/2.2 A and AA)
 * once its real content is on screen, collect failures, and report them all at once.
 *
 *   const failures: string[] = [];
 *   await visit(page, '/admin/orders', failures);
 *   expectNoFailures(failures);
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };

export const WIDTHS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The page shows its content: a heading in <main>, no skeleton, no spinner, nothing busy. */
export async function waitForContent(page: Page) {
  const main = page.locator('main');
  await expect(main.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function describeViolations(violations: Violations): string {
  return violations
    .map(
      (v) =>
        `  [${v.impact ?? '?'}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => {
            const related = [...n.any, ...n.all, ...n.none].flatMap((c) => c.relatedNodes ?? []).map((r) => r.target.join(' '));
            return `      ${n.target.join(' ')}${related.length ? ` (related: ${[...new Set(related)].slice(0, 4).join(', ')})` : ''}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`;
          })
          .join('\n'),
    )
    .join('\n');
}

/** Scans the current page; collects failures so one run reports every page at once. */
export async function scan(page: Page, label: string, failures: string[]) {
  await waitForContent(page);
  // Same starting point for every scan: no hover left over from a click, page at its top (a sticky
  // header over a scrolled control would count as an obscured target).
  await page.mouse.move(1, (page.viewportSize()?.height ?? 800) - 1);
  if (!(await page.getByRole('dialog').count())) await page.evaluate(() => window.scrollTo(0, 0));
  // Sections below the first screen are laid out only when they near it (`below-fold`:
  // content-visibility auto, a guessed height until then). axe measures where each element is and
  // then asks what is drawn there: a section laid out between the two (the footer beside the home
  // page's lower sections) moved under its measure, and its white text read as if on the section
  // above. Scanned laid out, as a visitor sees them once scrolled to.
  await page.addStyleTag({ content: '.below-fold { content-visibility: visible !important; }' });
  // Legacy mode: axe runs in the page itself. Otherwise @axe-core/playwright opens a blank page per
  // scan to merge each frame's results (new tab, axe's 500 KB loaded there too): the shop's pages have
  // no frames, so that page only cost time (and, under load, made scans run past their budget).
  const { violations, passes } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  expect(passes.length, `axe ran its rules on ${label}`).toBeGreaterThan(10);
  if (violations.length > 0) failures.push(`${label} (${page.url()}):\n${describeViolations(violations)}`);
}

export async function visit(page: Page, path: string, failures: string[], label = path) {
  await page.goto(path);
  await scan(page, label, failures);
}

export function expectNoFailures(failures: string[]) {
  expect(failures, `axe violations:\n${failures.join('\n\n')}`).toHaveLength(0);
}
