// Every feature plugin, imported explicitly (the single executable has no folder to scan).
import type { KedaiPlugin } from '../core/plugin.js';

export const plugins: KedaiPlugin[] = [];
