/**
 * The line a start ends with: the address the shop really listens on (from the socket, not from the
 * settings), and the public address visitors use when PUBLIC_URL says one.
 */
import type { AddressInfo } from 'node:net';

/** `http://host:port` of a listening socket; IPv6 hosts in brackets. */
export function listeningUrl(address: AddressInfo | string | null): string {
  if (address === null) return 'nowhere';
  if (typeof address === 'string') return address; // a Unix socket's path
  const host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Every interface: the address a browser on this machine opens. */
const ANY = new Set(['0.0.0.0', '::']);

/**
 * "on http://0.0.0.0:3000 (every interface: http://localhost:3000 on this machine), public address
 * https://flora.ma": what follows "Shop ready" or "Worker ready".
 */
export function whereServing(address: AddressInfo | string | null, publicUrl: string | undefined): string {
  let line = `on ${listeningUrl(address)}`;
  if (address && typeof address !== 'string' && ANY.has(address.address))
    line += ` (every interface: http://localhost:${address.port} on this machine)`;
  if (publicUrl) line += `, public address ${publicUrl}`;
  return line;
}

/** PUBLIC_URL as the operator set it; undefined when unset (the settings then hold a default). */
export const givenPublicUrl = (env: Record<string, string | undefined> = process.env): string | undefined =>
  env.PUBLIC_URL?.trim() ? env.PUBLIC_URL.trim().replace(/\/+$/, '') : undefined;
