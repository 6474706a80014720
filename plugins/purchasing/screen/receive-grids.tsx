// Receiving on size grids: an order's lines shown as one grid per style (the style's whole size run; sizes not
// on the order disabled, each cell noting what is still expected), counts typed in the cells, or boxes
// scanned into 'Scan a box' (the size's barcode or SKU adds 1 to its cell). The modal keeps the counts.
import { useRef, useState, type ReactNode } from 'react';
import { api } from '../../../ui/api.js';
import { useQuery } from '../../../ui/use-query.js';
import { SizeMatrix } from '../../../ui/components/size-grid.js';
import { gridLayout } from '../../../ui/components/size-grid-rules.js';
import { productName } from './order-rules.js';
import { outstanding } from './receive-rules.js';
import type { PurchaseOrderLine } from './types.js';
import type { Product, Style } from '../../inventory/schemas.js';

/** The styles of an order's lines, in line order: one product read finds each style, then the style is read whole. */
export async function loadOrderStyles(lines: PurchaseOrderLine[]): Promise<Style[]> {
  const styles: Style[] = [];
  for (const l of lines) {
    if (styles.some((s) => s.products.some((p) => p.id === l.product_id))) continue;
    const { product } = await api.get<{ product: Product }>(`/api/products/${l.product_id}`);
    if (styles.some((s) => s.id === product.style_id)) continue; // an archived size of a style already read
    styles.push((await api.get<{ style: Style }>(`/api/styles/${product.style_id}`)).style);
  }
  return styles;
}

/** The product of an order a scanned code names: its barcode, else its SKU (any case); null when not on the order. */
export function scannedProduct(styles: Style[], lineIds: ReadonlySet<number>, code: string): Product | null {
  const c = code.trim();
  if (!c) return null;
  const onOrder = styles.flatMap((s) => s.products).filter((p) => lineIds.has(p.id));
  return onOrder.find((p) => p.barcode === c) ?? onOrder.find((p) => p.sku?.toLowerCase() === c.toLowerCase()) ?? null;
}

export interface ReceiveGridsProps {
  lines: PurchaseOrderLine[];
  qtys: Record<number, string>;
  onQty: (productId: number, qty: string) => void;
  /** What to show while the styles load or when they cannot be read (the line table). */
  fallback: ReactNode;
}

/** The scan box and the grids. */
export function ReceiveGrids({ lines, qtys, onQty, fallback }: ReceiveGridsProps) {
  const styles = useQuery(['po-receive-styles', lines.map((l) => l.product_id)], () => loadOrderStyles(lines));
  const [code, setCode] = useState('');
  const [scan, setScan] = useState<{ text: string; ok: boolean; id: number | null } | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const byId = new Map(lines.map((l) => [l.product_id, l]));
  if (!styles.data) return <>{fallback}</>;

  const onScan = () => {
    const p = scannedProduct(styles.data!, new Set(byId.keys()), code);
    if (p) {
      const qty = (Number(qtys[p.id]) || 0) + 1;
      onQty(p.id, String(qty));
      setScan({ text: `Scanned ${p.item_name} size ${p.size ?? 'N/A'}: ${qty}`, ok: true, id: p.id });
    } else setScan({ text: `Not on this order: ${code.trim()}`, ok: false, id: null });
    setCode('');
    box.current?.focus();
  };

  return (
    <div className="receive-grids">
      <label htmlFor="receive-scan">
        Scan a box (barcode or SKU)
        <input
          id="receive-scan"
          ref={box}
          type="search"
          autoComplete="off"
          placeholder="Scan or type a barcode or SKU, then Enter"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault(); // a scan never submits the delivery
            if (code.trim()) onScan();
          }}
        />
      </label>
      <p role="status" className={scan && !scan.ok ? 'text-danger' : 'muted'}>
        {scan?.text ?? ''}
      </p>
      {styles.data.map((s) => (
        <fieldset key={s.id} className="style-grid-block" data-style-id={s.id}>
          <div className="style-grid-head">
            <strong>{s.colour ? `${s.item_name} · ${s.colour}` : s.item_name}</strong>
          </div>
          <SizeMatrix
            name={s.item_name}
            layout={gridLayout(s.products)}
            values={qtys}
            onChange={onQty}
            enabled={(id) => byId.has(id)}
            note={(id) => {
              const l = byId.get(id);
              return l ? `of ${outstanding(l)}` : 'not ordered';
            }}
            marked={scan?.id ?? null}
            cellLabel={(id) => (byId.has(id) ? productName(byId.get(id)!) : undefined)}
            totalLabel="Receiving"
            rowLabel="Receiving"
          />
        </fieldset>
      ))}
    </div>
  );
}
