import { describe, expect, it } from 'vitest';
import { revenueBucketLabel } from './format';

describe('revenueBucketLabel: the chart labels follow the buckets, whatever period is being loaded', () => {
  it('labels a month as a short month and year, in the admin’s language with Latin digits', () => {
    expect(revenueBucketLabel('fr', '2026-03')).toMatch(/^mar.* 2026$/i);
    expect(revenueBucketLabel('en', '2026-03')).toMatch(/Mar.*2026/);
    expect(revenueBucketLabel('ar', '2026-03')).toMatch(/^\p{Script=Arabic}+ 2026$/u);
  });

  it('labels a day as MM-DD and leaves an hour as it is', () => {
    expect(revenueBucketLabel('fr', '2026-11-27')).toBe('27 nov.');
    expect(revenueBucketLabel('en', '2026-11-27')).toBe('Nov 27');
    expect(revenueBucketLabel('ar', '2026-11-27')).toBe('27 نونبر');
    expect(revenueBucketLabel('ar', '14:00')).toBe('14:00');
  });

  it('never throws on the previous period’s buckets (days or hours while a year loads)', () => {
    for (const bucket of ['2026-11-27', '09:00', '', 'W48']) expect(() => revenueBucketLabel('fr', bucket)).not.toThrow();
  });
});
