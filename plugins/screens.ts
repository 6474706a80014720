// Every plugin's screens, imported explicitly for the UI shell (the screens themselves load lazily).
import type { ScreenDef } from '../ui/screen-def.js';
import { screens as customersScreens } from './customers/screen/index.js';

export const screens: ScreenDef[] = [...customersScreens];
