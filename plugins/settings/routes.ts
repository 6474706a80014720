// The settings plugin's routes: shop settings, staff accounts, backup download, the first-run setup.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import settingsRoutes from './settings-routes.js';
import usersRoutes from './users-routes.js';
import backupRoute from './backup-route.js';
import setupRoutes from './setup-routes.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(settingsRoutes);
  await app.register(usersRoutes);
  await app.register(backupRoute);
  await app.register(setupRoutes);
};

export default routes;
