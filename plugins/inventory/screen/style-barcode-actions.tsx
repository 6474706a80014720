// A style's barcodes and box labels (#30.3, #30.4), above its sizes: 'Generate barcodes' gives every size without
// one an EAN-13 (POST /api/styles/:id/barcodes: the shop's GS1 prefix, else the in-store range 20-29), and 'Print
// shoebox labels' opens the Labels screen on every size of the style.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import type { Style } from './types.js';

export function StyleBarcodeActions({ style, onGenerated }: { style: Style; onGenerated?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const missing = style.products.filter((p) => !p.barcode).length;

  const generate = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.post(`/api/styles/${style.id}/barcodes`, {});
      toast.success(`Barcodes generated for ${missing} ${missing === 1 ? 'size' : 'sizes'}`);
      onGenerated?.();
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : 'Failed to generate barcodes');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="style-barcode-actions" style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap', marginBottom: '0.5rem' }}>
      <span className="muted">
        {missing === 0
          ? 'Every size has a barcode.'
          : `${missing} of ${style.products.length} ${style.products.length === 1 ? 'size has' : 'sizes have'} no barcode.`}
      </span>
      <button
        type="button"
        className="outline"
        disabled={busy || missing === 0}
        aria-busy={busy || undefined}
        style={{ width: 'auto', minHeight: 44, margin: 0 }}
        onClick={() => void generate()}
      >
        Generate barcodes
      </button>
      <button
        type="button"
        className="secondary outline"
        style={{ width: 'auto', minHeight: 44, margin: 0 }}
        onClick={() => navigate(`/labels?style_id=${style.id}`)}
      >
        Print shoebox labels
      </button>
    </div>
  );
}
