import { describe, expect, it } from 'vitest';
import { addMonths, monthGrid } from './month';

describe('calendar month', () => {
  it('starts weeks on Monday and fills whole weeks', () => {
    const grid = monthGrid('2026-02');
    // 1 February 2026 is a Sunday: six blanks before it.
    expect(grid.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-02-01']);
    expect(grid.filter(Boolean)).toHaveLength(28);
    expect(grid.length % 7).toBe(0);
  });

  it('moves across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});
