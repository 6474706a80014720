// The returns API's JSON as the screen uses it: types only, taken from the routes' response schemas.
import type { Static } from 'typebox';
import type { Return, ReturnList as ReturnListReply } from '../schemas.js';

export type { ReturnableInvoice, ReturnableInvoiceList, ReturnableLine, ReturnStatus, ReturnSummary } from '../schemas.js';
import type { CreatedReturnReply } from '../schemas.js';

/** POST /api/returns's reply: the rows, the credit note issued (if any) and the money paid back (if any). */
export type CreatedReturn = Static<typeof CreatedReturnReply>;

/** A listed return. The table shows 'N/A' for a missing invoice or product (the SPEC's list does), so it accepts null for them. */
export type ReturnRow = Omit<Return, 'invoice' | 'product'> & { invoice: Return['invoice'] | null; product: Return['product'] | null };

export type ReturnList = Omit<ReturnListReply, 'returns'> & { returns: ReturnRow[] };
