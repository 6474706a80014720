// Every feature plugin, imported explicitly (the single executable has no folder to scan).
import type { KedaiPlugin } from '../core/plugin.js';
import customers from './customers/index.js';
import sales from './sales/index.js';
import creditNotes from './credit-notes/index.js';
import returns from './returns/index.js';
import inventory from './inventory/index.js';
import images from './images/index.js';
import settings from './settings/index.js';
import reports from './reports/index.js';
import purchasing from './purchasing/index.js';
import stockTake from './stock-take/index.js';
import shifts from './shifts/index.js';
import paynow from './paynow/index.js';
import ledger from './ledger/index.js';
import display from './display/index.js';

export const plugins: KedaiPlugin[] = [ledger, inventory, images, customers, paynow, sales, creditNotes, returns, settings, reports, purchasing, stockTake, shifts, display];
