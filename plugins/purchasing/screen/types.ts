// The purchasing JSON the screens read: types only, taken from the routes' response schemas.
import type { Static } from 'typebox';
import type { PurchaseOrder, PurchaseOrderListReply, SupplierListReply } from '../schemas.js';

export type { LowStockItem, LowStockReply as LowStockList, PurchaseOrder, PurchaseOrderStatus, PurchaseOrderSummary, Supplier } from '../schemas.js';
export type { Product, ProductList } from '../../inventory/schemas.js';
export type SupplierList = Static<typeof SupplierListReply>;
export type PurchaseOrderList = Static<typeof PurchaseOrderListReply>;
export type PurchaseOrderLine = PurchaseOrder['lines'][number];
export type Receipt = PurchaseOrder['receipts'][number];
