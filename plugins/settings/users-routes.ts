// Staff accounts for ADMINs: list, add, change role, disable/enable, reset a password.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, paging } from '../../core/schemas.js';
import { conflict } from '../../core/errors.js';
import { toPublicUser, usersRepo } from '../../core/auth/users.js';
import { CreateUserBody, UpdateUserBody, UserListQuery, UserListReply, UserReply } from './schemas.js';
import { checkPassword, checkUsername } from './validate.js';
import { updateUser } from './actions/update-user.js';

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = usersRepo(app.db, app.config.scryptLogN);
  const admin = { role: 'ADMIN' as const };

  app.get('/api/users', { schema: { querystring: UserListQuery, response: { 200: UserListReply } }, config: admin }, async (request) => {
    const { page, pageSize, limit, offset } = paging(request.query);
    const all = users.list();
    return { users: all.slice(offset, offset + limit).map(toPublicUser), pagination: { page, pageSize, total: all.length } };
  });

  app.post('/api/users', { schema: { body: CreateUserBody, response: { 201: UserReply } }, config: admin }, async (request, reply) => {
    const username = request.body.username.trim();
    checkUsername(username);
    await checkPassword(request.body.password, username);
    if (users.findByUsername(username)) throw conflict('USERNAME_TAKEN', `Username ${username} is already taken`);
    const row = users.create(username, request.body.password, request.body.role);
    return reply.status(201).send({ user: toPublicUser(row) });
  });

  app.patch('/api/users/:id', { schema: { params: IdParams, body: UpdateUserBody, response: { 200: UserReply } }, config: admin }, async (request) => {
    const row = await updateUser(app.db, app.config.scryptLogN, request.user.id, request.params.id, request.body);
    return { user: toPublicUser(row) };
  });
};

export default usersRoutes;
