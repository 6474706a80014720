// The till's side of the customer display (#26.7), in the POS's 'pos-customer' slot: a small 'Customer display'
// button (out of the cashier's way, in the cart's header beside 'Exchange'), its dialog to pair a display with a short code or unpair
// it, and, while this till has a display, the publisher: every change of what the customer should see goes to the
// server (PUT /api/display/state), coalesced so that one request is in flight at a time and the last state wins.
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api, ApiError, isTransient } from '../../../ui/api.js';
import { Modal } from '../../../ui/components/modal.js';
import { toast } from '../../../ui/toast.js';
import { tillName } from '../../../ui/till.js';
import type { PosCustomerState } from '../../sales/schemas.js';
import type { PairingCodeReply, PairingStatusReply, StateReply } from '../schemas.js';

/** Changes this close together are sent as one (the cart and the checkout dialog update in quick succession). */
const SETTLE_MS = 25;
/** A publish that got no answer is tried again after this long (the server restarting). */
const RETRY_MS = 2000;
/** While a code is shown, the till asks this often whether a display has used it. */
const POLL_MS = 1500;

/** Sends `state` to the server whenever it changes, while `enabled`; `onUnpaired` when the server says no display is paired. */
function usePublisher(state: PosCustomerState, enabled: boolean, onUnpaired: () => void) {
  const json = JSON.stringify(state);
  const q = useRef({ sending: false, pending: null as string | null, sent: null as string | null, timer: 0 as ReturnType<typeof setTimeout> | 0, alive: true });
  const unpairedRef = useRef(onUnpaired);
  unpairedRef.current = onUnpaired;

  useEffect(() => {
    const c = q.current;
    c.alive = true;
    return () => {
      c.alive = false;
      clearTimeout(c.timer);
    };
  }, []);

  useEffect(() => {
    const c = q.current;
    if (!enabled) {
      c.sent = null;
      c.pending = null;
      return;
    }
    if (json === c.sent && !c.sending) return;
    c.pending = json;
    const pump = async () => {
      if (c.sending) return;
      c.sending = true;
      try {
        while (c.pending !== null && c.alive) {
          const body = c.pending;
          c.pending = null;
          if (body === c.sent) continue;
          try {
            const r = await api.put<StateReply>('/api/display/state', JSON.parse(body));
            c.sent = body;
            if (!r.paired) {
              unpairedRef.current();
              return;
            }
          } catch (err) {
            // No answer (the server restarting): the newest state goes again shortly. A refusal (a product deleted
            // since) would be refused again: the display keeps what it showed until the next change.
            if (!isTransient(err)) continue;
            c.pending ??= body;
            await new Promise((r) => setTimeout(r, RETRY_MS));
          }
        }
      } finally {
        c.sending = false;
      }
    };
    clearTimeout(c.timer);
    c.timer = setTimeout(() => void pump(), SETTLE_MS);
  }, [json, enabled]);
}

