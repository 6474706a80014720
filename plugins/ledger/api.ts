// The ledger's public face (tests/boundaries.test.ts lets other plugins import nothing else of it): writers post
// rows inside their own transactions; readers get figures computed by the one module, figures.ts.
export { postEntries, markVoided, openDrawer, closeDrawer, openShiftAt, isShiftOpen } from './post.js';
export { moneyFigures, shiftFigures, periodFigures, sumCents, type MoneyFigures, type MethodFigure, type CashFigures } from './figures.js';
export { invoiceMoney, invoiceTenders, payoutDrawer, type InvoiceMoney, type PayoutDrawer } from './invoice-money.js';
export type { LedgerEntryInput, LedgerKind, LedgerMethod, LedgerRow } from './types.js';
export { ledgerRows } from './rows.js';
export { recordDrawerOpening, forgetDrawerOpening, drawerOpenings, type DrawerOpeningRow } from './drawer-openings.js';
