import { syncCurrentUserFromCookie } from './auth';

/** API.md §1: every JSON answer is wrapped in this envelope. */
export type ApiEnvelope<T> = { statusCode: number; data: T; message: string; success: boolean };

type ApiErrorInit = { status: number; message: string; data?: unknown; isNetworkError?: boolean; reason?: string };

/** The one error type the web app sees for failed calls; `message` is the server's human text. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly isNetworkError: boolean;
  /** Why the server refused (the envelope's `reason`): 'signin' (no valid session) or 'purchase' (buy first). */
  readonly reason: string | undefined;

  constructor({ status, message, data, isNetworkError = false, reason }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.isNetworkError = isNetworkError;
    this.reason = reason;
  }
}

/**
 * A call the server answered with success but whose answer cannot be read: an empty or non-JSON
 * body, or an envelope without `data` (SPEC §8 'Invalid response from server').
 */
export class InvalidResponseError extends ApiError {
  constructor(status: number) {
    super({ status, message: 'Invalid response from server' });
    this.name = 'InvalidResponseError';
  }
}

/** The server's text for a failed call, or `fallback` when there is none (e.g. not an ApiError). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !error.isNetworkError ? error.message : fallback;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as multipart/form-data (files). */
  form?: FormData;
  params?: QueryParams;
  /** Extra request headers (e.g. `Idempotency-Key` on purchases). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const networkErrorListeners = new Set<() => void>();

/** The app shell subscribes here to show the offline screen (SPEC §8: network errors go to /error). */
export function onNetworkError(listener: () => void): () => void {
  networkErrorListeners.add(listener);
  return () => networkErrorListeners.delete(listener);
}

function reportNetworkError() {
  for (const listener of networkErrorListeners) listener();
}

export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function isAbortError(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

type ErrorEnvelope = Partial<ApiEnvelope<unknown>> & { reason?: unknown };

async function readEnvelope(response: Response): Promise<ErrorEnvelope | null> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return null;
  try {
    return (await response.json()) as ErrorEnvelope;
  } catch {
    return null;
  }
}

function errorFromResponse(response: Response, envelope: ErrorEnvelope | null): ApiError {
  const data = envelope?.data;
  const text =
    (typeof data === 'string' && data) || envelope?.message || response.statusText || `Request failed (${response.status})`;
  // A gateway answering without our envelope means the API itself could not be reached.
  const isNetworkError = envelope === null && [502, 503, 504].includes(response.status);
  const reason = typeof envelope?.reason === 'string' ? envelope.reason : undefined;
  return new ApiError({ status: response.status, message: text, data, isNetworkError, reason });
}

/** Calls `/api…` on the same origin with cookies and returns the envelope's `data`. */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  }

  const url = buildUrl(path, options.params);
  return readApiResponse<T>(transport(url, { method, headers, body, credentials: 'include', signal: options.signal }));
}

/**
 * A JSON POST whose answer nobody reads, with the session cookie, from the same origin: a failure
 * is dropped, never the offline screen. The player's progress heartbeats (API.md §16). `leaving`:
 * sent as the page goes (pagehide), so it must outlive the page (fetch `keepalive`); only then, as
 * a keepalive request is detached from its page and counts against a small in-flight quota.
 */
export function sendBeacon(path: string, json: unknown, { leaving = false } = {}): void {
  const init: RequestInit = {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
    credentials: 'include',
    keepalive: leaving,
  };
  void Promise.resolve()
    .then(() => transport(path, init))
    .catch(() => undefined);
}

/** How a call reaches the server: the browser's fetch, or the server renderer's own (entry-server.tsx). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * The server renderer sends the calls of the page it renders through the app itself, with the
 * visitor's cookies (apps/web/src/entry-server.tsx); the browser never changes it.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * The text of a media file (a playlist) with the session's cookies, through the same transport as
 * the calls (the server renderer reads it through the app itself); null when it cannot be read.
 */
export async function fetchMediaText(url: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await transport(url, { method: 'GET', credentials: 'include', signal });
    return response.ok ? await response.text() : null;
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
}

/**
 * The envelope's `data` of a call already sent, with the same errors.
 */
async function readApiResponse<T>(pending: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await pending;
  } catch (error) {
    if (isAbortError(error)) throw error;
    reportNetworkError();
    throw new ApiError({ status: 0, message: 'Network Error', isNetworkError: true });
  }

  // The server may set or clear the `user` cookie on any answer (login, profile change, expired session).
  syncCurrentUserFromCookie();

  const envelope = await readEnvelope(response);
  if (!response.ok || envelope?.success === false) {
    const error = errorFromResponse(response, envelope);
    if (error.isNetworkError) reportNetworkError();
    throw error;
  }
  if (!envelope || !('data' in envelope)) throw new InvalidResponseError(response.status);
  return envelope.data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => apiRequest<T>('POST', path, options),
  patch: <T>(path: string, options?: RequestOptions) => apiRequest<T>('PATCH', path, options),
  put: <T>(path: string, options?: RequestOptions) => apiRequest<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
