import type { z } from 'zod';
import type { RouteIo, RouteSchemas } from '../schemas';
import type { PRICE_LEVELS } from './enums';
import type { Access } from './roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The id of every endpoint: its export name, and the key of its schemas in `ROUTE_IO`. */
export type EndpointId = keyof RouteIo;

/** What an endpoint declares besides its schemas. Plain data: the console bundles it without zod. */
export interface EndpointMeta {
  method: HttpMethod;
  /** Fastify's `:param` syntax. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** Restricts the call to companies of these price levels (spec §2 page restrictions). */
  priceLevels?: readonly (typeof PRICE_LEVELS)[number][];
  /** Only the special administrator account (spec §6) may call it (company administration). */
  superAdminOnly?: true;
}

/**
 * One HTTP call of the product. The console's API client builds its request from this object; the
 * server registers its route from it and from its schemas, `ROUTE_IO[id]` in `@pitboss/contract/schemas`
 * (validation, serialisation, OpenAPI), and checks access (role and price level).
 * `Io` is the type of those schemas: the caller's and the handler's types come from it.
 */
export interface Endpoint<Io extends RouteSchemas = RouteSchemas> extends EndpointMeta {
  readonly id: string;
  /** Type only, never set: the schemas of the call (`ROUTE_IO[id]`). */
  readonly '~io'?: Io;
}

/**
 * Declares the endpoint `id` (its export name). Its type carries the type of `ROUTE_IO[id]`, read
 * through a type-only import: no schema is loaded with it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const Id extends EndpointId>(
  id: Id,
  meta: EndpointMeta,
): Endpoint<RouteIo[Id]> & { readonly id: Id } {
  return { id, ...meta };
}

/** The schemas' type of an endpoint. */
export type EndpointIo<E extends Endpoint> = NonNullable<E['~io']>;

type InferOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

/** What a caller passes: params, query and body in their input (pre-default) form. */
export type EndpointInput<E extends Endpoint> = (EndpointIo<E>['params'] extends z.ZodType
  ? { params: InferOr<EndpointIo<E>['params'], never> }
  : { params?: undefined }) &
  (EndpointIo<E>['querystring'] extends z.ZodType
    ? { query?: InferOr<EndpointIo<E>['querystring'], never> }
    : { query?: undefined }) &
  (EndpointIo<E>['body'] extends z.ZodType ? { body: InferOr<EndpointIo<E>['body'], never> } : { body?: undefined });

export type EndpointResponse<E extends Endpoint> = z.output<EndpointIo<E>['response']>;

/** Fills `:param` placeholders, URL-encoding each value. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
