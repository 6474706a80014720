// The till's global shortcuts: F2 or / focus the search, F9 or Ctrl+Enter open Checkout, ? shows the shortcuts.
import { useEffect, useRef } from 'react';

export interface PosKeyActions {
  focusSearch: () => void;
  checkout: () => void;
  help: () => void;
  /** True while a dialog is open: its own keys (Enter, Esc) rule. */
  dialogOpen: () => boolean;
}

/** True when a key typed here is text (so '/' and '?' are characters, not shortcuts). */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes((el as HTMLInputElement).type);
}

/** Listens on the document while the POS is mounted. */
export function usePosKeys(actions: PosKeyActions) {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const a = ref.current;
      if (e.defaultPrevented || e.altKey || e.metaKey || a.dialogOpen()) return;
      const typing = typingIn(e.target);
      if (e.key === 'F2' || (e.key === '/' && !typing && !e.ctrlKey)) {
        e.preventDefault();
        a.focusSearch();
      } else if (e.key === 'F9' || (e.key === 'Enter' && e.ctrlKey)) {
        e.preventDefault();
        a.checkout();
      } else if (e.key === '?' && !typing && !e.ctrlKey) {
        e.preventDefault();
        a.help();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
