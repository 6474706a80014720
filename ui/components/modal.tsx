// A modal dialog in Pico's style: title, close button, body, optional footer; Escape and the backdrop close it.
// Touch (#26.6): the toasts show inside it, under the title (never over its buttons), and the second press of the
// double tap that opened it is swallowed (double-tap-guard.ts), so it never closes the dialog it just opened.
import { ConnectionBanner } from '../shell/connection-banner.js';
import { useEffect, useRef, type ReactNode } from 'react';
import { useToastHost } from '../toast-host.js';
import { useDoubleTapGuard } from './double-tap-guard.js';

export interface ModalProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  footer?: ReactNode;
  children?: ReactNode;
  /** Wider layout for tables (invoice details, returns). */
  wide?: boolean;
}

/** Dialogs open now: html.modal-is-open stays while any is (a dialog over a dialog). */
let openCount = 0;

/** Shows `children` in a dialog while `open`; rendered as an open <dialog> so toasts stay visible above it. */
export function Modal({ title, open, onClose, footer, children, wide }: ModalProps) {
  const ref = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const toastSlot = useToastHost<HTMLDivElement>(open);
  const guard = useDoubleTapGuard(open);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    openCount += 1;
    document.documentElement.classList.add('modal-is-open');
    // Focus the first field so a cashier can type at once.
    const first =
      ref.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])') ??
      ref.current?.querySelector<HTMLElement>('button:not([disabled])');
    first?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      openCount -= 1;
      if (openCount <= 0) {
        openCount = 0;
        document.documentElement.classList.remove('modal-is-open');
      }
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      open
      aria-modal="true"
      className="modal"
      {...guard}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <article ref={ref} className={wide ? 'modal-wide' : undefined}>
        <header>
          <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
          <h3>{title}</h3>
          <div className="modal-toasts" ref={toastSlot} />
        </header>
        {/* The shell's banner sits under the dialog's backdrop: a dialog says it too (#26.10). */}
        <ConnectionBanner />
        {children}
        {footer ? <footer>{footer}</footer> : null}
      </article>
    </dialog>
  );
}
