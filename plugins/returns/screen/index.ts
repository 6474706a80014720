// Screen manifest of the returns plugin: the Returns screen, and the POS's Return dialog (slot 'pos-return').
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/returns', label: 'Returns', navOrder: 50, load: () => import('./returns-screen.js') }];

export const slots: SlotDef[] = [{ slot: 'pos-return', load: () => import('./pos-return-modal.js') }];
