// Opening a PDF or download in a new tab (the session cookie authenticates it), one way for every screen.
import { toast } from './toast.js';

export const POPUP_BLOCKED = 'Popup blocked. Please allow popups for this site.';

/** Opens `url` in a new tab; toasts POPUP_BLOCKED when the browser blocks it, `failure` when opening throws. */
export function openInNewTab(url: string, failure: string): void {
  try {
    // No "noopener": with it window.open always returns null and a block could not be told apart.
    const tab = window.open(url, '_blank');
    if (!tab) toast.error(POPUP_BLOCKED);
  } catch {
    toast.error(failure);
  }
}
