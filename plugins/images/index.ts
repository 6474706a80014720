// Images: product photos for the online shop (upload, alt text, primary, order), served from /media.
import { definePlugin } from '../../core/plugin.js';
import { migrationsOf } from '../../core/migrate.js';
// Every .sql file of migrations/, by file name (core/dev/sql-folder.mjs): a new migration needs no code here.
import migrationFiles from './migrations/index.sql-folder';
import { imagesReplicaStatus } from './replica/queue.js';
import routes from './routes.js';

export default definePlugin({
  name: 'images',
  dependsOn: ['inventory'],
  migrations: migrationsOf(migrationFiles),
  routes,
  offsiteQueues: { images: imagesReplicaStatus },
});
