import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { loadConfig, parseArgs, ConfigError } from './config.js';

test('defaults: port 3000, all interfaces, ./data, demo off', () => {
  const c = loadConfig([], {});
  assert.is(c.command, 'serve');
  assert.is(c.port, 3000);
  assert.is(c.host, '0.0.0.0');
  assert.is(c.dataDir, path.resolve('./data'));
  assert.is(c.demo, false);
});

test('flags win over environment; empty environment values are unset', () => {
  const env = { PORT: '4000', HOST: '127.0.0.1', DATA_DIR: '/tmp/x', KEDAI_DEMO: '1' };
  const c = loadConfig(['serve', '--port', '5000', '--data=/tmp/y'], env);
  assert.is(c.port, 5000);
  assert.is(c.host, '127.0.0.1');
  assert.is(c.dataDir, '/tmp/y');
  assert.is(c.demo, true);
  const e = loadConfig([], { PORT: '', DATA_DIR: ' ', KEDAI_DEMO: '' });
  assert.is(e.port, 3000);
  assert.is(e.dataDir, path.resolve('./data'));
  assert.is(e.demo, false);
});

test('subcommands, positionals and --help', () => {
  const c = loadConfig(['user', 'add', 'ann', '--role', 'ADMIN', '--password-stdin']);
  assert.is(c.command, 'user');
  assert.equal(c.args, ['add', 'ann']);
  assert.is(c.flags.role, 'ADMIN');
  assert.is(c.flags['password-stdin'], true);
  assert.is(loadConfig(['--help']).command, 'help');
});

test('bad values are ConfigErrors', () => {
  assert.throws(
    () => loadConfig(['--port', '70000']),
    (e: Error) => e instanceof ConfigError,
  );
  assert.throws(() => parseArgs(['--port']), /needs a value/);
});

test.run();
