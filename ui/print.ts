// Printing 80 mm paper from any screen (a sale's receipt, a return's refund slip): the shop's LAN printer as
// Settings names it, and the browser's way when there is none: a hidden frame and print(), which Chrome started
// with --kiosk-printing sends straight to the default (80 mm) printer without a dialog.
import { api } from './api.js';

/** Prints an HTML page in a hidden frame (removed after printing); resolves once print() has been called. */
export function printHtml(html: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'Receipt';
    frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
    const remove = () => frame.remove();
    frame.onload = () => {
      const win = frame.contentWindow;
      if (!win || typeof win.print !== 'function') {
        remove();
        reject(new Error('This browser cannot print from a frame'));
        return;
      }
      win.addEventListener('afterprint', () => setTimeout(remove, 0));
      // print() blocks while a dialog is open; kiosk printing returns at once. Either way the frame goes later.
      setTimeout(remove, 60_000);
      // The cashier's focus stays where it was (e.g. 'New sale', so Enter starts the next sale): Chrome prints a
      // frame without focusing it, and whatever print() moved is put back.
      const before = document.activeElement as HTMLElement | null;
      win.print();
      if (before && document.activeElement !== before) before.focus();
      resolve();
    };
    frame.srcdoc = html;
    document.body.appendChild(frame);
  });
}

/** The shop's LAN printer ("host:port"), or '' when the browser prints; read fresh each time (Settings may change). */
export async function shopPrinter(): Promise<string> {
  try {
    return (await api.get<{ settings: { receipt_printer?: string } }>('/api/settings')).settings.receipt_printer ?? '';
  } catch {
    return ''; // settings unreadable: the browser can still print
  }
}
