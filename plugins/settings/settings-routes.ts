// Shop settings: every signed-in user reads them (receipts, header); only an ADMIN changes them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSettings, saveSettings } from '../../core/settings.js';
import { SettingsPatch, SettingsReply } from './schemas.js';
import { cleanSettings } from './validate.js';

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/settings', { schema: { response: { 200: SettingsReply } } }, async () => ({ settings: getSettings(app.db) }));

  app.patch('/api/settings', { schema: { body: SettingsPatch, response: { 200: SettingsReply } }, config: { role: 'ADMIN' } }, async (request) => {
    saveSettings(app.db, cleanSettings(request.body));
    return { settings: getSettings(app.db) };
  });
};

export default settingsRoutes;
