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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls the API: path relative to /api (e.g. '/user'). Throws ApiError on non-2xx; 204 gives undefined. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.authenticate === false ? null : getAccessToken();
  if (token) headers.set('Authorization', `JWT ${token}`);
  if (!SAFE_METHODS.has(method)) {
    const xsrf = await xsrfToken();
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
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
  const payload = await readBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, (payload && typeof payload === 'object' ? payload : {}) as ApiErrorBody);
  }
  return payload as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The server's detail for the user, or the catalogue key of the generic message (notify translates keys). */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.body.detail ? error.body.detail : 'errors.unexpected';
}
