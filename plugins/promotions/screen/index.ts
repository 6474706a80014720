// Screen manifest of the promotions plugin: the Promotions list and form (ADMIN), in the 'Stock' menu with the other
// catalogue screens (a tenth top-level link would wrap the admin header at 1024 px).
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/promotions', label: 'Promotions', navOrder: 29, navGroup: 'Stock', role: 'ADMIN', load: () => import('./promotions-screen.js') },
];
