// Screen manifest of the images plugin: /ecommerce in the nav, /admin/images reachable by its address.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/ecommerce', label: 'Ecommerce', navOrder: 70, role: 'ADMIN', load: () => import('./ecommerce-screen.js') },
  { path: '/admin/images', role: 'ADMIN', load: () => import('./admin-images-screen.js') },
];
