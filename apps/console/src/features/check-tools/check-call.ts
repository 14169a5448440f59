import type { CheckExportFormat, Endpoint, EndpointInput, EndpointResponse } from '@pitboss/contract';
import { buildPath } from '@pitboss/contract';
import { ApiError, type CallOptions, callApi, translateError } from '../../lib/api';
import { readToken } from '../../lib/session-cookies';

/**
 * A check-tool list call. With `Export` in the body the server answers the whole result as a file
 * (streamed from a cursor), which is handed to the browser as a download; the answer is then `undefined`.
 */
export async function checkCall<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  init: CallOptions = {},
): Promise<EndpointResponse<E>> {
  const body = (input as { body?: { Export?: CheckExportFormat } }).body;
  if (!body?.Export) return callApi(endpoint, input, init);
  const token = readToken();
  const response = await fetch(buildPath(endpoint.path, undefined), {
    method: endpoint.method,
    headers: {
      'content-type': 'application/json',
      title: encodeURIComponent(document.title),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: init.signal ?? null,
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string; messageCode?: string };
    const code = answer.messageCode ?? 'HTTP_ERROR';
    const message = answer.message ?? `HTTP ${response.status}`;
    throw new ApiError(translateError(code, message), code, response.status, message);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `export.${body.Export}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return undefined as EndpointResponse<E>;
}
