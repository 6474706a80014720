// PayNow: the shop's SGQR (EMVCo merchant-presented QR to its UEN) for an amount and a reference, for the
// till's checkout and the unpaid invoice and statement PDFs (sales reaches it through api.ts).
import { definePlugin } from '../../core/plugin.js';
import routes from './routes.js';

export default definePlugin({
  name: 'paynow',
  routes,
});
