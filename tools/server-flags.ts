// The V8 flags the server runs with: the executable's SEA execArgv (tools/build-exe.ts), and the bench runs its
// server process with the same ones. Node's default young generation (16 MB semi-spaces) grows to ~48 MB
// under the tills' request rate and V8 keeps it committed: measured by `npm run bench -- --only pos`, RSS after
// 2,000 sales and 200 PDFs went from 176-207 MB to 149 MB with 4 MB semi-spaces, at the same sales rate.
// A runtime v8.setFlagsFromString comes too late (the heap is sized when the isolate starts).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
