// The PayNow QR at checkout: the server's SGQR (POST /api/paynow/qr) for the amount due, drawn as an image, with
// the amount and the reference under it. Without a PayNow UEN the server's message shows in its place, and the
// cashier types the reference from the customer's banking app instead.
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { money } from '../../../ui/format.js';
import { toDollars } from '../../../core/money.js';
import type { PayNowQrReply } from '../../paynow/schemas.js';

export interface PayNowQrProps {
  /** What the customer pays by PayNow, in cents. */
  amountCents: number;
  /** The reference the till generated for this sale attempt: the QR carries it. */
  generated: string;
  /** The reference sent with the payment (the generated one unless typed over when no QR can be made). */
  reference: string;
  onReference: (text: string) => void;
}

type QrState = { kind: 'loading' } | { kind: 'ready'; qr: PayNowQrReply } | { kind: 'failed'; message: string };

/** The QR (or why there is none) for the amount due and the generated reference. */
export function PayNowQr({ amountCents, generated, reference, onReference }: PayNowQrProps) {
  const [state, setState] = useState<QrState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    api
      .post<PayNowQrReply>('/api/paynow/qr', { amount: toDollars(amountCents), reference: generated })
      .then((qr) => {
        if (current) setState({ kind: 'ready', qr });
      })
      .catch((err: unknown) => {
        if (current) setState({ kind: 'failed', message: err instanceof ApiError ? err.message : 'The PayNow QR could not be made' });
      });
    // A changed amount (discount edited) asks again; a late answer for the old amount is dropped.
    return () => {
      current = false;
    };
  }, [amountCents, generated]);

  if (state.kind === 'failed') {
    return (
      <div className="paynow-qr" data-testid="paynow-qr">
        <p role="alert" className="paynow-error error-text">
          {state.message}
        </p>
        <label>
          PayNow reference
          <input type="text" autoComplete="off" maxLength={40} value={reference} onChange={(e) => onReference(e.target.value)} />
        </label>
      </div>
    );
  }
  const qr = state.kind === 'ready' ? state.qr : null;
  return (
    <figure className="paynow-qr" data-testid="paynow-qr" aria-busy={qr ? undefined : true}>
      {qr ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
          width={200}
          height={200}
          alt={`PayNow QR code for ${money(qr.amount)}, reference ${qr.reference}`}
        />
      ) : (
        <div className="paynow-qr-wait">Making the PayNow QR...</div>
      )}
      <figcaption>
        <small>Scan with PayNow</small>
        <br />
        <strong className="paynow-amount">{money(toDollars(amountCents))}</strong>
        <br />
        Reference: <strong className="paynow-reference">{generated}</strong>
      </figcaption>
    </figure>
  );
}
