// Every plugin's UI manifest (plugins/<p>/screen/index.ts: screens and slots), imported explicitly for the UI
// shell (the screens themselves load lazily). tests/plugin-lists.test.ts checks it against the plugins/ folders.
import type { ScreenDef, SlotDef } from '../ui/screen-def.js';
import { screens as customersScreens } from '../plugins/customers/screen/index.js';
import { screens as creditNotesScreens, slots as creditNotesSlots } from '../plugins/credit-notes/screen/index.js';
import { screens as returnsScreens, slots as returnsSlots } from '../plugins/returns/screen/index.js';
import { screens as imagesScreens } from '../plugins/images/screen/index.js';
import { screens as inventoryScreens, slots as inventorySlots } from '../plugins/inventory/screen/index.js';
import { screens as salesScreens, slots as salesSlots } from '../plugins/sales/screen/index.js';
import { screens as reportsScreens } from '../plugins/reports/screen/index.js';
import { screens as settingsScreens } from '../plugins/settings/screen/index.js';
import { screens as purchasingScreens, slots as purchasingSlots } from '../plugins/purchasing/screen/index.js';
import { screens as stockTakeScreens } from '../plugins/stock-take/screen/index.js';
import { screens as shiftsScreens, slots as shiftsSlots } from '../plugins/shifts/screen/index.js';
import { screens as displayScreens, slots as displaySlots } from '../plugins/display/screen/index.js';
import { screens as promotionsScreens } from '../plugins/promotions/screen/index.js';
import { screens as giftCardsScreens, slots as giftCardsSlots } from '../plugins/gift-cards/screen/index.js';
import { screens as loyaltyScreens, slots as loyaltySlots } from '../plugins/loyalty/screen/index.js';

export const screens: ScreenDef[] = [...salesScreens, ...inventoryScreens, ...purchasingScreens, ...stockTakeScreens, ...customersScreens, ...imagesScreens, ...returnsScreens, ...creditNotesScreens, ...reportsScreens, ...shiftsScreens, ...settingsScreens, ...displayScreens, ...promotionsScreens, ...giftCardsScreens, ...loyaltyScreens];

/** UI plugins put into other plugins' screens (the POS renders <Slot name="pos-top" />). */
export const slots: SlotDef[] = [...shiftsSlots, ...displaySlots, ...salesSlots, ...purchasingSlots, ...creditNotesSlots, ...returnsSlots, ...giftCardsSlots, ...loyaltySlots, ...inventorySlots];
