// The signed-in session: token + user kept in localStorage, verified once at start, cleared on logout or refusal.
import { computed, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { navigate } from 'wouter/use-browser-location';
import { api, ApiError, TOKEN_KEY, UNAUTHORIZED_EVENT, USER_KEY } from './api.js';
import type { LoginReply, SessionUser } from '../core/auth/schemas.js';

export type { Role, SessionUser } from '../core/auth/schemas.js';

/** The signed-in user, or null. Components reading it call `useSignals()` (or use `useSession()`). */
export const user = signal<SessionUser | null>(null);
/** True when the signed-in user is an ADMIN. */
export const isAdmin = computed(() => user.value?.role === 'ADMIN');
/** 'checking' while the stored session is being verified with the server, then 'ready'. */
export const authStatus = signal<'checking' | 'ready'>('checking');

function readStoredUser(): SessionUser | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    if (parsed && typeof parsed.username === 'string' && (parsed.role === 'ADMIN' || parsed.role === 'USER')) return parsed;
  } catch {
    // unreadable: treated as no session
  }
  return null;
}

/** Stores a fresh session (after login). */
export function saveSession(token: string, u: SessionUser) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify({ username: u.username, role: u.role }));
  user.value = { username: u.username, role: u.role };
  authStatus.value = 'ready';
}

/** Forgets the session locally (no server call). */
export function clearSession() {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // storage unavailable: nothing stored either
  }
  user.value = null;
  authStatus.value = 'ready';
}

/** Verifies the stored session once at start; an invalid one is cleared (the guard then sends the user to /login). */
export async function verifySession(): Promise<void> {
  let token: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
  } catch {
    token = null;
  }
  const stored = readStoredUser();
  if (!token || !stored) {
    clearSession();
    return;
  }
  authStatus.value = 'checking';
  try {
    const res = await api.get<Pick<LoginReply, 'user'>>('/api/auth/verify');
    saveSession(token, res.user);
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) clearSession();
    else {
      // The server could not be reached: keep the stored session so a till survives a blip; calls will tell.
      user.value = stored;
      authStatus.value = 'ready';
    }
  }
}

/** Signs in; resolves to the user or throws ApiError (or a network TypeError). */
export async function signIn(username: string, password: string): Promise<SessionUser> {
  const res = await api.post<LoginReply>('/api/auth/login', { username, password });
  saveSession(res.token, res.user);
  return res.user;
}

/** Logs out: asks the server to revoke the token and drop its cookie, clears the stored session, goes to /login. */
export async function signOut(): Promise<void> {
  // Sent before the token is cleared (the client reads it synchronously), so the server can revoke it.
  const revoked = api.post('/api/auth/logout').catch(() => undefined); // offline: signed out locally all the same
  clearSession();
  navigate('/login');
  await revoked;
}

/** React hook: the current user, admin flag and auth status, re-rendering when they change. */
export function useSession() {
  useSignals();
  return { user: user.value, isAdmin: isAdmin.value, status: authStatus.value };
}

if (typeof window !== 'undefined') {
  // Any API call refused with 401 means the token is gone or expired: drop it so the guard redirects.
  window.addEventListener(UNAUTHORIZED_EVENT, () => {
    if (user.peek()) clearSession();
  });
}
