import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nullWhenBlank, omittedWhenBlank, optionalText } from './fields.js';

describe('field builders, one name per meaning', () => {
  it('optionalText stores a blank as null, omittedWhenBlank leaves it out, nullWhenBlank keeps its field’s rules', () => {
    expect(optionalText(10).parse('  ')).toBeNull();
    expect(optionalText(10).parse(' rose ')).toBe('rose');
    expect(omittedWhenBlank(10).parse('  ')).toBeUndefined();
    expect(omittedWhenBlank(10).parse(' rose ')).toBe('rose');
    const phone = nullWhenBlank(z.string().regex(/^\d+$/));
    expect(phone.parse(' ')).toBeNull();
    expect(phone.parse('0612')).toBe('0612');
    expect(phone.safeParse('abc').success).toBe(false);
  });
});
