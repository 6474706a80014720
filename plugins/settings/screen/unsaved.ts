// Settings that keep what you type (#26.9): each card says whether it holds edits not saved yet; while any does,
// leaving the screen (a link, a reload, closing the tab) asks first, and the screen lists which cards have them.
import { signal } from '@preact/signals-react';
import { useEffect } from 'react';

export const UNSAVED_QUESTION = 'You have unsaved changes in Settings. Leave without saving them?';

/** The cards with unsaved edits, by title. */
export const unsavedCards = signal<readonly string[]>([]);

/** Registers card `title` as holding unsaved edits while `dirty`. */
export function useUnsaved(title: string, dirty: boolean) {
  useEffect(() => {
    const others = unsavedCards.peek().filter((t) => t !== title);
    unsavedCards.value = dirty ? [...others, title] : others;
    return () => {
      unsavedCards.value = unsavedCards.peek().filter((t) => t !== title);
    };
  }, [title, dirty]);
}

/** While mounted: asks before the page is left with unsaved edits (browser unload, or an in-app link). */
export function useLeaveGuard() {
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (unsavedCards.peek().length === 0) return;
      e.preventDefault();
      e.returnValue = UNSAVED_QUESTION;
    };
    const onClick = (e: MouseEvent) => {
      if (unsavedCards.peek().length === 0) return;
      const link = (e.target as HTMLElement | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(UNSAVED_QUESTION)) {
        e.preventDefault();
        e.stopPropagation();
      } else {
        unsavedCards.value = [];
      }
    };
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
      unsavedCards.value = [];
    };
  }, []);
}