/** The dialog: pair a display (the code, big), see that it is paired, unpair it. */
function PairingDialog({ till, paired, onPaired, onClose }: { till: string; paired: boolean; onPaired: (p: boolean) => void; onClose: () => void }) {
  const [code, setCode] = useState<PairingCodeReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [justPaired, setJustPaired] = useState(false);
  const onPairedRef = useRef(onPaired);
  onPairedRef.current = onPaired;

  // While a code is shown: has a display used it yet?
  useEffect(() => {
    if (!code) return;
    const timer = setInterval(() => {
      api
        .get<PairingStatusReply>('/api/display/pairing')
        .then((s) => {
          if (s.code === code.code) return;
          setCode(null);
          if (s.paired) {
            setJustPaired(true);
            onPairedRef.current(true);
          }
        })
        .catch(() => {
          /* asked again at the next tick */
        });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [code]);

  const newCode = async () => {
    setBusy(true);
    try {
      setJustPaired(false);
      setCode(await api.post<PairingCodeReply>('/api/display/pairing', {}));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'No code could be made. Try again.');
    } finally {
      setBusy(false);
    }
  };
  const unpair = async () => {
    setBusy(true);
    try {
      await api.delete('/api/display/pairing');
      setCode(null);
      setJustPaired(false);
      onPaired(false);
      toast.success(`${till}'s customer display is unpaired`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Could not unpair. Try again.');
    } finally {
      setBusy(false);
    }
  };
  const address = `${window.location.origin}/display`;
  const footer = (
    <>
      {paired ? (
        <button type="button" className="secondary" onClick={() => void unpair()} disabled={busy}>
          Unpair display
        </button>
      ) : null}
      <button type="button" onClick={() => void newCode()} disabled={busy} aria-busy={busy || undefined}>
        {paired ? 'Pair a new display' : code ? 'New code' : 'Get pairing code'}
      </button>
    </>
  );
  return (
    <Modal title="Customer display" open onClose={onClose} footer={footer}>
      <div className="till-display-dialog">
        <p>
          A second screen facing the customer (a monitor or a tablet) shows {till}&apos;s cart, the totals with GST, the PayNow QR and the change. It shows
          nothing else and needs no sign-in.
        </p>
        {justPaired ? (
          <p className="till-display-ok" role="status" data-testid="display-paired">
            Paired: the display now follows {till}.
          </p>
        ) : null}
        {!justPaired && paired && !code ? <p role="status">A display is paired to {till}. A new pairing replaces it.</p> : null}
        {code ? (
          <div className="till-display-code-box">
            <p>
              On the display, open <strong className="till-display-address">{address}</strong> and type this code:
            </p>
            <p className="till-display-code" data-testid="display-code" aria-hidden="true">
              {code.code}
            </p>
            <p className="visually-hidden">Pairing code {code.code.split('').join(' ')}</p>
            <p>
              <small>It works once, for 10 minutes. Waiting for the display…</small>
            </p>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

const css = `
.pos-display-button { flex: 0 0 auto; width: auto; margin: 0; padding: .35rem .6rem; font-size: .85rem; white-space: nowrap; }
.pos-display-button .till-display-dot { display: inline-block; width: .55rem; height: .55rem; border-radius: 50%; background: var(--kedai-success); margin-right: .35rem; vertical-align: middle; }
.till-display-code { font: 700 3rem/1.1 ui-monospace, 'DejaVu Sans Mono', monospace; letter-spacing: .3em; text-align: center; margin: .5rem 0; }
.till-display-code-box { border: 1px dashed var(--pico-muted-border-color); border-radius: var(--pico-border-radius); padding: .75rem; text-align: center; }
.till-display-address { word-break: break-all; }
.till-display-ok { color: var(--kedai-success); font-weight: 600; }
`;

/** The slot (default export: the POS loads it lazily): the button, the dialog and the publisher. */
export default function TillDisplay(state: PosCustomerState) {
  useSignals();
  const till = tillName.value;
  const [paired, setPaired] = useState(false);
  const [open, setOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: till is read from a signal (tillName.value), so it changes between renders: a new till asks again
  useEffect(() => {
    setPaired(false);
    if (!till) return;
    let current = true;
    api
      .get<PairingStatusReply>('/api/display/pairing')
      .then((s) => {
        if (current) setPaired(s.paired && s.till === till);
      })
      .catch(() => {
        /* no display known: nothing is published until one is paired */
      });
    return () => {
      current = false;
    };
  }, [till]);

  usePublisher(state, paired && Boolean(till), () => setPaired(false));

  return (
    <>
      <style>{css}</style>
      <button
        type="button"
        className="secondary outline pos-display-button"
        onClick={() => setOpen(true)}
        aria-label="Customer display"
        title={paired ? `A customer display follows ${till ?? 'this till'}` : 'Pair a customer display with this till'}
      >
        {paired ? <span className="till-display-dot" aria-hidden="true" /> : null}
        Display
      </button>
      {open ? (
        till ? (
          <PairingDialog till={till} paired={paired} onPaired={setPaired} onClose={() => setOpen(false)} />
        ) : (
          <Modal title="Customer display" open onClose={() => setOpen(false)}>
            <p>Name this till first (at the top of the POS): a customer display belongs to one till.</p>
          </Modal>
        )
      ) : null}
    </>
  );
}
