// Shop settings: every signed-in user reads them (receipts, header); only an ADMIN changes them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSettings, saveSettings } from '../../core/settings.js';
import { SettingsPatch } from './schemas.js';
import { cleanSettings } from './validate.js';

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/settings', async () => ({ settings: getSettings(app.db) }));

  app.patch('/api/settings', { schema: { body: SettingsPatch }, config: { role: 'ADMIN' } }, async (request) => {
    saveSettings(app.db, cleanSettings(request.body));
    return { settings: getSettings(app.db) };
  });
};

export default settingsRoutes;
