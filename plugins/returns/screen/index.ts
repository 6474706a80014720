// Screen manifest of the returns plugin: the Returns screen, and the POS's Return and Exchange dialogs (slots 'pos-return',
// 'pos-exchange') with the cart's 'Coming back' block of an exchange waiting for its new pairs (slot 'pos-cart-top').
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/returns', label: 'Returns', navOrder: 50, load: () => import('./returns-screen.js') }];

export const slots: SlotDef[] = [
  { slot: 'pos-return', load: () => import('./pos-return-modal.js') },
  { slot: 'pos-exchange', load: () => import('./exchange-modal.js') },
  { slot: 'pos-cart-top', load: () => import('./coming-back.js') },
];
