// Opens a labels PDF in a new tab (the session cookie authenticates it), as the other screens' PDFs do.
import { toast } from '../../../ui/toast.js';

export const POPUP_BLOCKED = 'Popup blocked. Please allow popups for this site.';

/** Opens `url` in a new tab; toasts when the browser blocks the popup or opening fails. */
export function openPdf(url: string, failure: string): void {
  try {
    // No "noopener": with it window.open always returns null and a block could not be told apart.
    const tab = window.open(url, '_blank');
    if (!tab) toast.error(POPUP_BLOCKED);
  } catch {
    toast.error(failure);
  }
}
