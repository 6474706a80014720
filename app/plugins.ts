// Every feature plugin's server manifest (plugins/<p>/index.ts), imported explicitly: the single executable has
// no folder to scan. tests/plugin-lists.test.ts checks this list against the plugins/ folders.
import type { KedaiPlugin } from '../core/plugin.js';
import customers from '../plugins/customers/index.js';
import sales from '../plugins/sales/index.js';
import creditNotes from '../plugins/credit-notes/index.js';
import returns from '../plugins/returns/index.js';
import inventory from '../plugins/inventory/index.js';
import images from '../plugins/images/index.js';
import settings from '../plugins/settings/index.js';
import reports from '../plugins/reports/index.js';
import purchasing from '../plugins/purchasing/index.js';
import stockTake from '../plugins/stock-take/index.js';
import shifts from '../plugins/shifts/index.js';
import paynow from '../plugins/paynow/index.js';
import ledger from '../plugins/ledger/index.js';
import display from '../plugins/display/index.js';
import promotions from '../plugins/promotions/index.js';
import giftCards from '../plugins/gift-cards/index.js';
import loyalty from '../plugins/loyalty/index.js';

export const plugins: KedaiPlugin[] = [ledger, inventory, images, customers, paynow, sales, creditNotes, returns, settings, reports, purchasing, stockTake, shifts, display, promotions, giftCards, loyalty];
