import { describe, expect, it } from 'vitest';
import { normaliseTags, splitTags } from './tags';

describe('tags typed in French, English or Arabic', () => {
  it('splits on the Latin comma and on the Arabic comma', () => {
    expect(splitTags('ورد، أحمر، زفاف')).toEqual(['ورد', 'أحمر', 'زفاف']);
    expect(splitTags('roses, rouge ،mariage')).toEqual(['roses', 'rouge', 'mariage']);
  });

  it('drops empty tags and repeats, keeps inner spaces single', () => {
    expect(splitTags(' roses ,, Roses ،  fête   des mères ,')).toEqual(['roses', 'fête des mères']);
    expect(splitTags('')).toEqual([]);
    expect(splitTags(null)).toEqual([]);
  });

  it('stores them with the Latin comma only', () => {
    expect(normaliseTags('ورد، أحمر')).toBe('ورد, أحمر');
    expect(normaliseTags('  ')).toBe('');
  });
});
