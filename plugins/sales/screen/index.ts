// The sales plugin's screens: the POS at '/' (everyone) and the invoice list (ADMIN).
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/', label: 'POS', navOrder: 10, load: () => import('./pos-screen.js') },
  { path: '/invoices', label: 'Invoices', navOrder: 30, role: 'ADMIN', load: () => import('./invoices-screen.js') },
];
