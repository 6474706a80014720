// Entry of the single executable (bundled to CommonJS by tools/build-exe.ts): core unpacks the runtime folder
// (core/sea-start.ts), then the same CLI as `npm run kedai` runs with every plugin.
import '../core/young-generation.js'; // first: before the heap grows
import { startExecutable } from '../core/sea-start.js';
import { main } from './server.js';

void startExecutable(main);
