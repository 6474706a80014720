// The browser UI's start, given the screens and slots (UI a plugin puts into another's screen) by the entry
// (app/browser.tsx, the only place that names plugins): styles, session check, the shop's time zone and GST
// rate from the server (dates and totals need them from the first paint), render.
import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import type { ScreenDef, SlotDef } from './screen-def.js';
import { verifySession } from './session.js';
import { loadShopConfig } from './shop-config.js';
import { withDefaults } from './shell/screen-list.js';
import { registerSlots } from './slot.js';

/** Renders the app into #root with these screens and slots. */
export function startUi(screens: ScreenDef[], slots: SlotDef[]) {
  registerSlots(slots);
  void verifySession();
  void loadShopConfig().finally(() => {
    createRoot(document.getElementById('root')!).render(<App screens={withDefaults(screens)} />);
  });
}
