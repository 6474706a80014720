// Preloaded into the benched server (NODE_OPTIONS=--require): on SIGUSR2 it prints where the process's memory
// is (V8 heap, ArrayBuffers and other external memory) as one JSON line, so the bench can split RSS into
// JavaScript heap and native memory (SQLite's page cache, fonts, sharp, the binary itself). With --expose-gc
// (diagnosis only) it also gives the heap still live after a full collection, after the figures above.
'use strict';
process.on('SIGUSR2', () => {
  const m = process.memoryUsage();
  // new_space: the young generation's committed size (core/young-generation.ts keeps it at V8's start size).
  const young = require('node:v8')
    .getHeapSpaceStatistics()
    .find((s) => s.space_name === 'new_space');
  const out = {
    rss: m.rss,
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    newSpace: young ? young.space_size : 0,
  };
  if (typeof global.gc === 'function') {
    global.gc();
    const after = process.memoryUsage();
    Object.assign(out, { liveAfterGc: after.heapUsed, rssAfterGc: after.rss });
  }
  process.stderr.write(`kedai-memory-probe ${JSON.stringify(out)}\n`);
});
