// Keeps the main thread's young generation at V8's starting size. Node's default lets its semi-spaces grow
// 1 -> 16 MB under the tills' request rate, and V8 keeps them committed: ~45 MB of a settled server's RSS
// (`npm run bench -- --only pos`, README "where the memory goes"). --max-semi-space-size cannot be set here (the
// heap is sized when the isolate starts, and the executable's SEA execArgv is not applied by every Node), but
// the growth factor is read each time V8 grows new space, so setting it to 1 before the server allocates pins
// the main isolate at 1 MB semi-spaces. Worker threads (core/offload) are sized by Node and still grow theirs.
// Imported first by core/main.ts and core/sea-entry.ts; KEDAI_V8_YOUNG=default leaves V8 alone (diagnosis).
import v8 from 'node:v8';

if (process.env.KEDAI_V8_YOUNG !== 'default') v8.setFlagsFromString('--semi-space-growth-factor=1');
