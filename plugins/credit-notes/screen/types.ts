// The credit-notes API's JSON as the screen uses it: types only, taken from the routes' response schemas.
export type { Application, CreditNote, CreditNoteList, CreditNoteStatus, OpenInvoice, OpenInvoiceList } from '../schemas.js';
