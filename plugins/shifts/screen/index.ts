// Screen manifest of the shifts plugin: the shift list (ADMIN) and the shift bar the POS shows at its top.
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/shifts', label: 'Shifts', navOrder: 85, role: 'ADMIN', load: () => import('./shifts-screen.js') }];

export const slots: SlotDef[] = [{ slot: 'pos-top', load: () => import('./shift-bar.js') }];
