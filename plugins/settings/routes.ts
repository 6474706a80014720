// The settings plugin's routes: shop settings, staff accounts, backup download.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import settingsRoutes from './settings-routes.js';
import usersRoutes from './users-routes.js';
import backupRoute from './backup-route.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(settingsRoutes);
  await app.register(usersRoutes);
  await app.register(backupRoute);
};

export default routes;
