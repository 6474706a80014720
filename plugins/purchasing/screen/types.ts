// The purchasing JSON the screens read: types only, taken from the routes' response schemas.
import type { Static } from 'typebox';
import type { PurchaseOrder, PurchaseOrderListReply, SupplierListReply } from '../schemas.js';

export type { PurchaseOrder, PurchaseOrderStatus, PurchaseOrderSummary, Supplier } from '../schemas.js';
export type { Product, ProductList } from '../../inventory/schemas.js';
export type SupplierList = Static<typeof SupplierListReply>;
export type PurchaseOrderList = Static<typeof PurchaseOrderListReply>;
export type PurchaseOrderLine = PurchaseOrder['lines'][number];
export type Receipt = PurchaseOrder['receipts'][number];

/** One row of GET /api/reports/low-stock (its schema lands on main with #15 item 5). */
export interface LowStockItem {
  product_id: number;
  style_id: number | null;
  sku: string | null;
  item_name: string;
  size: string | null;
  colour: string | null;
  brand: string | null;
  stock_qty: number;
  reorder_point: number;
  suggested_qty: number;
  supplier: { id: number; name: string } | null;
}
export interface LowStockList {
  items: LowStockItem[];
  count: number;
}
