import { describe, expect, it } from 'vitest';
import { normalizeSearch, frenchSpacing } from './text.js';

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

describe('frenchSpacing', () => {
  it('keeps ! ? ; : and the guillemets on the line of their word', () => {
    expect(frenchSpacing('Merci !')).toBe('Merci\u202f!');
    expect(frenchSpacing('Mot de passe oublié ? Total : 40 ; fin')).toBe('Mot de passe oublié\u202f? Total\u00a0: 40\u202f; fin');
    expect(frenchSpacing('Message : « Joyeux anniversaire »')).toBe('Message\u00a0: «\u00a0Joyeux anniversaire\u00a0»');
  });
  it('leaves hours, addresses and marks without a space before them alone', () => {
    expect(frenchSpacing('Avant 15:00, https://flora.ma/?a=1 Bien!')).toBe('Avant 15:00, https://flora.ma/?a=1 Bien!');
  });
});
