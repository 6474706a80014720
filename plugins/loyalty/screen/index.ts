// Loyalty's UI (#29), all of it in other plugins' screens through their slots: the chosen customer's points in the
// checkout dialog (sales' 'checkout-customer'), paying with points ('checkout-tender'), the points a sale earned
// ('sale-complete'), the points and their history on the customer screen (customers' 'customer-details') and the
// settings (settings' 'settings-card'). No screen of its own.
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [];

export const slots: SlotDef[] = [
  { slot: 'checkout-customer', load: () => import('./customer-points.js') },
  { slot: 'checkout-tender', load: () => import('./points-tender.js') },
  { slot: 'sale-complete', load: () => import('./sale-points.js') },
  { slot: 'customer-details', load: () => import('./points-history.js') },
  { slot: 'settings-card', role: 'ADMIN', load: () => import('./settings-card.js') },
];
