// The shapes the sales screens read from the API: types only, taken from the routes' response schemas.
import type { Product } from '../../inventory/schemas.js';
import type { Customer } from '../../customers/schemas.js';
import type { Invoice as FullInvoice, InvoiceSummary } from '../schemas.js';

export type { Facets, ProductImage, ProductList, Style, StyleList } from '../../inventory/schemas.js';
export type { CheckoutBody, CheckoutReply, InvoiceList, InvoiceLine as InvoiceItem, InvoicePayment, PaymentStatus, StockAfterSale } from '../schemas.js';
export type { PrintReply, Receipt, TillReceipt, TillReceiptsReply } from '../schemas.js';

/** A product as GET /api/products returns it (the POS needs these fields; the rest may be absent in a cart restored from storage). */
export type PosProduct = Pick<Product, 'id' | 'item_name' | 'sku' | 'size' | 'selling_price' | 'brand' | 'material' | 'category' | 'stock_qty' | 'image_url'> &
  Partial<Pick<Product, 'cost' | 'images' | 'barcode' | 'colour' | 'style_id'>>;

/** A customer as GET /api/customers returns it (what checkout needs). */
export type CustomerSummary = Pick<Customer, 'id' | 'name' | 'credit_limit' | 'credit_terms_days' | 'outstanding_balance'> &
  Partial<Pick<Customer, 'phone' | 'email' | 'company' | 'overdue' | 'billing_address' | 'uen'>>;

/** An invoice: a list row, or the full invoice with its items, payments and refunds. */
export type Invoice = InvoiceSummary & Partial<Omit<FullInvoice, keyof InvoiceSummary>>;
