// GET /api/admin/backup: the owner downloads a fresh backup (the same archive `kedai backup` writes).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BACKUP_SUFFIX, backupStamp } from '../../core/backup.js';
import { createBackupOffThread } from '../../core/offload/backup.js';

const TEMP_PREFIX = '.download-';

/** Removes download files a crashed process left behind (older than an hour). */
function sweep(dir: string) {
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const file = path.join(dir, name);
    if (name.startsWith(TEMP_PREFIX) && Date.now() - fs.statSync(file).mtimeMs > 3600_000) fs.rmSync(file, { force: true });
  }
}

const backupRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/admin/backup', { config: { role: 'ADMIN', cookieAuth: true } }, async (_request, reply) => {
    sweep(app.paths.backups);
    const temp = path.join(app.paths.backups, `${TEMP_PREFIX}${randomUUID()}${BACKUP_SUFFIX}`);
    const now = new Date();
    await createBackupOffThread({ paths: app.paths, outFile: temp, now });
    const stream = fs.createReadStream(temp);
    stream.on('close', () => fs.rm(temp, { force: true }, () => undefined));
    return reply
      .type('application/gzip')
      .header('Content-Disposition', `attachment; filename="kedai-backup-${backupStamp(now, app.config.timeZone)}${BACKUP_SUFFIX}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });
};

export default backupRoute;
