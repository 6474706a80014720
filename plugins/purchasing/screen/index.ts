// Screen manifest of the purchasing plugin: purchase orders (with receiving and the low-stock drafts) and suppliers;
// and the low-stock badge it puts in the POS filters ('pos-stock-alert') and the Inventory head ('inventory-head').
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/purchase-orders', label: 'Purchase Orders', navOrder: 22, navGroup: 'Stock', role: 'ADMIN', load: () => import('./purchase-orders-screen.js') },
  { path: '/suppliers', label: 'Suppliers', navOrder: 24, navGroup: 'Stock', role: 'ADMIN', load: () => import('./suppliers-screen.js') },
];

export const slots: SlotDef[] = [
  { slot: 'pos-stock-alert', load: () => import('./low-stock-badge.js') },
  { slot: 'inventory-head', role: 'ADMIN', load: () => import('./low-stock-badge.js') },
];
