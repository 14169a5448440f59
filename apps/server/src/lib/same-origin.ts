import type { FastifyRequest } from 'fastify';

/**
 * True when a browser's `Origin` is the console's own: the host it asked (`Host`), or `PITBOSS_PUBLIC_URL`.
 * No `Origin` (a program, not a browser page) is allowed: it cannot carry a visitor's cookie.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined, publicOrigin?: string): boolean {
  if (origin === undefined) return true;
  if (publicOrigin !== undefined && origin === publicOrigin) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && host !== undefined && url.host === host;
  } catch {
    return false;
  }
}

/** The origin of a `Referer` (`null` when it is not a URL), or undefined without one. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether the page that sent a request is the console's own (CSRF, issue 21): its `Origin`, or failing
 * that the origin of its `Referer`. A request with neither comes from a program, not a page of another site.
 */
export function fromOwnOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  return isSameOrigin(origin, request.headers.host, publicOrigin);
}
