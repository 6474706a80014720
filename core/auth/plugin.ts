// Sessions: login/verify/config/logout routes and the guard that checks every request's token and role.
// The guard decides by the route the router matched (its config), never by the raw URL: `/%61pi/...` and
// `/api/...` reach the same handler, so they must meet the same check. Every route is closed unless it
// says `public: true`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import cookie from '@fastify/cookie';
import { Type } from 'typebox';
import type { Db } from '../db.js';
import { forbidden, tooManyRequests, unauthorized } from '../errors.js';
import { Strict } from '../schemas.js';
import { getSettings, type ShopSettings } from '../settings.js';
import { loginLimiter } from './login-limiter.js';
import { managerApproval } from './manager-approval.js';
import { cachedVerifier } from './token-cache.js';
import { verifyPassword } from './password.js';
import type { AuthUser, TokenPayload } from './types.js';
import { usersRepo, type UserRow } from './users.js';
import { setupGate } from './setup-gate.js';
import { revokedTokens } from './revoked-tokens.js';
import { AuthConfigReply, LoginReply, OkReply, VerifyReply } from './schemas.js';

export const SESSION_COOKIE = 'kedai_session';
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin123', role: 'ADMIN' as const },
  { username: 'staff', password: 'staff123', role: 'USER' as const },
];

// A hash to compare against for unknown usernames, so both failures take the same time.
let dummyHash: string | undefined;

const LoginBody = Strict({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export interface AuthOptions {
  db: Db;
  secret: Buffer;
  demo: boolean;
  scryptLogN: number;
  /** The shop's business time zone (config), served to the UI with the GST rate. */
  timeZone: string;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : '';
}

async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  const users = usersRepo(opts.db, opts.scryptLogN);
  const limiter = loginLimiter();
  const revoked = revokedTokens(opts.db);
  // Shared with plugins (discount approval at the till): same password check, same failure counts as login.
  app.decorate('approveAsManager', managerApproval(users, limiter));
  // First run (#26.8): the settings plugin's setup routes pass this gate; `kedai serve` prints its code.
  const setup = setupGate(opts.db);
  app.decorate('setup', setup);
  await app.register(cookie);
  await app.register(jwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_TTL_SECONDS },
    verify: { algorithms: ['HS256'] },
  });

  const verifyToken = cachedVerifier((token: string) => app.jwt.verify<TokenPayload & { exp?: number }>(token));

  /** Resolves a token to the current account (disabled accounts and old epochs are refused). */
  const userFromToken = (token: string): AuthUser => {
    let payload: TokenPayload;
    try {
      payload = verifyToken(token);
    } catch {
      throw unauthorized('Session expired or invalid. Please sign in again.');
    }
    if (revoked.isRevoked(token)) throw unauthorized('Session expired or invalid. Please sign in again.');
    const row = typeof payload.sub === 'number' ? users.findById(payload.sub) : undefined;
    if (row?.active !== 1 || row.session_epoch !== payload.ep) throw unauthorized('Session expired or invalid. Please sign in again.');
    return { id: row.id, username: row.username, role: row.role };
  };

  // Default deny: every matched route needs a session unless it says `public: true`, whatever its path.
  // No route matched: the not-found handler answers, and it has nothing to give away.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return;
    const config = request.routeOptions.config;
    if (config.public) {
      const token = config.optionalAuth ? bearerToken(request) : undefined;
      if (token) {
        try {
          request.user = userFromToken(token);
        } catch {
          // An expired or revoked token on a public route: answered as to anyone.
        }
      }
      return;
    }
    let token = bearerToken(request);
    if (token === undefined && config.cookieAuth && request.method === 'GET') token = request.cookies[SESSION_COOKIE];
    if (!token) throw unauthorized();
    request.user = userFromToken(token);
    if (config.role && request.user.role !== config.role) throw forbidden();
  });

  // Replies carrying the shop's data (customers, invoices, staff) must not stay in a browser's or proxy's cache.
  // A callback hook, not an async one: no promise per reply (#27.4).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url?.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  /** Signs an account in: a fresh token, also set as the httpOnly session cookie; the login reply's shape. */
  const startSession = (reply: FastifyReply, row: UserRow) => {
    // jti: two sign-ins in the same second must still be two tokens, so that logging out one ends only that one.
    const token = app.jwt.sign({ sub: row.id, username: row.username, role: row.role, ep: row.session_epoch, jti: randomUUID() });
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', maxAge: TOKEN_TTL_SECONDS });
    return { token, user: { username: row.username, role: row.role } };
  };
  app.decorate('startSession', startSession);

  app.post('/api/auth/login', { schema: { body: LoginBody, response: { 200: LoginReply } }, config: { public: true } }, async (request, reply) => {
    const { username, password } = request.body as { username: string; password: string };
    const wait = limiter.blockedFor(request.ip, username);
    if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60000)} minute(s).`);
    const row = users.findByUsername(username.trim());
    if (!row) {
      verifyPassword(password, (dummyHash ??= (await import('./password.js')).hashPassword('x', opts.scryptLogN)));
      limiter.fail(request.ip, username);
      throw unauthorized('Wrong username');
    }
    if (!verifyPassword(password, row.password_hash)) {
      limiter.fail(request.ip, username);
      throw unauthorized('Wrong password');
    }
    if (row.active !== 1) throw forbidden('This account is disabled');
    limiter.succeed(request.ip, username);
    return startSession(reply, row);
  });

  app.get('/api/auth/verify', { schema: { response: { 200: VerifyReply } } }, async (request) => ({
    user: { username: request.user.username, role: request.user.role },
  }));

  // What the UI needs before anything else: demo sign-in help, whether the shop still waits for its setup, and the
  // shop's time zone and GST rate (so the till's dates and totals follow the server's, never a copy in the browser).
  const moneyRules = (s: ShopSettings) => ({ gstRate: s.gst_rate, cashRounding: s.cash_rounding, pricesIncludeGst: s.prices_include_gst });
  app.get('/api/auth/config', { schema: { response: { 200: AuthConfigReply } }, config: { public: true } }, async () => ({
    demo: opts.demo,
    demoAccounts: opts.demo ? DEMO_ACCOUNTS : [],
    setup: setup.isOpen(),
    timeZone: opts.timeZone,
    ...moneyRules(getSettings(opts.db)),
  }));

  // Public so an expired session can still sign out; a token that is still good is revoked for good.
  app.post('/api/auth/logout', { schema: { response: { 200: OkReply } }, config: { public: true } }, async (request, reply) => {
    for (const token of [bearerToken(request), request.cookies[SESSION_COOKIE]]) {
      if (!token) continue;
      try {
        const payload = verifyToken(token) as TokenPayload & { exp?: number };
        revoked.revoke(token, payload.exp ?? Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS);
      } catch {
        /* already invalid */
      }
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });
}

/** The auth plugin, shared with the whole app (fastify-plugin) so its guard covers every plugin's routes. */
export default fp(authPlugin, { name: 'kedai-auth' });
