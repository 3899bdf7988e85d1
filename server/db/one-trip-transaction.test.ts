import { describe, expect, it } from 'vitest';
import { statementName } from './one-trip-transaction.js';

describe('statementName', () => {
  it('keeps a short name readable and gives long combinations distinct names PostgreSQL keeps whole', () => {
    expect(statementName(['order', 'lines', 'mails'])).toBe('write:order+lines+mails');
    const steps = ['stock', 'order', 'addresses', 'lines', 'coupon', 'status', 'cart', 'card_attempt'];
    // Both share their first 63 characters: cut by PostgreSQL, they would be one statement's name.
    const withMails = statementName([...steps, 'mails']);
    const without = statementName(steps);
    for (const name of [withMails, without]) expect(name.length).toBeLessThanOrEqual(63);
    expect(withMails).not.toBe(without);
    expect(statementName([...steps, 'mails'])).toBe(withMails);
  });
});
