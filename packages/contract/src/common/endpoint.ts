import type { z } from 'zod';
import type { PriceLevel } from './enums';
import type { Access } from './roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP call of the product. The server registers its route from this object (validation,
 * serialisation, OpenAPI, access control); the console's API client builds its request from it.
 * `path` uses Fastify's `:param` syntax.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** Restricts the call to companies of these price levels (spec §2 page restrictions). */
  priceLevels?: readonly PriceLevel[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type InferOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

/** What a caller passes: params, query and body in their input (pre-default) form. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: InferOr<E['params'], never> }
  : { params?: undefined }) &
  (E['querystring'] extends z.ZodType ? { query?: InferOr<E['querystring'], never> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: InferOr<E['body'], never> } : { body?: undefined });

export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** Fills `:param` placeholders, URL-encoding each value. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
