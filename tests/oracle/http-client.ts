// The oracle's HTTP driver: plain fetch against the real server on a real port, signed in as admin and staff
// through POST /api/auth/login, each call from a till (X-Kedai-Till) or from the back office (no till header).
import type { Request, User } from './model.js';

export interface HttpReply {
  status: number;
  body: any;
  text: string;
}

export class Http {
  private readonly tokens = new Map<User, string>();
  /** Requests sent (for the run's statistics). */
  calls = 0;

  constructor(readonly baseUrl: string) {}

  /** Signs in both accounts over HTTP. */
  async signIn(passwords: Record<User, string>): Promise<void> {
    for (const user of ['admin', 'staff'] as const) {
      const r = await this.raw('POST', '/api/auth/login', { username: user, password: passwords[user] }, null, null);
      if (r.status !== 200 || !r.body?.token) throw new Error(`sign-in of ${user} failed: ${r.status} ${r.text.slice(0, 200)}`);
      this.tokens.set(user, r.body.token);
    }
  }

  send(req: Request): Promise<HttpReply> {
    return this.raw(req.method, req.path, req.body, this.tokens.get(req.user) ?? null, req.till);
  }

  get(path: string, user: User = 'admin'): Promise<HttpReply> {
    return this.raw('GET', path, undefined, this.tokens.get(user) ?? null, null);
  }

  /** GET that must answer 200 (else the oracle cannot read the figure at all). */
  async getOk(path: string, user: User = 'admin'): Promise<HttpReply> {
    const r = await this.get(path, user);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 300)}`);
    return r;
  }

  async raw(method: string, path: string, body: unknown, token: string | null, till: string | null): Promise<HttpReply> {
    this.calls += 1;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (till) headers['x-kedai-till'] = till;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: any = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, body: parsed, text };
  }
}
