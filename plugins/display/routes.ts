// Customer display routes (#26.7). The till (signed in, with its X-Kedai-Till) asks for a pairing code, publishes
// what its customer should see and may unpair its display; the display (no staff session) trades the code for a
// token and follows its till's stream. Rules: README.md.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { failureLimiter } from '../../core/auth/login-limiter.js';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../core/errors.js';
import { tillOf } from '../../core/till-header.js';
import { PosCustomerState } from '../sales/api.js';
import { onSaleCommitted } from './after-sale.js';
import { displayHub } from './hub.js';
import { newToken, pairingCodes, tokenHash } from './pairing.js';
import { displayRepo } from './repo.js';
import {
  PairBody,
  PairReply,
  PairingCodeBody,
  PairingCodeReply,
  PairingStatusReply,
  StateReply,
  StreamQuery,
  UnpairReply,
  type DisplayView,
} from './schemas.js';
import { displayView, idleView } from './view.js';

export const WRONG_CODE = 'That code is wrong or has expired. Ask the till for a new one.';
export const NOT_PAIRED = 'This display is not paired with a till. Enter the code the till shows.';

/** The till a request comes from; 400 when the browser names none (a display belongs to a till). */
function requireTill(request: FastifyRequest): string {
  const till = tillOf(request);
  if (!till) throw badRequest('X-Kedai-Till: name this till first (a customer display belongs to a till)', 'X-Kedai-Till');
  return till;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const repo = displayRepo(db);
  const codes = pairingCodes();
  const hub = displayHub();
  // Wrong codes from one address: 10 in 5 minutes, then 429 (the rule and the counter of a wrong password).
  const guesses = failureLimiter();
  const timeZone = app.config.timeZone;
  // Open streams would keep app.close() waiting for ever: they end first (the displays reconnect to the next server).
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });

  /** The till's current view: this process's last one, else the stored state priced again, else the welcome. */
  const currentView = async (till: string): Promise<DisplayView> => {
    const known = hub.view(till);
    if (known) return known;
    const ctx = { till, timeZone, at: new Date() };
    const json = repo.state(till);
    if (json) {
      try {
        return await displayView(db, JSON.parse(json), ctx);
      } catch {
        // A product deleted or a sale voided since: the welcome until the till publishes again.
      }
    }
    return idleView(db, ctx);
  };

  // A sale just committed at a till with a display: shown done at once (the till's own DONE says the same, later).
  onSaleCommitted(db, (sale) => {
    const till = sale.till;
    if (!till || !repo.byTill(till)) return;
    const state = { phase: 'DONE' as const, invoiceId: sale.invoiceId };
    displayView(db, state, { till, timeZone, at: new Date() })
      .then((view) => {
        repo.saveState(till, JSON.stringify(state), view.at);
        hub.publish(till, view);
      })
      .catch((err) => app.log.error({ err }, 'customer display: the sale just made could not be shown'));
  });

  const status = (till: string) => {
    const pairing = repo.byTill(till);
    const code = codes.pendingFor(till);
    return {
      till,
      paired: Boolean(pairing),
      pairedAt: pairing?.paired_at ?? null,
      code: code?.code ?? null,
      expiresAt: code ? new Date(code.expiresAt).toISOString() : null,
    };
  };

  app.post('/api/display/pairing', { schema: { body: PairingCodeBody, response: { 200: PairingCodeReply } } }, async (request) => {
    const till = requireTill(request);
    const { code, expiresAt } = codes.issue(till, request.user.id);
    return { code, expiresAt: new Date(expiresAt).toISOString(), till };
  });

  // Without a till name the browser has no display (200, not paired): it may ask before the till is named.
  app.get('/api/display/pairing', { schema: { response: { 200: PairingStatusReply } } }, async (request) => {
    const till = tillOf(request);
    return till ? status(till) : { till: '', paired: false, pairedAt: null, code: null, expiresAt: null };
  });

  app.delete('/api/display/pairing', { schema: { response: { 200: UnpairReply } } }, async (request) => {
    const till = requireTill(request);
    codes.cancel(till);
    repo.unpair(till);
    hub.unpair(till);
    return { paired: false };
  });

  app.put('/api/display/state', { schema: { body: PosCustomerState, response: { 200: StateReply } } }, async (request) => {
    const till = requireTill(request);
    // Priced and checked first (4xx, nothing kept), whether or not a display is paired.
    const view = await displayView(db, request.body, { till, timeZone, at: new Date() });
    if (!repo.byTill(till)) return { paired: false };
    repo.saveState(till, JSON.stringify(request.body), view.at);
    hub.publish(till, view);
    return { paired: true };
  });

  app.post('/api/display/pair', { schema: { body: PairBody, response: { 200: PairReply } }, config: { public: true } }, async (request) => {
    const keys = [`ip:${request.ip}`];
    const wait = guesses.blockedFor(keys);
    if (wait > 0) throw tooManyRequests(`Too many wrong codes. Try again in ${Math.ceil(wait / 60000)} minute(s).`);
    const pending = codes.take(request.body.code);
    if (!pending) {
      guesses.fail(keys);
      throw new AppError(403, 'DISPLAY_CODE_INVALID', WRONG_CODE, { field: 'code' });
    }
    const { token, hash } = newToken();
    repo.pair(pending.till, hash, new Date().toISOString(), pending.userId);
    // One display per till: the one it had stops here and now.
    hub.unpair(pending.till, hash);
    return { token, till: pending.till };
  });

  // Public to the staff guard: the display token in the query is its only key (EventSource cannot send headers).
  app.get('/api/display/stream', { schema: { querystring: StreamQuery }, config: { public: true }, exposeHeadRoute: false }, async (request, reply) => {
    const hash = tokenHash(request.query.token);
    const pairing = repo.byTokenHash(hash);
    if (!pairing) throw unauthorized(NOT_PAIRED);
    const view = await currentView(pairing.till);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
    reply.hijack();
    hub.open(pairing.till, hash, reply.raw, headers, view);
  });
};

export default routes;
