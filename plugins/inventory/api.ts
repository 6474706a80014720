// Inventory's public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of inventory). Stock moves only through moveStock, so every change has its ledger row.
export { findLiveProductByCode, getProductRow, moveStock, setProductCost, type ProductRow, type StockMove, type StockReason } from './stock.js';
export { lowStockRows, suggestedOrderQty, type LowStockRow } from './low-stock.js';
export { styleSizeIds } from './style-sizes.js';
export { sizeCurve, type SizeCurveData, type SizeCurveFilter, type SizeCurveSize } from './size-curve.js';
