// Route-level security settings and the signed-in user, shared by core and every plugin.
import type { FastifyReply } from 'fastify';
import type { Role, UserRow } from './users.js';
import type { ApproveAsManager } from './manager-approval.js';
import type { SetupGate } from './setup-gate.js';
import type { LoginReply } from './schemas.js';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
}

export interface TokenPayload {
  sub: number;
  username: string;
  role: Role;
  /** The account's session_epoch when the token was issued. */
  ep: number;
  /** A random id, so every sign-in is a distinct token (logout revokes one session, not its twin). */
  jti?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks an ADMIN's username/password typed at the till (403 when wrong, 429 when rate-limited). */
    approveAsManager: ApproveAsManager;
    /** Setup mode (#26.8): open while no ADMIN exists; its one-time code and the check of setup requests. */
    setup: SetupGate;
    /** Signs the account in as POST /api/auth/login does (token + httpOnly cookie) and returns that reply. */
    startSession(reply: FastifyReply, user: UserRow): LoginReply;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (health, login, auth config). Every other /api route needs one. */
    public?: boolean;
    /**
     * On a public route: a valid Bearer token still signs the request in (request.user), so the reply may show
     * that user more (health: the replica's details to an ADMIN). No token or a bad one is anonymous, never a 401.
     */
    optionalAuth?: boolean;
    /** Required role; ADMIN-only routes set 'ADMIN'. */
    role?: Role;
    /** GET download routes (PDF, CSV) also accept the session cookie, for links opened in a new tab. */
    cookieAuth?: boolean;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: AuthUser;
  }
}
