// Screen manifest of the inventory plugin.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/inventory', label: 'Inventory', navOrder: 20, role: 'ADMIN', load: () => import('./inventory-screen.js') }];
