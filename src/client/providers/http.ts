import { getAccessToken, readCookie } from './tokens';

export interface ApiErrorBody {
  detail?: string;
  errors?: Record<string, string>;
  code?: string;
}

/** A non-2xx answer of the API, with the server's JSON body ({detail, errors?}). */
export class ApiError extends Error {
  status: number;
  body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    // react-admin shows an error's message (translating keys): the server's detail, or the generic text.
    super(body.detail ?? 'errors.unexpected');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface ApiOptions {
  method?: string;
  /** JSON, or FormData sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Send the access token (default true); the token endpoints themselves do not need it. */
  authenticate?: boolean;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
let xsrfRequest: Promise<void> | null = null;

/** The XSRF cookie the server sets; fetched once through GET /api/xsrf when missing. */
async function xsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  xsrfRequest ??= fetch('/api/xsrf', { credentials: 'same-origin' })
    .then(() => undefined)
    .finally(() => {
      xsrfRequest = null;
    });
  await xsrfRequest;
  return readCookie(XSRF_COOKIE);
}

export function apiUrl(path: string, query?: ApiOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `/api${path}${queryString ? `?${queryString}` : ''}`;
}

/** An answer's JSON body, or undefined when it is empty or not JSON (shared with the XMLHttpRequest uploads). */
export function parseAnswer(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError of a non-2xx answer, with its JSON body when it has one. */
export function answerError(status: number, payload: unknown): ApiError {
  return new ApiError(status, (payload && typeof payload === 'object' ? payload : {}) as ApiErrorBody);
}

/**
 * The headers every API call carries: JSON answers, `Authorization: JWT <token>` and, on a call that
 * changes something, the X-XSRF-TOKEN echo of the cookie (fetched first when missing). Shared by
 * api() and the XMLHttpRequest uploads.
 */
export async function apiHeaders(method: string, authenticate = true): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = authenticate ? getAccessToken() : null;
  if (token) headers.Authorization = `JWT ${token}`;
  if (!SAFE_METHODS.has(method.toUpperCase())) {
    const xsrf = await xsrfToken();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  return headers;
}

/** Calls the API: path relative to /api (e.g. '/user'). Throws ApiError on non-2xx; 204 gives undefined. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers(await apiHeaders(method, options.authenticate !== false));
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const response = await fetch(apiUrl(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
  const payload = parseAnswer(await response.text());
  if (!response.ok) throw answerError(response.status, payload);
  return payload as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's detail for the user, or the catalogue key of the generic message (notify translates keys). */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.body.detail ? error.body.detail : 'errors.unexpected';
}
