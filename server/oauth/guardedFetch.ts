import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isLoopbackHost } from './oauthEnv';

/*
 * The one way the server calls an address that comes from configuration (the OAuth token and
 * userinfo endpoints): the host is resolved once and the connection goes to that address, which
 * must not be loopback, private, link-local or a cloud metadata address; redirects are never
 * followed; time and size are bounded. Only with `allowHttpLoopback` (development and tests) may
 * a loopback host name reach a loopback address, over http or https.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), else the address itself. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (m?.[1]) return { address: m[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function addressAllowed(address: string, loopbackOk: boolean): boolean {
  const a = unmapped(address);
  if (loopbackOk) return loopback.check(a.address, a.family);
  return !blocked.check(a.address, a.family);
}

export class GuardedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GuardedFetchError';
  }
}

export interface GuardedRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface GuardedResponse {
  status: number;
  contentType: string;
  text: string;
}

export interface GuardOptions {
  allowHttpLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

export function guardedFetch(url: string, req: GuardedRequest, options: GuardOptions): Promise<GuardedResponse> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const loopbackOk = options.allowHttpLoopback && isLoopbackHost(host);
  if (target.protocol !== 'https:' && !(loopbackOk && target.protocol === 'http:')) {
    return Promise.reject(new GuardedFetchError(`refused ${target.protocol} endpoint`));
  }
  if (isIP(host) && !addressAllowed(host, loopbackOk)) {
    return Promise.reject(new GuardedFetchError(`refused address ${host}`));
  }
  // Node calls this for host names only (IP literals were checked above). The address it
  // answers is the one connected to, so a second lookup can never swap in another one.
  const lookup: LookupFunction = (hostname, opts, callback) => {
    dnsLookup(hostname, { all: true, family: opts.family ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const ok = addresses.filter((a) => addressAllowed(a.address, loopbackOk));
      const first = ok[0];
      if (!first || ok.length !== addresses.length) {
        return callback(new GuardedFetchError(`refused address of ${hostname}`), '', 4);
      }
      if (opts.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [first]);
      callback(null, first.address, first.family);
    });
  };
  const maxBytes = options.maxBytes ?? 256 * 1024;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method: req.method, headers: req.headers, lookup, timeout: options.timeoutMs ?? 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new GuardedFetchError('response too large'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new GuardedFetchError('timed out')));
    request.on('error', reject);
    request.end(req.body);
  });
}
