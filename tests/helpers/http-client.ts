// The real server on a real port, and clients that speak plain HTTP to it (fetch), for tests that prove what a till
// or an attacker on the shop's network meets, not what app.inject sees.
import type { TestApp } from './app.js';

export interface HttpReply<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface HttpClient {
  get<T = any>(path: string, headers?: Record<string, string>): Promise<HttpReply<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpReply<T>>;
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpReply<T>>;
}

/** A client of `url` sending `token` (if any) as a Bearer header. */
export function httpClient(url: string, token?: string): HttpClient {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON (CSV, PDF) */ }
    return { status: res.status, body: parsed as any, text, headers: res.headers };
  };
  return {
    get: (path, headers) => send('GET', path, undefined, headers),
    post: (path, body, headers) => send('POST', path, body ?? {}, headers),
    patch: (path, body, headers) => send('PATCH', path, body ?? {}, headers),
  };
}

/** Starts `t`'s app on 127.0.0.1 (random port): the owner's, the cashier's and an anonymous client. */
export async function listen(t: TestApp): Promise<{ url: string; admin: HttpClient; staff: HttpClient; anonymous: HttpClient }> {
  const url = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  return { url, admin: httpClient(url, t.admin.token), staff: httpClient(url, t.staff.token), anonymous: httpClient(url) };
}
