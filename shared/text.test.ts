import { describe, expect, it } from 'vitest';
import { normalizeSearch } from './text.js';

describe('normalizeSearch', () => {
  it('spells out the French ligatures œ and æ, in either case, as oe and ae', () => {
    expect(normalizeSearch('Œillet')).toBe('oeillet');
    expect(normalizeSearch('cœur noir')).toBe('coeur noir');
    expect(normalizeSearch('ŒILLETS')).toBe('oeillets');
    expect(normalizeSearch('Cæsar Æther')).toBe('caesar aether');
  });
  it('makes the ligature and the two letters one word, both ways', () => {
    expect(normalizeSearch('oeillet')).toBe(normalizeSearch('Œillet'));
    expect(normalizeSearch('Œillet')).toBe(normalizeSearch('OEillet'));
    expect(normalizeSearch('cœur')).toBe(normalizeSearch('coeur'));
    expect(normalizeSearch('ex æquo')).toBe(normalizeSearch('ex aequo'));
  });
  it('still folds accents next to a ligature', () => {
    expect(normalizeSearch('Bœuf à l’œil')).toBe('boeuf a l’oeil');
  });
});
