import { buildPath, type Endpoint, type EndpointInput, type EndpointResponse } from '@pitboss/contract';
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'token';

/** A failed call: the server's readable message, its stable code and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly messageCode: string,
    readonly status: number,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one endpoint of the contract. Every call sends the token from the cookie as a bearer token
 * and the current page title (URI-encoded: headers are Latin-1) in `Title`.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> = {} as EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const headers: Record<string, string> = { title: encodeURIComponent(document.title) };
  const token = Cookies.get(TOKEN_COOKIE);
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildPath(endpoint.path, params) + queryString(query), {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('The server cannot be reached; check your connection and try again', 'NETWORK_ERROR', 0);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json ?? {}) as {
      message?: string;
      messageCode?: string;
      errors?: { field: string; message: string }[];
    };
    throw new ApiError(
      error.message ?? response.statusText,
      error.messageCode ?? 'HTTP_ERROR',
      response.status,
      error.errors,
    );
  }
  return json as EndpointResponse<E>;
}
