// Images: product photos for the online shop (upload, alt text, primary, order), served from /media.
import { definePlugin } from '../../core/plugin.js';
import { migration } from '../../core/migrate.js';
import createImages from './migrations/001-create-images.sql';
import routes from './routes.js';

export default definePlugin({
  name: 'images',
  dependsOn: ['inventory'],
  migrations: [migration('001-create-images', createImages)],
  routes,
});
