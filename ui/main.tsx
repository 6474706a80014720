// Browser entry: styles, the screen list from the plugins, session check, render.
import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { screens } from '../plugins/screens.js';
import { App } from './app.js';
import { verifySession } from './session.js';
import { withDefaults } from './shell/screen-list.js';

void verifySession();
createRoot(document.getElementById('root')!).render(<App screens={withDefaults(screens)} />);
