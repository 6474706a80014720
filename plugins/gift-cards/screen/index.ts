// Gift cards' UI (#29), all of it in other plugins' screens through their slots: the cart's 'Gift card' button
// (sales' 'pos-cart-actions'), paying by card in the checkout dialog ('checkout-tender'), the cards sold in the
// sale-complete dialog ('sale-complete') and the expiry setting (settings' 'settings-card'). No screen of its own.
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [];

export const slots: SlotDef[] = [
  { slot: 'pos-cart-actions', load: () => import('./sell-card-button.js') },
  { slot: 'checkout-tender', load: () => import('./card-tender.js') },
  { slot: 'sale-complete', load: () => import('./cards-sold.js') },
  { slot: 'settings-card', role: 'ADMIN', load: () => import('./expiry-card.js') },
];
