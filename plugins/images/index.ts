// Images: product photos for the online shop (upload, alt text, primary, order), served from /media.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createImages from './migrations/001-create-images.sql';
import replicaQueue from './migrations/002-replica-queue.sql';
import { imagesReplicaStatus } from './replica/queue.js';
import routes from './routes.js';

export default definePlugin({
  name: 'images',
  dependsOn: ['inventory'],
  migrations: [migration('001-create-images', createImages), migration('002-replica-queue', replicaQueue)],
  routes,
  offsiteQueues: { images: imagesReplicaStatus },
});
