// Which server a memory bench measures (#27.5): the executable the shop runs, dist/kedai, when it is built
// (KEDAI_BENCH_EXE names another one, KEDAI_BENCH_BUNDLE=1 takes the bundle anyway), else the server bundle.
// The executable's pages are first dropped from the page cache, as after the mini PC's reboot: a file just written
// by the build is wholly cached, and the kernel then maps 64 KB around every page the process touches, which put
// 88-90 MB of file-backed pages in its RSS against 61-63 MB when started cold (same binary, `--only pos`).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleServer, type Runner } from '../tests/reliability/support-server.js';

const DIST_EXE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'kedai');

export async function shippedServer(): Promise<{ runner: Runner; subject: string; remove: () => void }> {
  const exe = process.env.KEDAI_BENCH_EXE ? path.resolve(process.env.KEDAI_BENCH_EXE) : DIST_EXE;
  if (process.env.KEDAI_BENCH_BUNDLE || !fs.existsSync(exe)) {
    const bundle = await bundleServer();
    return { runner: bundle.runner, subject: 'the server bundle (dist/kedai is not built)', remove: () => bundle.remove() };
  }
  // GNU dd's nocache with count=0 asks the kernel to drop the whole file's clean pages (posix_fadvise DONTNEED).
  spawnSync('dd', [`if=${exe}`, 'iflag=nocache', 'count=0'], { stdio: 'ignore' });
  return { runner: { kind: 'exe', file: exe }, subject: path.relative(process.cwd(), exe) || exe, remove: () => undefined };
}
