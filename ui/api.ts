// The one HTTP client of the UI: JSON in/out, Bearer token from the stored session, the till's name, typed errors.
import { TILL_HEADER } from '../core/till.js';
import { storedTill } from './till.js';
import { markReachable, markUnreachable } from './connection.js';

/** localStorage keys of the session (token and user), shared with ui/session.ts. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** Fired on window when the server refuses the stored token (session.ts clears the session). */
export const UNAUTHORIZED_EVENT = 'kedai:unauthorized';

const RETRY_DELAY_MS = 300;

/** A failed API call: `message` is the server's `error` text (else the status text), plus status and details. */
export class ApiError extends Error {
  readonly status: number;
  readonly details?: unknown;
  readonly code?: string;
  constructor(message: string, status: number, details?: unknown, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
    this.code = code;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

/** Builds `path?query`, dropping empty, null and undefined values (the server rejects empty filters). */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, String(v));
    }
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The stored session token, if any (localStorage may be unavailable in private modes). */
export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return await res.json();
    } catch {
      return undefined;
    }
  }
  return res.text();
}

/** Extra per-request options (e.g. an Idempotency-Key header for checkout). */
export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent from the back office, not from this browser's till (an ADMIN closing a forgotten shift): no X-Kedai-Till. */
  backOffice?: boolean;
}

async function send<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options?.headers };
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  // Which till this is: the server stamps it on payments and refunds (shifts count each drawer's cash).
  const till = options?.backOffice ? null : storedTill();
  if (till) headers[TILL_HEADER] = till;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload });
  } catch (err) {
    // No answer at all: the server (or the network to it) is away.
    markUnreachable();
    throw err;
  }
  markReachable();
  const data = await readBody(res);
  if (res.ok) return data as T;
  const err = (data && typeof data === 'object' ? data : {}) as { error?: unknown; code?: unknown; details?: unknown };
  const message = typeof err.error === 'string' && err.error ? err.error : res.statusText || `Request failed (${res.status})`;
  if (res.status === 401 && token && !path.startsWith('/api/auth/login')) {
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  throw new ApiError(message, res.status, err.details, typeof err.code === 'string' ? err.code : undefined);
}

/** True for failures worth one more try: no answer at all, or a server-side (5xx) error. */
export function isTransient(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500;
  return err instanceof TypeError || (err instanceof Error && err.name === 'TypeError');
}

async function getWithRetry<T>(url: string): Promise<T> {
  try {
    return await send<T>('GET', url);
  } catch (err) {
    if (!isTransient(err)) throw err;
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
    return send<T>('GET', url);
  }
}

/** The API client: `api.get('/api/products', { search })`, `api.post('/api/customers', body)`, ... */
export const api = {
  /** GET with query params (empty ones dropped); retried once on a network or 5xx failure. */
  get: <T = unknown>(path: string, query?: Query) => getWithRetry<T>(buildUrl(path, query)),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => send<T>('POST', path, body ?? {}, options),
  patch: <T = unknown>(path: string, body?: unknown) => send<T>('PATCH', path, body ?? {}),
  put: <T = unknown>(path: string, body?: unknown) => send<T>('PUT', path, body ?? {}),
  delete: <T = unknown>(path: string) => send<T>('DELETE', path),
};
