// The till's global shortcuts: F2 or / focus the search, F9 or Ctrl+Enter open Checkout, ? shows the shortcuts.
// Scanner-proof (#26.1): a key typed while the focus is not in a text field (a size button just tapped, the page)
// goes to the search, so a scanner's burst lands there, and Enter then adds that code: it never re-activates a button.
import { useEffect, useRef } from 'react';

export interface PosKeyActions {
  focusSearch: () => void;
  checkout: () => void;
  help: () => void;
  /** True while a dialog is open: its own keys (Enter, Esc) rule. */
  dialogOpen: () => boolean;
  /** A character typed outside any text field: it starts the search anew (and the focus goes there). */
  typeIntoSearch: (char: string) => void;
  /** Enter outside any text field: what Enter in the search does (add the code typed there). */
  enterSearch: () => void;
}

/** True when a key typed here is text (so '/' and '?' are characters, not shortcuts). */
export function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
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
      // Any open dialog (the POS's own, or one a slot opened, such as Pay In/Out) keeps its keys.
      if (e.defaultPrevented || e.altKey || e.metaKey || a.dialogOpen() || document.querySelector('dialog[open]')) return;
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
      } else if (!typing && !e.ctrlKey && e.key === 'Enter') {
        // Never a click on the button that has the focus: the scan's Enter adds the code.
        e.preventDefault();
        e.stopPropagation();
        a.enterSearch();
      } else if (!typing && !e.ctrlKey && e.key.length === 1 && e.key !== ' ') {
        e.preventDefault();
        a.typeIntoSearch(e.key);
      }
    };
    // Capture: before a focused button sees the key.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}
