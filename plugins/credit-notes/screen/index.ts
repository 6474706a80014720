// Screen manifest of the credit-notes plugin.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/credit-notes', label: 'Credit Notes', navOrder: 60, role: 'ADMIN', load: () => import('./credit-notes-screen.js') },
];
