// Screen manifest of the inventory plugin; its GS1 company prefix setting (#30.3) is a card on the Settings screen.
import type { ScreenDef, SlotDef } from '../../../ui/screen-def.js';

export const screens: ScreenDef[] = [{ path: '/inventory', label: 'Inventory', navOrder: 20, role: 'ADMIN', load: () => import('./inventory-screen.js') }];

export const slots: SlotDef[] = [{ slot: 'settings-card', role: 'ADMIN', load: () => import('./barcode-prefix-card.js') }];
