// The Inventory screen (/inventory, ADMIN): the product table (the SPEC's, the default) or the styles with their
// size x stock grids, switched by "Products" / "Styles" and remembered in the URL (?view=styles); the head shows
// what other plugins put in the 'inventory-head' slot (purchasing's low-stock badge).
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import { PageHead } from '../../../ui/components/list-screen.js';
import { Slot } from '../../../ui/slot.js';
import type { InventoryHeadProps } from '../schemas.js';
import { InventoryStyles } from './inventory-styles.js';
import { ProductsView } from './products-view.js';
import { StylesView } from './styles-view.js';
import type { Facets } from './types.js';

export { PAGE_SIZE } from './products-view.js';

export type InventoryView = 'products' | 'styles';

/** The screen: its head, the view switch and the chosen view. */
export default function InventoryScreen() {
  const [params, setParams] = useSearchParams();
  const view: InventoryView = params.get('view') === 'styles' ? 'styles' : 'products';
  const [adding, setAdding] = useState(false);
  // Bumped after every write so the badge counts again.
  const [writes, setWrites] = useState(0);
  const facets = useQuery(['product-facets'], () => api.get<Facets>('/api/products/facets'));

  const show = (next: InventoryView) => {
    setAdding(false);
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'styles') q.set('view', 'styles');
        else q.delete('view');
        return q;
      },
      { replace: true },
    );
  };
  const onWrite = () => {
    void facets.reload();
    setWrites((n) => n + 1);
  };
  const viewProps = { facets: facets.data, adding, onAddingDone: () => setAdding(false), onWrite };

  return (
    <section className="inventory-screen">
      <InventoryStyles />
      <PageHead
        title="Inventory"
        subtitle="Manage products, prices and stock"
        action={{ label: view === 'styles' ? '+ Add Style' : '+ Add Product', onClick: () => setAdding(true) }}
      >
        <Slot<InventoryHeadProps> name="inventory-head" props={{ refreshKey: writes }} />
      </PageHead>
      {/* biome-ignore lint/a11y/useSemanticElements: Pico CSS lays out role="group" (joined controls); a fieldset would bring Pico's fieldset margin and width instead */}
      <div className="view-switch" role="group" aria-label="Inventory view">
        {(['products', 'styles'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} className={view === v ? undefined : 'secondary outline'} onClick={() => show(v)}>
            {v === 'products' ? 'Products' : 'Styles'}
          </button>
        ))}
      </div>
      {view === 'styles' ? <StylesView {...viewProps} /> : <ProductsView {...viewProps} />}
    </section>
  );
}
