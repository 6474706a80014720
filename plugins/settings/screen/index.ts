// Screen manifest of the settings plugin.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/settings', label: 'Settings', navOrder: 90, navIcon: true, role: 'ADMIN', load: () => import('./settings-screen.js') },
];
