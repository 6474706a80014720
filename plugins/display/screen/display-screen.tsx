// The customer display (/display, #26.7): on a second monitor or a tablet facing the customer. Not signed in: it
// is paired to one till with the code the till shows (or /display?code=...), keeps the display token it gets, and
// follows that till: the welcome between sales, the lines with their sizes and the totals with GST, the PayNow QR
// while PayNow is chosen, then 'Thank you' and the change. It renders only what its stream sends (the server prices
// it); it never uses the staff session another tab of this browser may hold.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { money } from '../../../ui/format.js';
import type { DisplayAdjustment, DisplayLine, DisplayPay, DisplaySale, DisplayView, PairReply } from '../schemas.js';
import { followDisplay } from './display-stream.js';
import { DisplayStyles } from './display-styles.js';

/** localStorage key of this display's pairing (its token and till). */
export const DISPLAY_KEY = 'kedai.display';
/** How long a lost connection goes unmentioned (a restart usually takes less). */
const OFFLINE_NOTICE_MS = 2500;

interface Pairing {
  token: string;
  till: string;
}

function readPairing(): Pairing | null {
  try {
    const p = JSON.parse(localStorage.getItem(DISPLAY_KEY) ?? 'null') as Partial<Pairing> | null;
    return p && typeof p.token === 'string' && typeof p.till === 'string' ? { token: p.token, till: p.till } : null;
  } catch {
    return null;
  }
}

function savePairing(p: Pairing | null) {
  try {
    if (p) localStorage.setItem(DISPLAY_KEY, JSON.stringify(p));
    else localStorage.removeItem(DISPLAY_KEY);
  } catch {
    // No storage (private mode): the pairing lasts until the page reloads.
  }
}

/** The ?code= of the address, if any (a link or QR made for this display). */
function codeInAddress(): string | null {
  const code = new URLSearchParams(window.location.search).get('code');
  return code?.trim() ? code.trim() : null;
}

/** Trades a code for a display token (no staff token, no cookie: this page holds none). */
async function pairWith(code: string): Promise<Pairing> {
  let res: Response;
  try {
    res = await fetch('/api/display/pair', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code }),
    });
  } catch {
    throw new Error("The shop's server cannot be reached. Check the network and try again.");
  }
  const body = (await res.json().catch(() => ({}))) as Partial<PairReply> & { error?: string };
  if (!res.ok || typeof body.token !== 'string' || typeof body.till !== 'string') {
    throw new Error(typeof body.error === 'string' && body.error ? body.error : `Pairing failed (${res.status})`);
  }
  return { token: body.token, till: body.till };
}

