import { buildPath, type Endpoint, type EndpointInput, type EndpointResponse } from '@pitboss/contract';
import i18n from '../i18n/i18n';
import { ApiError } from './api-error';
import { readToken } from './session-cookies';

export { ApiError, isApiError } from './api-error';

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

/** The language tags of the console's languages, for `Intl` (zh is Traditional Chinese). */
const INTL_LOCALE: Record<string, string> = { zh: 'zh-TW' };

/** A wait in words in the user's language: "15 minutes", "15 分鐘", "30 秒" (minutes beyond one minute). */
export function waitInWords(seconds: number, language = i18n.language): string {
  const locale = INTL_LOCALE[language] ?? language ?? 'en';
  const minutes = seconds >= 60;
  const format = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  });
  return format.format(minutes ? Math.ceil(seconds / 60) : seconds);
}

/** The user's text for a server error: `errors:<messageCode>` when translated, else the server's message. */
export function translateError(messageCode: string, serverMessage: string, values?: Record<string, unknown>): string {
  const key = `errors:${messageCode}`;
  return i18n.exists(key) ? i18n.t(key, { ...values, defaultValue: serverMessage }) : serverMessage;
}

interface ErrorBody {
  status?: number;
  message?: string;
  messageCode?: string;
  errors?: { field: string; message: string }[];
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /**
   * A link token (registration, password reset) to send as the bearer token instead of the session
   * cookie's: the link pages authenticate with the link, whoever is logged in on this browser.
   */
  token?: string | undefined;
}

/**
 * Calls one endpoint of the contract (spec §7, §8). Every call sends the token from the cookie as a
 * bearer token and the current page title (URI-encoded: headers are Latin-1) in `Title`. A non-OK
 * answer, and an OK answer whose numeric `status` is not 0 (the user calls), throw an {@link ApiError}.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> = {} as EndpointInput<E>,
  init: CallOptions = {},
): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const headers: Record<string, string> = { title: encodeURIComponent(document.title) };
  const token = init.token ?? readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildPath(endpoint.path, params) + queryString(query), {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: init.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const message = 'The server cannot be reached; check your connection and try again';
    throw new ApiError(translateError('NETWORK_ERROR', message), 'NETWORK_ERROR', 0, message);
  }
  const json = parse(await response.text());
  const answer = (json && typeof json === 'object' ? json : {}) as ErrorBody;
  if (!response.ok || (typeof answer.status === 'number' && answer.status !== 0)) {
    const code = answer.messageCode ?? (response.ok ? 'STATUS_NOT_OK' : 'HTTP_ERROR');
    const serverMessage = answer.message ?? (response.statusText || `HTTP ${response.status}`);
    const retryAfter = Number(response.headers.get('retry-after')) || undefined;
    throw new ApiError(
      // `message` fills translations that quote the server (VALIDATION_FAILED: "…: {{message}}").
      translateError(code, serverMessage, {
        seconds: retryAfter,
        wait: retryAfter === undefined ? undefined : waitInWords(retryAfter),
        message: serverMessage,
      }),
      code,
      response.ok ? 200 : response.status,
      serverMessage,
      answer.errors,
      retryAfter,
    );
  }
  return json as EndpointResponse<E>;
}
