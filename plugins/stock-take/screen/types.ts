// Shapes the stock-take and label screens read, as the API returns them: types only, from the routes' schemas.
export type { CountResult, StockTakeDetail, StockTakeLine, StockTakeList, StockTakeSummary, VarianceTotals } from '../schemas.js';
export type { Facets, Product, Style, StyleList } from '../../inventory/schemas.js';
