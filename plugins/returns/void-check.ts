// Returns' void check (declared in the manifest): an invoice with returns cannot be voided (its goods
// already came back through the return, and a void would restock them twice).
import { voidBlockedWhen } from '../sales/api.js';

export const returnsVoidCheck = voidBlockedWhen(`SELECT 1 FROM returns_return WHERE invoice_id = ? AND status <> 'REJECTED' LIMIT 1`);
