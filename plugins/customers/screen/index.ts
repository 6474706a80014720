// Screen manifest of the customers plugin.
import type { ScreenDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/customers', label: 'Customers', navOrder: 40, load: () => import('./customers-screen.js') }];
