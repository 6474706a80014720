// Screen manifest of the display plugin: the customer display itself (/display: no sign-in, no shell: it holds a
// display token, never a staff session) and the till's 'Customer display' button on the POS (slot 'pos-customer').
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/display', public: true, load: () => import('./display-screen.js') }];

export const slots: SlotDef[] = [{ slot: 'pos-customer', load: () => import('./till-display.js') }];
