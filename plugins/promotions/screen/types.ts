// The JSON the Promotions screen reads: types only, from the routes' response schemas (this plugin's and inventory's).
export type { Promotion, PromotionKind, PromotionList, PromotionStatus } from '../schemas.js';
export type { Facets, Style, StyleList } from '../../inventory/schemas.js';
