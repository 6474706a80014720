// Screen manifest of the credit-notes plugin: the Credit Notes screen, and paying by credit note in the checkout
// dialog (slot 'checkout-tender').
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/credit-notes', label: 'Credit Notes', navOrder: 60, role: 'ADMIN', load: () => import('./credit-notes-screen.js') },
];

export const slots: SlotDef[] = [{ slot: 'checkout-tender', load: () => import('./credit-note-tender.js') }];
