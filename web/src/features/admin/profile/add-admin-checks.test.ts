import { describe, expect, it } from 'vitest';
import { firstFailingCheck, toPayload, type NewAdminForm } from './add-admin-checks';

const valid: NewAdminForm = {
  name: 'Samira',
  email: 's@example.ma',
  role: 'admin',
  phone: ' ',
  address: '',
  password: 'twelve-chars',
  password_confirmation: 'twelve-chars',
};

describe('add admin checks', () => {
  it('reports the first failing check in the spec’s order', () => {
    expect(firstFailingCheck({ ...valid, name: ' ', email: '', password: '' })?.key).toBe('name');
    expect(firstFailingCheck({ ...valid, email: ' ', password: '' })?.key).toBe('email');
    expect(firstFailingCheck({ ...valid, password: '', password_confirmation: 'x' })?.key).toBe('password');
    expect(firstFailingCheck({ ...valid, password: 'elevenchars', password_confirmation: 'other' })?.key).toBe('passwordMin');
    expect(firstFailingCheck({ ...valid, password_confirmation: 'twelve-charz' })).toEqual({
      field: 'password_confirmation',
      key: 'mismatch',
    });
    expect(firstFailingCheck(valid)).toBeNull();
  });

  it('trims and sends empty phone or address as null', () => {
    expect(toPayload({ ...valid, name: ' Samira ', address: ' Rabat ' })).toMatchObject({ name: 'Samira', phone: null, address: 'Rabat' });
  });
});
