// Screen manifest of the stock-take plugin: counting by scanning (one take at /stock-take?id=N) and label printing.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/stock-take', label: 'Stock Take', navOrder: 26, navGroup: 'Stock', role: 'ADMIN', load: () => import('./stock-take-screen.js') },
  { path: '/labels', label: 'Labels', navOrder: 28, navGroup: 'Stock', role: 'ADMIN', load: () => import('./labels-screen.js') },
];
