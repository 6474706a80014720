// The customer JSON the screen reads: types only, taken from the routes' response schemas.
export type { Customer, CustomerDetail, CustomerList, OpenInvoice } from '../schemas.js';
