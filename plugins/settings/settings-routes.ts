// Shop settings: every signed-in user reads them (receipts, header); only an ADMIN changes them, unless a plugin
// declares a setting any user may change (#28.3). Core's settings and the app's plugins' own, in one JSON.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../../core/errors.js';
import { getSettings, saveSettings } from '../../core/settings.js';
import { settingsSchemas, type SettingsPatch } from './schemas.js';
import { checkDeclaredSettings, cleanSettings } from './validate.js';

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const decls = app.pluginHooks.settings;
  const { patch, reply } = settingsSchemas(decls);
  const byUsers = new Set(decls.filter((d) => d.writableBy === 'USER').map((d) => d.key));

  app.get('/api/settings', { schema: { response: { 200: reply } } }, async () => ({ settings: getSettings(app.db) }));

  // ADMIN only, unless some setting says any user may write it: then each PATCH is checked key by key.
  const config: { role?: 'ADMIN' } = byUsers.size ? {} : { role: 'ADMIN' };
  app.patch('/api/settings', { schema: { body: patch, response: { 200: reply } }, config }, async (request) => {
    const body = request.body as SettingsPatch & Record<string, unknown>;
    if (request.user.role !== 'ADMIN' && Object.keys(body).some((k) => !byUsers.has(k))) throw forbidden();
    const values = cleanSettings(body) as Record<string, unknown>;
    checkDeclaredSettings(decls, values);
    saveSettings(app.db, values);
    return { settings: getSettings(app.db) };
  });
};

export default settingsRoutes;
