// The three lists of plugins in app/ are written by hand (the single executable and the UI bundle have no folder
// to scan), so they must not drift from the plugins/ folders: every folder with a server manifest (index.ts) is
// in app/plugins.ts, every one with a UI manifest (screen/index.ts) has all its screens and slots in
// app/screens.ts, every one with worker.ts has all its tasks in app/worker-tasks.ts, and nothing else is there.
// Checked on the values (the very objects each manifest exports), so a plugin imported but left out of the
// array, or a slots list forgotten, fails too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { KedaiPlugin } from '../core/plugin.js';
import type { WorkerTasks } from '../core/offload/task-types.js';
import type { ScreenDef, SlotDef } from '../ui/screen-def.js';
import { plugins } from '../app/plugins.js';
import { screens, slots } from '../app/screens.js';
import { workerTasks } from '../app/worker-tasks.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = fs
  .readdirSync(path.join(ROOT, 'plugins'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
/** The plugin folders that have this file. */
const having = (file: string) => folders.filter((f) => fs.existsSync(path.join(ROOT, 'plugins', f, file)));
const load = async <T>(folder: string, file: string): Promise<T> => (await import(pathToFileURL(path.join(ROOT, 'plugins', folder, file)).href)) as T;

test('app/plugins.ts lists every plugin with an index.ts, once, and nothing else', async () => {
  const withIndex = having('index.ts');
  assert.equal(plugins.map((p) => p.name).sort(), withIndex, 'app/plugins.ts against plugins/*/index.ts');
  for (const f of withIndex) {
    const manifest = (await load<{ default: KedaiPlugin }>(f, 'index.ts')).default;
    assert.is(plugins.filter((p) => p === manifest).length, 1, `plugins/${f}/index.ts in app/plugins.ts`);
  }
});

test("each manifest's migrations are its migrations/ folder: every file, in order, named by its file, with its text", () => {
  for (const p of plugins) {
    const dir = path.join(ROOT, 'plugins', p.name, 'migrations');
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    const declared = (p.migrations ?? []).map((m) => `${String(m.version).padStart(3, '0')}-${m.name}.sql`);
    assert.equal(declared, files, `plugins/${p.name}/index.ts migrations against plugins/${p.name}/migrations/`);
    for (const m of p.migrations ?? []) {
      const file = path.join(dir, `${String(m.version).padStart(3, '0')}-${m.name}.sql`);
      assert.is(m.sql, fs.readFileSync(file, 'utf8'), `${file}: the manifest imports another file under this name`);
    }
  }
});

test('app/screens.ts holds every screen and slot of every screen/index.ts, and nothing else', async () => {
  const want: { screens: ScreenDef[]; slots: SlotDef[] } = { screens: [], slots: [] };
  for (const f of having('screen/index.ts')) {
    const m = await load<{ screens?: ScreenDef[]; slots?: SlotDef[] }>(f, 'screen/index.ts');
    for (const s of m.screens ?? []) assert.ok(screens.includes(s), `plugins/${f}/screen/index.ts: screen ${s.path} missing from app/screens.ts`);
    for (const s of m.slots ?? []) assert.ok(slots.includes(s), `plugins/${f}/screen/index.ts: a "${s.slot}" slot missing from app/screens.ts`);
    want.screens.push(...(m.screens ?? []));
    want.slots.push(...(m.slots ?? []));
  }
  assert.is(screens.length, want.screens.length, 'app/screens.ts lists a screen no plugin manifest exports, or one twice');
  assert.is(slots.length, want.slots.length, 'app/screens.ts lists a slot no plugin manifest exports, or one twice');
});

test('app/worker-tasks.ts holds every task of every worker.ts, and nothing else', async () => {
  let tasks = 0;
  let streams = 0;
  for (const f of having('worker.ts')) {
    const w = (await load<{ default: WorkerTasks }>(f, 'worker.ts')).default;
    for (const [name, fn] of Object.entries(w.tasks ?? {}))
      assert.is(workerTasks.tasks[name], fn, `plugins/${f}/worker.ts: task ${name} missing from app/worker-tasks.ts`);
    for (const [name, fn] of Object.entries(w.streams ?? {}))
      assert.is(workerTasks.streams[name], fn, `plugins/${f}/worker.ts: stream ${name} missing from app/worker-tasks.ts`);
    tasks += Object.keys(w.tasks ?? {}).length;
    streams += Object.keys(w.streams ?? {}).length;
  }
  assert.is(Object.keys(workerTasks.tasks).length, tasks, 'app/worker-tasks.ts has a task no worker.ts exports (or two share a name)');
  assert.is(Object.keys(workerTasks.streams).length, streams, 'app/worker-tasks.ts has a stream no worker.ts exports (or two share a name)');
});

test.run();
