// Screen manifest of the returns plugin.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [
  { path: '/returns', label: 'Returns', navOrder: 50, load: () => import('./returns-screen.js') },
];
