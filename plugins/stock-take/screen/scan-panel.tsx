// The scan box of an open take: a barcode scanner types the code and Enter; each scan adds 1 to that product's
// count. The last scan shows big (or why it was refused), with a flash instead of a beep; the box keeps focus.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { scanErrorText } from './take-rules.js';
import type { CountResult, StockTakeLine } from './types.js';

type ScanBody = { barcode: string } | { product_id: number };
type LastScan = { seq: number; ok: true; line: StockTakeLine; added: number } | { seq: number; ok: false; message: string };

export interface ScanPanelProps {
  takeId: number;
  /** After every accepted scan (the view reloads its lines and totals). */
  onCounted: (result: CountResult) => void;
}

/** The box and the last scan; scans are sent one after another in the order they were made. */
export function ScanPanel({ takeId, onCounted }: ScanPanelProps) {
  const [code, setCode] = useState('');
  const [last, setLast] = useState<LastScan | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const seq = useRef(0);
  const pending = useRef(0);
  const refocus = () => input.current?.focus();

  useEffect(refocus, []);

  const send = async (body: ScanBody, label: string, add: number) => {
    const n = ++seq.current;
    try {
      const result = await api.post<CountResult>(`/api/stock-takes/${takeId}/counts`, { ...body, add });
      setLast({ seq: n, ok: true, line: result.line, added: add });
      onCounted(result);
    } catch (err) {
      const message = scanErrorText(err, label);
      setLast({ seq: n, ok: false, message });
      toast.error(message);
    }
  };

  // Scanners are faster than the network: each scan waits for the one before it.
  const enqueue = (body: ScanBody, label: string, add: number) => {
    pending.current++;
    setBusy(true);
    queue.current = queue.current
      .then(() => send(body, label, add))
      .finally(() => {
        pending.current--;
        if (pending.current === 0) setBusy(false);
        refocus();
      });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const scanned = code.trim();
    setCode('');
    if (scanned) enqueue({ barcode: scanned }, scanned, 1);
  };

  const undo = () => {
    if (last?.ok) enqueue({ product_id: last.line.product_id }, last.line.item_name, -1);
  };

  return (
    <div className="scan-panel">
      <label htmlFor="scan-code" className="scan-label">
        Scan barcode or SKU
        <input
          id="scan-code"
          ref={input}
          className="scan-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="Scan or type a code, then Enter"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={onKeyDown}
          aria-busy={busy || undefined}
        />
      </label>
      <LastScanCard last={last} onUndo={last?.ok && last.added > 0 && last.line.counted_qty > 0 ? undo : undefined} />
    </div>
  );
}

function LastScanCard({ last, onUndo }: { last: LastScan | null; onUndo?: () => void }) {
  if (!last)
    return (
      <p className="scan-result muted" aria-live="polite">
        Scan a product: each scan adds 1 to its count.
      </p>
    );
  if (!last.ok) {
    return (
      <div key={last.seq} className="scan-result scan-error scan-flash" role="alert">
        <strong>Not counted.</strong> {last.message}
      </div>
    );
  }
  const l = last.line;
  return (
    <div key={last.seq} className="scan-result scan-ok scan-flash" aria-live="polite" data-testid="last-scan">
      <div>
        <div className="scan-name">{l.item_name}</div>
        <div className="muted">{[l.size && `Size ${l.size}`, l.sku].filter(Boolean).join(' · ')}</div>
      </div>
      <div className="scan-count">
        <span className="muted">Counted</span>
        <strong>{l.counted_qty}</strong>
      </div>
      {onUndo ? (
        <button type="button" className="secondary outline" onClick={onUndo}>
          Undo Last Scan
        </button>
      ) : null}
    </div>
  );
}
