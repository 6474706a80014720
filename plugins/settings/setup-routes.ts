// First run in the browser (#26.8): `GET /api/setup?code=` says whether a setup link is good, `POST /api/setup`
// creates the owner (an ADMIN) and the shop's details in one transaction and signs the owner in (the login reply,
// token and cookie). Both are public and pass core's setup gate (core/auth/setup-gate.ts) in this order:
// 404 once the shop has an owner (before the request is even read), then the code: 429 after repeated wrong codes,
// 403 without the right one (before the schema, so a visitor without the link learns nothing about the form),
// then the schema and the Settings screen's own rules (400 naming the field; nothing written).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LoginReply, OkReply } from '../../core/auth/schemas.js';
import { setupClosed } from '../../core/auth/setup-gate.js';
import { usersRepo } from '../../core/auth/users.js';
import { conflict } from '../../core/errors.js';
import { saveSettings } from '../../core/settings.js';
import { SetupBody, SetupQuery } from './schemas.js';
import { checkPassword, checkUsername, cleanSettings } from './validate.js';

/** The `code` of a parsed query or JSON body (anything else has none). */
const codeIn = (part: unknown): unknown => (part && typeof part === 'object' && !Array.isArray(part) ? (part as { code?: unknown }).code : undefined);

const setupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = usersRepo(app.db, app.config.scryptLogN);
  const gate = {
    config: { public: true },
    async onRequest() {
      if (!app.setup.isOpen()) throw setupClosed();
    },
    async preValidation(request: FastifyRequest) {
      app.setup.check(request.ip, codeIn(request.method === 'GET' ? request.query : request.body));
    },
  };

  app.get('/api/setup', { schema: { querystring: SetupQuery, response: { 200: OkReply } }, ...gate }, async () => ({ ok: true }));

  app.post('/api/setup', { schema: { body: SetupBody, response: { 201: LoginReply } }, ...gate }, async (request, reply) => {
    const { code: _code, username: typed, password, ...shop } = request.body;
    const username = typed.trim();
    checkUsername(username);
    await checkPassword(password, username);
    const settings = cleanSettings(shop);
    const owner = app.db
      .transaction(() => {
        // Two setups that passed the gate together: the first one's owner closes it for the second.
        if (!app.setup.isOpen()) throw setupClosed();
        // Only possible when `kedai user add` made staff accounts before any owner.
        if (users.findByUsername(username)) throw conflict('USERNAME_TAKEN', `Username ${username} is already taken`);
        const row = users.create(username, password, 'ADMIN');
        saveSettings(app.db, settings);
        return row;
      })
      .immediate();
    request.log.info({ owner: owner.username }, 'shop set up');
    return reply.status(201).send(app.startSession(reply, owner));
  });
};
export default setupRoutes;
