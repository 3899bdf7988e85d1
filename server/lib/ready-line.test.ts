/** The start line names the socket's real address, every-interface hosts with their local address, and PUBLIC_URL when set. */
import { describe, expect, it } from 'vitest';
import { givenPublicUrl, listeningUrl, whereServing } from './ready-line.js';
import { readableMessage } from './logger.js';

describe('the start line', () => {
  it("names the address listened on, not the settings' default", () => {
    expect(listeningUrl({ address: '127.0.0.1', port: 4350, family: 'IPv4' })).toBe('http://127.0.0.1:4350');
    expect(listeningUrl({ address: '::1', port: 4351, family: 'IPv6' })).toBe('http://[::1]:4351');
    expect(whereServing({ address: '0.0.0.0', port: 8080, family: 'IPv4' }, undefined)).toBe(
      'on http://0.0.0.0:8080 (every interface: http://localhost:8080 on this machine)',
    );
    expect(whereServing({ address: '127.0.0.1', port: 3000, family: 'IPv4' }, 'https://flora.ma')).toBe(
      'on http://127.0.0.1:3000, public address https://flora.ma',
    );
  });

  it('reads PUBLIC_URL only when the operator set it', () => {
    expect(givenPublicUrl({})).toBeUndefined();
    expect(givenPublicUrl({ PUBLIC_URL: '  ' })).toBeUndefined();
    expect(givenPublicUrl({ PUBLIC_URL: 'https://flora.ma/' })).toBe('https://flora.ma');
  });
});

describe('readable log lines', () => {
  it('keep the request id and put the request and its answer on the line', () => {
    expect(readableMessage({ reqId: 'abc-123', msg: 'incoming request', req: { method: 'GET', url: '/api/products' } })).toBe(
      '[abc-123] incoming request GET /api/products',
    );
    expect(readableMessage({ reqId: 'abc-123', msg: 'request completed', res: { statusCode: 201 }, responseTime: 12.345 })).toBe(
      '[abc-123] request completed -> 201 in 12.3 ms',
    );
    expect(readableMessage({ msg: 'Shop ready' })).toBe('Shop ready');
  });
});
