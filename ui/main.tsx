// Browser entry: styles, the screen list and slots (UI a plugin puts into another's screen) from the plugins,
// session check, the shop's time zone and GST rate from the server (dates and totals need them from the
// first paint), render.
import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { screens, slots } from '../plugins/screens.js';
import { App } from './app.js';
import { verifySession } from './session.js';
import { loadShopConfig } from './shop-config.js';
import { withDefaults } from './shell/screen-list.js';
import { registerSlots } from './slot.js';

registerSlots(slots);
void verifySession();
void loadShopConfig().finally(() => {
  createRoot(document.getElementById('root')!).render(<App screens={withDefaults(screens)} />);
});
