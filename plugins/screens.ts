// Every plugin's screens, imported explicitly for the UI shell (the screens themselves load lazily).
import type { ScreenDef, SlotDef } from '../ui/screen-def.js';
import { screens as customersScreens } from './customers/screen/index.js';
import { screens as creditNotesScreens } from './credit-notes/screen/index.js';
import { screens as returnsScreens } from './returns/screen/index.js';
import { screens as imagesScreens } from './images/screen/index.js';
import { screens as inventoryScreens } from './inventory/screen/index.js';
import { screens as salesScreens, slots as salesSlots } from './sales/screen/index.js';
import { screens as reportsScreens } from './reports/screen/index.js';
import { screens as settingsScreens } from './settings/screen/index.js';
import { screens as purchasingScreens } from './purchasing/screen/index.js';
import { screens as stockTakeScreens } from './stock-take/screen/index.js';
import { screens as shiftsScreens, slots as shiftsSlots } from './shifts/screen/index.js';
import { screens as displayScreens, slots as displaySlots } from './display/screen/index.js';

export const screens: ScreenDef[] = [...salesScreens, ...inventoryScreens, ...purchasingScreens, ...stockTakeScreens, ...customersScreens, ...imagesScreens, ...returnsScreens, ...creditNotesScreens, ...reportsScreens, ...shiftsScreens, ...settingsScreens, ...displayScreens];

/** UI plugins put into other plugins' screens (the POS renders <Slot name="pos-top" />). */
export const slots: SlotDef[] = [...shiftsSlots, ...displaySlots, ...salesSlots];
