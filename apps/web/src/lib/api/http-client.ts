import {
  HttpError,
  httpErrorFromBody,
  IMPERSONATION_STATUS,
  NETWORK_ERROR_TOAST_THRESHOLD_MS,
} from '@attest/shared';
import type { z } from 'zod';
import { toast } from '../notifications/toast';
import { apiUrl, type QueryParams } from './api-url';
import { observeResponse, showImpersonationError } from './impersonation';
import { isAbortError, NetworkError, OfflineError } from './network-errors';
import { buildHeaders, type HttpMethod } from './request-headers';
import { applyStatusPolicy } from './status-policy';

export type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  // Statuses this caller answers itself; the app-wide 401/403/503 reactions are skipped for them.
  handledStatuses?: readonly number[];
};

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function failOffline(): never {
  toast.error('toasts.offline', { id: 'offline' });
  throw new OfflineError('offline');
}

const never = <T>() => new Promise<T>(() => {});

const BUSY_RETRIES = 2;
// Longer than this and the person is better told at once.
const BUSY_RETRY_MAX_MS = 10_000;

// Sends one API call and returns the response when it is ok or its status is handled by the caller.
// A read refused because the server is busy (503 with Retry-After: its admission queue was full or
// the wait past its deadline, docs/operations.md "Overload") is tried again after the time it asks,
// twice at most, before the person is told; a write is never sent twice.
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  for (let retry = 0; ; retry += 1) {
    const response = await sendOnce(path, options);
    const wait = retry < BUSY_RETRIES ? busyRetryDelayMs(response, options) : null;
    if (wait === null) return answered(path, response, options);
    await response.body?.cancel();
    await sleep(wait, options.signal);
  }
}

function busyRetryDelayMs(response: Response, options: RequestOptions): number | null {
  if (response.status !== 503 || (options.method ?? 'GET') !== 'GET') return null;
  if (options.handledStatuses?.includes(503)) return null;
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds * 1000 > BUSY_RETRY_MAX_MS) return null;
  return seconds * 1000;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function sendOnce(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  if (isOffline()) failOffline();
  const startedAt = Date.now();
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      credentials: 'include',
      headers: buildHeaders(method, hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (isOffline()) failOffline();
    // Spec 1 section 8: a network-failure toast only for calls that hung on for a minute or more.
    if (Date.now() - startedAt >= NETWORK_ERROR_TOAST_THRESHOLD_MS) {
      toast.error('toasts.networkError', { id: 'network-error' });
    }
    throw new NetworkError('network', { cause: error });
  }
  observeResponse(response);
  return response;
}

async function answered(path: string, response: Response, options: RequestOptions): Promise<Response> {
  if (response.ok || options.handledStatuses?.includes(response.status)) return response;
  const body = await safeText(response);
  const error = httpErrorFromBody(response.status, response.statusText, body);
  if (response.status === IMPERSONATION_STATUS) showImpersonationError(body);
  if (applyStatusPolicy(path, response.status) === 'hang') return never();
  throw error;
}

async function safeText(response: Response): Promise<string | undefined> {
  try {
    return await response.text();
  } catch {
    return undefined;
  }
}

// Reads a JSON answer and checks it against the shared contract.
export async function parseJson<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  if (!response.ok) {
    throw httpErrorFromBody(response.status, response.statusText, await safeText(response));
  }
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new HttpError(response.status, 'The server answered in an unexpected shape.', {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export async function request<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  return parseJson(await send(path, options), schema);
}

export const http = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request(path, schema, { ...options, method: 'GET' }),
  post: <S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ) => request(path, schema, { ...options, method: 'POST', body }),
};
