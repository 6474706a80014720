// Screen manifest of the settings plugin.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/settings', label: 'Settings', navOrder: 90, navIcon: true, role: 'ADMIN', load: () => import('./settings-screen.js') },
  // The first run (#26.8): opened from the link `kedai serve` prints on a new shop; the server refuses it once set up.
  { path: '/setup', public: true, load: () => import('./setup-screen.js') },
];
