// The sales plugin's screens: the POS at '/' (everyone) and the invoice list (ADMIN); and the till bar's 'Receipts'
// (slot 'till-bar' of the shifts plugin's shift bar, #26.4).
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/', label: 'POS', navOrder: 10, load: () => import('./pos-screen.js') },
  { path: '/invoices', label: 'Invoices', navOrder: 30, role: 'ADMIN', load: () => import('./invoices-screen.js') },
];

export const slots: SlotDef[] = [{ slot: 'till-bar', load: () => import('./till-receipts.js') }];
