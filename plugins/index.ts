// Every feature plugin, imported explicitly (the single executable has no folder to scan).
import type { KedaiPlugin } from '../core/plugin.js';
import customers from './customers/index.js';

export const plugins: KedaiPlugin[] = [customers];
