import { compileIpList, parseIp, unmapped } from '@pitboss/contract';
import type { Config } from '../config';

/** IP ranges (ipaddr.js names) a stored URL may not aim at: this machine, link-local (cloud metadata), no-one. */
const REFUSED_RANGES = new Set(['unspecified', 'loopback', 'linkLocal', 'broadcast', 'multicast']);
const REFUSED_HOSTS = new Set(['localhost', 'metadata.google.internal', 'metadata']);

export type OutboundUrlCheck = (url: string) => string | undefined;

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
 * undefined when it may be called. Names are checked as written (no DNS lookup).
 */
export function outboundUrlCheck(
  config: Pick<Config, 'outboundAllow' | 'publicUrl' | 'host' | 'port'>,
): OutboundUrlCheck {
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
