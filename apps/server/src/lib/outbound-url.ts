import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { compileIpList, parseIp, unmapped } from '@pitboss/contract';
import type { Config } from '../config';

/** IP ranges (ipaddr.js names) a stored URL may not aim at: this machine, link-local (cloud metadata), no-one. */
const REFUSED_RANGES = new Set(['unspecified', 'loopback', 'linkLocal', 'broadcast', 'multicast']);
const REFUSED_HOSTS = new Set(['localhost', 'metadata.google.internal', 'metadata']);

export type OutboundUrlCheck = (url: string) => string | undefined;

type RuleConfig = Pick<Config, 'outboundAllow' | 'publicUrl' | 'host' | 'port'>;

/** A URL, or a name's resolved address, the outbound rule refuses; `message` says why. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
}

/** Why a resolved address of `host` may not be called, or undefined (the allow-list, then the refused ranges). */
function addressRefusal(config: RuleConfig, allowed: ReturnType<typeof compileIpList>) {
  return (host: string, address: string): string | undefined => {
    if (allowed.includes(address)) return undefined;
    const ip = parseIp(address);
    if (!ip) return `${host} resolves to ${address}, not an IP address`;
    const range = unmapped(ip).range();
    if (REFUSED_RANGES.has(range)) {
      const what = range === 'linkLocal' ? 'link-local (cloud metadata)' : range;
      return `must not point to ${host}: it resolves to ${address}, a ${what} address; allow it with PITBOSS_OUTBOUND_ALLOW`;
    }
    if (config.host !== '0.0.0.0' && config.host !== '::' && address === config.host) {
      return `must not point to ${host}: it resolves to Pitboss's own address ${address}`;
    }
    return undefined;
  };
}

/**
 * A `lookup` for `http.request` that resolves the name, refuses the connection when ANY address of the name
 * is refused by the rule (unless the name is in `PITBOSS_OUTBOUND_ALLOW`), and hands the connection exactly
 * the addresses it checked: nothing is resolved again between the check and the connect (no DNS rebinding).
 */
export function checkedLookup(config: RuleConfig, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  const allowed = compileIpList(config.outboundAllow);
  const allowedHosts = new Set(config.outboundAllow.map((entry) => entry.toLowerCase()));
  const refusal = addressRefusal(config, allowed);
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      if (!allowedHosts.has(hostname.toLowerCase())) {
        for (const a of addresses) {
          const reason = refusal(hostname, a.address);
          if (reason) return callback(new OutboundRefusedError(reason), '', 0);
        }
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * The rule with names resolved (for saving a URL): the written check, then every address the name resolves
 * to. A name that does not resolve now passes (it is checked again at each call).
 */
export function resolvedUrlCheck(config: RuleConfig, resolve: typeof dnsLookup = dnsLookup) {
  const written = outboundUrlCheck(config);
  const lookup = checkedLookup(config, resolve);
  return async (text: string): Promise<string | undefined> => {
    const problem = written(text);
    if (problem) return problem;
    const host = hostOf(new URL(text));
    if (parseIp(host)) return undefined;
    return new Promise((done) => {
      lookup(host, { all: true }, (error) => {
        done(error instanceof OutboundRefusedError ? error.message : undefined);
      });
    });
  };
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * `fetch` for URLs stored by a company: the written rule, then the name resolved and every address checked
 * by the connection's own lookup (`checkedLookup`). Redirects are not followed. Refusals throw
 * `OutboundRefusedError`; other failures throw like `fetch` (the cause carries the code).
 */
export function outboundFetch(config: RuleConfig, resolve: typeof dnsLookup = dnsLookup) {
  const written = outboundUrlCheck(config);
  const lookup = checkedLookup(config, resolve);
  return (text: string, init: OutboundRequest): Promise<Response> => {
    const problem = written(text);
    if (problem) return Promise.reject(new OutboundRefusedError(`the Url ${problem}`));
    const url = new URL(text);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolveResponse, reject) => {
      const request = client.request(
        url,
        { method: init.method, headers: init.headers, lookup, ...(init.signal ? { signal: init.signal } : {}) },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            const status = response.statusCode ?? 0;
            const empty = status === 204 || status === 205 || status === 304;
            try {
              resolveResponse(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.on('error', (error) => {
        if (error instanceof OutboundRefusedError) return reject(error);
        if (init.signal?.aborted) return reject(init.signal.reason);
        reject(Object.assign(new Error(`request failed: ${error.message}`), { cause: error }));
      });
      if (init.body !== undefined) request.write(init.body);
      request.end();
    });
  };
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * The outbound rule for URLs that Pitboss calls on a company's behalf (block APIs, notification targets):
 * http(s) only; not loopback, link-local (cloud metadata), unspecified or multicast addresses, not
 * `localhost`, and not the server itself (its public URL or its listening address), so a stored URL cannot
 * probe the server's own host. Private network ranges stay allowed (platforms run their APIs there).
 * Hosts and CIDR ranges in `PITBOSS_OUTBOUND_ALLOW` are let through. Answers why a URL is refused, or
 * undefined when it may be called. This checks names as written; `outboundFetch` and `resolvedUrlCheck`
 * also resolve them and check every address.
 */
export function outboundUrlCheck(config: RuleConfig): OutboundUrlCheck {
  const allowedIps = compileIpList(config.outboundAllow);
  const allowedHosts = new Set(config.outboundAllow.map((entry) => entry.toLowerCase()));
  const self: { host: string; port: string }[] = [];
  if (config.publicUrl) {
    try {
      const url = new URL(config.publicUrl);
      self.push({ host: hostOf(url), port: portOf(url) });
    } catch {
      // loadConfig checked its form; nothing to compare against otherwise.
    }
  }
  if (config.host !== '0.0.0.0' && config.host !== '::')
    self.push({ host: config.host.toLowerCase(), port: String(config.port) });

  return (text) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'must be an http:// or https:// address';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// address';
    const host = hostOf(url);
    const ip = parseIp(host);
    if (allowedHosts.has(host) || (ip && allowedIps.includes(host))) return undefined;
    if (self.some((s) => s.host === host && s.port === portOf(url))) return 'must not point to Pitboss itself';
    if (REFUSED_HOSTS.has(host) || host.endsWith('.localhost')) {
      return `must not point to ${host} (this machine or cloud metadata); allow it with PITBOSS_OUTBOUND_ALLOW`;
    }
    if (ip) {
      const range = unmapped(ip).range();
      if (REFUSED_RANGES.has(range)) {
        return `must not point to a ${range === 'linkLocal' ? 'link-local (cloud metadata)' : range} address; allow it with PITBOSS_OUTBOUND_ALLOW`;
      }
    }
    return undefined;
  };
}
