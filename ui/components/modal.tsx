// A modal dialog in Pico's style: title, close button, body, optional footer; Escape and the backdrop close it.
import { ConnectionBanner } from '../shell/connection-banner.js';
import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  footer?: ReactNode;
  children?: ReactNode;
  /** Wider layout for tables (invoice details, returns). */
  wide?: boolean;
}

/** Shows `children` in a dialog while `open`; rendered as an open <dialog> so toasts stay visible above it. */
export function Modal({ title, open, onClose, footer, children, wide }: ModalProps) {
  const ref = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

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
    document.documentElement.classList.add('modal-is-open');
    // Focus the first field so a cashier can type at once.
    const first = ref.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])')
      ?? ref.current?.querySelector<HTMLElement>('button:not([disabled])');
    first?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('modal-is-open');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog open aria-modal="true" className="modal" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <article ref={ref} className={wide ? 'modal-wide' : undefined}>
        <header>
          <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
          <h3>{title}</h3>
        </header>
        {/* The shell's banner sits under the dialog's backdrop: a dialog says it too (#26.10). */}
        <ConnectionBanner />
        {children}
        {footer ? <footer>{footer}</footer> : null}
      </article>
    </dialog>
  );
}
