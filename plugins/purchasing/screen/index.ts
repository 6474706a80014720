// Screen manifest of the purchasing plugin: purchase orders (with receiving and the low-stock drafts) and suppliers.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/purchase-orders', label: 'Purchase Orders', navOrder: 22, navGroup: 'Stock', role: 'ADMIN', load: () => import('./purchase-orders-screen.js') },
  { path: '/suppliers', label: 'Suppliers', navOrder: 24, navGroup: 'Stock', role: 'ADMIN', load: () => import('./suppliers-screen.js') },
];
