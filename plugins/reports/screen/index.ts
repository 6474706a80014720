// Screen manifest of the reports plugin.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/reports', label: 'Reports', navOrder: 80, role: 'ADMIN', load: () => import('./reports-screen.js') }];
