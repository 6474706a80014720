// The test app over real HTTP: listening on 127.0.0.1 (a random port), driven with node:http, which sends the
// path and headers as written and never decodes the reply. For tests where what crosses the wire matters
// (headers, status, the exact bytes of a download); app.inject skips the socket and Fastify's HTTP parsing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client, Reply, TestApp } from './app.js';

export interface HttpApp {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  base: string;
  port: number;
  /** Signed in as the seeded ADMIN, over HTTP (Bearer token). */
  admin: Client;
  /** Signed in as the seeded USER, over HTTP. */
  staff: Client;
  /** No token. */
  anon: Client;
  /** A client over HTTP sending this token (none when empty). */
  client(token: string): Client;
}

/**
 * One request over a fresh connection; the body is sent as JSON (a Buffer: those bytes exactly, as JSON). JSON
 * replies are parsed, anything else is a string (raw keeps the bytes).
 */
export function httpRequest(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const type = String(res.headers['content-type'] ?? '');
          resolve({
            status: res.statusCode!,
            headers: res.headers as Reply['headers'],
            raw,
            body: type.includes('json') && raw.length ? JSON.parse(raw.toString('utf8')) : raw.toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Starts t.app listening on 127.0.0.1 (t.close() stops it) and returns HTTP clients for its accounts (a shop in
 * setup mode has none: its admin and staff clients send no token).
 */
export async function listenHttp(t: Pick<TestApp, 'app'> & Partial<Pick<TestApp, 'admin' | 'staff'>>): Promise<HttpApp> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  const client = (token: string): Client => {
    const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      httpRequest(port, method, url, body, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers });
    return {
      token,
      get: (url, headers) => send('GET', url, undefined, headers),
      post: (url, body, headers) => send('POST', url, body ?? {}, headers),
      patch: (url, body, headers) => send('PATCH', url, body ?? {}, headers),
      put: (url, body, headers) => send('PUT', url, body ?? {}, headers),
      delete: (url, headers) => send('DELETE', url, undefined, headers),
    };
  };
  return { base: `http://127.0.0.1:${port}`, port, admin: client(t.admin?.token ?? ''), staff: client(t.staff?.token ?? ''), anon: client(''), client };
}
