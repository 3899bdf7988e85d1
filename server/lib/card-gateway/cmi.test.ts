import { describe, expect, it } from 'vitest';
import { cmiAmount, cmiAmountToCentimes, cmiGateway, cmiHash } from './cmi.js';

/*
 * Fixed vectors worked out by hand from the rule: the plain text written below was put together by hand
 * (names sorted without regard to case, `\` doubled, `|` escaped, the escaped store key last), and its
 * digest taken with `printf '%s' '<plain>' | openssl dgst -sha512 -binary | base64`.
 */
describe('CMI hash ver3', () => {
  it('sorts names without case, escapes values and the key, leaves out hash and encoding', () => {
    // plain: 490.00|A\|B\\C|600000000|FM-1|PreAuth|key\|1\\
    const fields = {
      clientid: '600000000',
      amount: '490.00',
      oid: 'FM-1',
      hash: 'ignored',
      encoding: 'UTF-8',
      TranType: 'PreAuth',
      BillToName: 'A|B\\C',
    };
    expect(cmiHash(fields, 'key|1\\')).toBe('TH/VVOPjWBJaH4WLDw2PRFz8ztejtnyhUaqNC4eRW5BJfZ3EUnOLnKeGe+QAsiHViqxF5LihtO50wjV2fpYieA==');
  });

  it('hashes the UTF-8 bytes of Arabic text', () => {
    // plain: 40.00|سلمى|ar|Sk3y
    expect(cmiHash({ lang: 'ar', BillToName: 'سلمى', amount: '40.00', HASH: 'x' }, 'Sk3y')).toBe(
      'pMspZjYFFFqJ9kugfCKcwdIqe0c+GbbV3lXqv8+q2IrUF5U1Sw8bCSbHcbhbOlD69+ebrJWMddfBTEiPwrLr4A==',
    );
  });
});

describe('CMI amounts', () => {
  it('writes two decimals with a dot and reads them back', () => {
    expect(cmiAmount(49000)).toBe('490.00');
    expect(cmiAmount(4005)).toBe('40.05');
    expect(cmiAmount(7)).toBe('0.07');
    expect(cmiAmountToCentimes('490.00')).toBe(49000);
    expect(cmiAmountToCentimes('40.5')).toBe(4050);
    expect(cmiAmountToCentimes('12')).toBe(1200);
    expect(cmiAmountToCentimes('1e3')).toBeNull();
    expect(cmiAmountToCentimes('-5.00')).toBeNull();
    expect(cmiAmountToCentimes(undefined)).toBeNull();
  });
});

describe('CMI gateway adapter', () => {
  const gateway = cmiGateway({ clientId: '600001234', storeKey: 'TEST|KEY', gatewayUrl: 'https://testpayment.cmi.co.ma/fim/est3Dgate' });
  const start = {
    attemptId: 'FM-42-1',
    amountCentimes: 49000,
    language: 'ar' as const,
    email: 'salma@example.ma',
    name: 'Salma',
    phone: '0600987654',
    okUrl: 'https://shop.example/api/payments/cmi/ok',
    failUrl: 'https://shop.example/api/payments/cmi/fail',
    callbackUrl: 'https://shop.example/api/payments/cmi/callback',
    shopUrl: 'https://shop.example/',
  };

  it('builds the 3D Pay Hosting form with every field the gateway expects, signed', () => {
    const form = gateway.start(start);
    expect(form.url).toBe('https://testpayment.cmi.co.ma/fim/est3Dgate');
    expect(form.method).toBe('POST');
    expect(form.fields).toMatchObject({
      clientid: '600001234',
      storetype: '3D_PAY_HOSTING',
      TranType: 'PreAuth',
      amount: '490.00',
      currency: '504',
      oid: 'FM-42-1',
      lang: 'ar',
      hashAlgorithm: 'ver3',
      encoding: 'UTF-8',
      BillToName: 'Salma',
      tel: '0600987654',
      email: 'salma@example.ma',
      AutoRedirect: 'true',
    });
    expect(form.fields.rnd).toMatch(/^[0-9a-f]{24}$/);
    const { hash, ...rest } = form.fields;
    expect(hash).toBe(cmiHash(rest, 'TEST|KEY'));
  });

  const callback = (extra: Record<string, string>) => {
    const fields: Record<string, string> = {
      ...gateway.start(start).fields,
      ProcReturnCode: '00',
      Response: 'Approved',
      TransId: 'T1',
      AuthCode: 'A1',
      maskedCreditCard: '4242 **** **** 4242',
      ...extra,
    };
    delete fields.hash;
    return { ...fields, HASH: cmiHash(fields, 'TEST|KEY') };
  };

  it('reads an approved callback signed by the gateway', () => {
    expect(gateway.read(callback({}))).toEqual({
      valid: true,
      attemptId: 'FM-42-1',
      amountCentimes: 49000,
      approved: true,
      transactionId: 'T1',
      authCode: 'A1',
      maskedCard: '4242 **** **** 4242',
      message: null,
    });
  });

  it('reads a refusal with its reason', () => {
    const result = gateway.read(callback({ ProcReturnCode: '05', Response: 'Declined', ErrMsg: 'Not sufficient funds' }));
    expect(result).toMatchObject({ valid: true, approved: false, message: 'Not sufficient funds' });
  });

  it('refuses a forged or missing hash, and a changed amount', () => {
    const good = callback({});
    expect(gateway.read({ ...good, HASH: good.HASH.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).toEqual({
      valid: false,
      reason: 'hash',
    });
    const { HASH: _dropped, ...unsigned } = good;
    expect(gateway.read(unsigned)).toEqual({ valid: false, reason: 'hash' });
    expect(gateway.read({ ...good, amount: '1.00' })).toEqual({ valid: false, reason: 'hash' });
  });
});
