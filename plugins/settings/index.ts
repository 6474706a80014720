// The settings plugin: shop details for receipts, staff accounts, backup download (tables are core's).
import { definePlugin } from '../../core/plugin.js';
import routes from './routes.js';

export default definePlugin({ name: 'settings', routes });