function PairForm({ notice, onPaired }: { notice: string | null; onPaired: (p: Pairing) => void }) {
  const [code, setCode] = useState(() => codeInAddress() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (typed: string) => {
    if (busy) return;
    if (!typed.trim()) {
      setError('Type the code the till shows.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onPaired(await pairWith(typed));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  // /display?code=...: pair at once.
  const fromAddress = useRef(codeInAddress());
  // biome-ignore lint/correctness/useExhaustiveDependencies: pairs once, with the code the page was opened with (submit is new each render; a rerun would pair again)
  useEffect(() => {
    if (fromAddress.current) void submit(fromAddress.current);
  }, []);
  return (
    <main className="cd cd-pairing" data-phase="PAIRING">
      <DisplayStyles />
      <h1>Customer display</h1>
      {notice ? (
        <p className="cd-error" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        Type the code shown at the till
        <br />
        <small className="cd-hint">(on the POS: Customer display, Get pairing code)</small>
      </p>
      <form
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void submit(code);
        }}
      >
        <input
          className="cd-code-input"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={9}
          aria-label="Pairing code"
          placeholder="CODE"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
        />
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          Pair
        </button>
      </form>
      {error ? (
        <p className="cd-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="cd-hint">This screen then follows that till only: the items, the totals, the PayNow QR and the change.</p>
    </main>
  );
}

const METHOD_PROMPT: Record<DisplayPay['method'], string> = {
  PAYNOW: 'Scan to pay with PayNow',
  CASH: 'Paying by cash',
  NETS: 'Pay by NETS at the terminal',
  CREDIT: 'Charged to your account',
};
const PAID_BY: Record<string, string> = { CASH: 'cash', NETS: 'NETS', PAYNOW: 'PayNow', CREDIT: 'account', MIXED: 'several methods' };

function Line({ line, inclusive }: { line: DisplayLine; inclusive: boolean }) {
  return (
    <li className="cd-line" data-testid="display-line">
      <div className="cd-line-head">
        <span className="cd-line-name">{line.name}</span>
        {line.size ? (
          <span className="cd-size" data-testid="display-size">
            Size {line.size}
          </span>
        ) : null}
      </div>
      <div className="cd-line-sub">
        {line.qty} × {money(line.unitPriceWithGst)}
        {inclusive ? null : <small> (before GST {money(line.unitPrice)})</small>}
        {line.discount > 0 ? <span className="cd-line-discount">−{money(line.discount)}</span> : null}
      </div>
      <div className="cd-line-total">{money(line.total)}</div>
    </li>
  );
}

/** What a promotion (or another plugin) takes off, after the items: its label and amount, wrapping, never cut. */
function Adjustment({ adjustment }: { adjustment: DisplayAdjustment }) {
  return (
    <li className="cd-line cd-adjustment" data-testid="display-adjustment">
      <span className="cd-adjustment-label" data-testid="display-adjustment-label">
        {adjustment.label}
      </span>
      <span className="cd-line-total" data-testid="display-adjustment-amount">
        {money(adjustment.amount)}
      </span>
    </li>
  );
}

function Totals({ view }: { view: DisplayView }) {
  return (
    <>
      <dl className="cd-totals" data-testid="display-totals">
        <dt>Subtotal</dt>
        <dd data-testid="display-subtotal">{money(view.subtotal)}</dd>
        {view.lineDiscount > 0 ? (
          <>
            <dt className="cd-saving">Item discounts</dt>
            <dd className="cd-saving">incl. −{money(view.lineDiscount)}</dd>
          </>
        ) : null}
        {view.discount > 0 ? (
          <>
            <dt className="cd-saving">{view.discountLabel}</dt>
            <dd className="cd-saving">−{money(view.discount)}</dd>
          </>
        ) : null}
        {view.pricesIncludeGst ? null : (
          <>
            <dt>{view.gstLabel}</dt>
            <dd data-testid="display-gst">{money(view.gst)}</dd>
          </>
        )}
      </dl>
      <p className="cd-total-row">
        <span>Total</span>
        <strong data-testid="display-total">{money(view.total)}</strong>
      </p>
      {view.gstIncluded ? (
        <p className="cd-gst-included" data-testid="display-gst">
          {view.gstIncluded}
        </p>
      ) : null}
    </>
  );
}

function Pay({ view, pay }: { view: DisplayView; pay: DisplayPay }) {
  return (
    <section className="cd-pay" aria-label="Payment" data-testid="display-pay">
      <p className="cd-pay-method">{METHOD_PROMPT[pay.method]}</p>
      {pay.payNow ? (
        <figure className="cd-qr" data-testid="display-paynow-qr">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pay.payNow.svg)}`}
            width={360}
            height={360}
            alt={`PayNow QR code for ${money(pay.payNow.amount)}, reference ${pay.payNow.reference}`}
          />
          <figcaption>Reference {pay.payNow.reference}</figcaption>
        </figure>
      ) : null}
      {pay.method === 'PAYNOW' && !pay.payNow ? <p className="cd-pay-note">The cashier will give you the PayNow details.</p> : null}
      {pay.paidOtherwise > 0 ? (
        <p className="cd-pay-note">
          Total {money(view.total)}, credit note −{money(pay.paidOtherwise)}
        </p>
      ) : null}
      {pay.rounding !== 0 ? (
        <p className="cd-pay-note">
          Total {money(pay.amount)}, cash rounding {money(pay.rounding)}
        </p>
      ) : null}
      <p className="cd-due-label">Amount due</p>
      <p className="cd-due" data-testid="display-due">
        {money(pay.amountDue)}
      </p>
      <p className="cd-pay-note">{view.pricesIncludeGst ? view.gstIncluded : `Includes ${view.gstLabel} ${money(view.gst)}`}</p>
    </section>
  );
}

function Sale({ view }: { view: DisplayView }) {
  const lines = useRef<HTMLElement>(null);
  // The newest line comes into view (the till adds them at the end), also when the screen turns.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when a line is added or the phase changes (what it scrolls)
  useEffect(() => {
    const toEnd = () => {
      const el = lines.current;
      if (el) el.scrollTop = el.scrollHeight;
    };
    toEnd();
    window.addEventListener('resize', toEnd);
    return () => window.removeEventListener('resize', toEnd);
  }, [view.lines.length, view.adjustments?.length, view.phase]);
  const paying = view.phase === 'PAY' && view.pay;
  return (
    <div className={paying ? 'cd-sale cd-sale-paying' : 'cd-sale'}>
      <section className="cd-lines" aria-label="Your items" ref={lines}>
        <ul>
          {view.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the stream's lines carry no id; the till's cart keeps them in order (a line is its place)
            <Line key={i} line={l} inclusive={view.pricesIncludeGst} />
          ))}
          {(view.adjustments ?? []).map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the quote's adjustments carry no id and come in the server's order
            <Adjustment key={`a${i}`} adjustment={a} />
          ))}
        </ul>
      </section>
      <aside className="cd-side">
        {view.customer ? <Customer customer={view.customer} /> : null}
        {paying ? <Pay view={view} pay={view.pay!} /> : <Totals view={view} />}
      </aside>
    </div>
  );
}

/** The chosen customer (#29): their name and what plugins show beside it (points and their value). */
function Customer({ customer }: { customer: NonNullable<DisplayView['customer']> }) {
  return (
    <section className="cd-customer" data-testid="display-customer" aria-label="Customer">
      <p className="cd-customer-name">{customer.name}</p>
      {customer.badges.map((b) => (
        <p key={b.label} className="cd-customer-badge" data-testid="display-customer-badge">
          {b.label}: <strong>{b.value}</strong>
        </p>
      ))}
    </section>
  );
}

function Thanks({ sale, shopName }: { sale: DisplaySale; shopName: string }) {
  const cash = sale.tendered !== null;
  return (
    <section className="cd-thanks" data-testid="display-thanks">
      <h1>Thank you!</h1>
      <p className="cd-thanks-paid">
        {sale.onAccount > 0 && !cash ? (
          <>Total {money(sale.amountDue)}, on your account</>
        ) : (
          <>
            Total {money(sale.amountDue)}
            {cash ? <>, cash {money(sale.tendered)}</> : <>, paid by {PAID_BY[sale.method] ?? 'card'}</>}
          </>
        )}
      </p>
      {cash ? (
        <p className="cd-change" data-testid="display-change-box">
          <span className="cd-change-label">Your change</span>
          <strong className="cd-change-amount" data-testid="display-change">
            {money(sale.change)}
          </strong>
        </p>
      ) : null}
      <p className="cd-thanks-paid">{shopName}</p>
    </section>
  );
}

function Welcome({ shopName }: { shopName: string }) {
  return (
    <section className="cd-welcome" data-testid="display-welcome">
      <p className="cd-welcome-hello">Welcome to</p>
      <h1 className="cd-shop">{shopName}</h1>
      <p className="cd-welcome-sub">Your items appear here as they are rung up.</p>
    </section>
  );
}

function Follow({ pairing, onUnpaired }: { pairing: Pairing; onUnpaired: () => void }) {
  const [view, setView] = useState<DisplayView | null>(null);
  const [connected, setConnected] = useState(false);
  const [offline, setOffline] = useState(false);
  const unpairedRef = useRef(onUnpaired);
  unpairedRef.current = onUnpaired;

  useEffect(
    () =>
      followDisplay(pairing.token, {
        onView: setView,
        onUnpaired: () => unpairedRef.current(),
        onConnected: setConnected,
      }),
    [pairing.token],
  );
  useEffect(() => {
    if (connected) {
      setOffline(false);
      return;
    }
    const timer = setTimeout(() => setOffline(true), OFFLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [connected]);
  const shopName = view?.shopName;
  useEffect(() => {
    if (shopName !== undefined) document.title = `${shopName} · Customer display`;
  }, [shopName]);

  let body: ReactNode;
  if (!view)
    body = (
      <p className="cd-connecting" aria-busy="true">
        Connecting to {pairing.till}…
      </p>
    );
  else if (view.phase === 'DONE' && view.sale) body = <Thanks sale={view.sale} shopName={view.shopName} />;
  else if ((view.phase === 'CART' || view.phase === 'PAY') && view.lines.length) body = <Sale view={view} />;
  else body = <Welcome shopName={view.shopName} />;
  const showHead = view && view.phase !== 'IDLE' && view.phase !== 'DONE';
  return (
    <main className="cd" data-phase={view?.phase ?? 'CONNECTING'} data-connected={connected ? 'yes' : 'no'}>
      <DisplayStyles />
      {showHead ? (
        <header className="cd-head">
          <span className="cd-head-shop">{view.shopName}</span>
          <span className="cd-head-till">
            {view.units} item{view.units === 1 ? '' : 's'} · {pairing.till}
          </span>
        </header>
      ) : null}
      {body}
      {offline ? (
        <p className="cd-offline" role="status" data-testid="display-offline">
          Reconnecting…
        </p>
      ) : null}
    </main>
  );
}

/** The screen (default export: its own lazy chunk). */
export default function DisplayScreen() {
  // A code in the address pairs again, whatever this display held before.
  const [pairing, setPairing] = useState<Pairing | null>(() => (codeInAddress() ? null : readPairing()));
  const [notice, setNotice] = useState<string | null>(null);
  if (!pairing) {
    return (
      <PairForm
        notice={notice}
        onPaired={(p) => {
          savePairing(p);
          // The code is spent: a reload must not try it again.
          if (codeInAddress()) window.history.replaceState(null, '', window.location.pathname);
          setNotice(null);
          setPairing(p);
        }}
      />
    );
  }
  return (
    <Follow
      pairing={pairing}
      onUnpaired={() => {
        savePairing(null);
        setNotice('This display was unpaired from the till. Type a new code to pair it again.');
        setPairing(null);
      }}
    />
  );
}
