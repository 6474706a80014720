// Says which way selling prices are typed and stored (settings' prices_include_gst, served by GET /api/auth/config),
// beside the Selling Price fields and under the size grid. Switching the setting never rewrites stored prices.
import { useSignals } from '@preact/signals-react/runtime';
import { shopConfig } from '../../../ui/shop-config.js';

/** True when the shop's selling prices include GST (the configuration the app loaded at start; false before it). */
export function usePricesIncludeGst(): boolean {
  useSignals();
  return shopConfig.value?.pricesIncludeGst === true;
}

/** '(including GST)' or '(before GST)' for the Selling Price label. */
export function SellingPriceMode() {
  return <small className="price-mode">{usePricesIncludeGst() ? '(including GST)' : '(before GST)'}</small>;
}
