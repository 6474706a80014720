// Browser entry (bundled by tools/build-ui.ts): the UI shell (ui/start.tsx, styles first) with every plugin's
// screens and slots (app/screens.ts).
import { startUi } from '../ui/start.js';
import { screens, slots } from './screens.js';

startUi(screens, slots);
