// Promotions' public face (tests/boundaries.test.ts lets other plugins import nothing else of it). No plugin calls
// promotions: the checkout reaches it through the manifest's `adjusters` (core's hooks), and what it gave is in
// sales' own adjustment rows. The adjuster and the pure arithmetic are here for tests and documentation.
export { adjustWithPromotions, PROMOTIONS_SOURCE } from './adjuster.js';
export { evaluatePromotions, type AppliedPromotion, type EvalLine, type PromotionRule } from './evaluate.js';
