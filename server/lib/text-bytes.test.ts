import { describe, expect, it } from 'vitest';
import { textBytes } from './text-bytes.js';

describe('textBytes', () => {
  it('counts Latin-1 text (accents included) at one byte a character, any text beyond it at two', () => {
    expect(textBytes('Fleurs fraîches à Rabat')).toBe(23);
    expect(textBytes('باقة ورد')).toBe(16);
    // One character beyond Latin-1 makes V8 keep the whole string in two bytes a character.
    expect(textBytes('Roses ’ rouges')).toBe(28);
    expect(textBytes('')).toBe(0);
  });
});
