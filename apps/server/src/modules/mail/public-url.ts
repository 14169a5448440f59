import type { Config } from '../../config';

/**
 * The base of links in mails: `PITBOSS_PUBLIC_URL`, else the server's own address. Never the request's
 * Host header: a caller could otherwise send a victim a reset link pointing to their own site.
 */
export function publicBaseUrl(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

export function publicLink(config: Config, route: string, token: string): string {
  return `${publicBaseUrl(config)}${route}/${encodeURIComponent(token)}`;
}
