// Starts a real Varnish (Debian's `varnishd` with xkey, tests/support/ensure-varnish.sh) with the VCL of
// ops/varnish/ as it is, only its backends.vcl written for the given built servers (built-server.mjs):
// for the system test (tests/system/varnish.test.ts) and the bench's day replay (bench/cdn-share.mjs).
// It listens on a spare loopback port, keeps its work folder in a temp folder, and, run as root, drops
// to the `vcache` user as Debian's service does. One way to do it, so both get the same options.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sparePort } from './built-server.mjs';

const VCL_DIR = join(import.meta.dirname, '../../ops/varnish');
/** Debian puts it in /usr/sbin, which a user's PATH may lack. */
const VARNISHD = existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : 'varnishd';
/** A stop that takes longer ends with SIGKILL. */
const STOP_TIMEOUT_MS = 10_000;

/** True when varnishd can be run here. */
export function varnishAvailable() {
  try {
    execFileSync(VARNISHD, ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** ops/varnish/backends.vcl for these servers' addresses: the same probe on /readyz, probed each second. */
const backendsVcl = (bases) =>
  [
    'probe ready { .url = "/readyz"; .interval = 1s; .timeout = 2s; .window = 3; .threshold = 2; .initial = 2; }',
    ...bases.map((base, i) => {
      const { hostname, port } = new URL(base);
      return `backend server${i + 1} { .host = "${hostname}"; .port = "${port}"; .probe = ready; }`;
    }),
    'sub vcl_init {',
    '    new servers = directors.round_robin();',
    ...bases.map((_, i) => `    servers.add_backend(server${i + 1});`),
    '}',
    '',
  ].join('\n');

/**
 * @typedef {object} RunningVarnish
 * @property {string} base  http://127.0.0.1:<port>
 * @property {string} folder  its VCL and work folder
 * @property {import('node:child_process').ChildProcess} child  the manager process (varnishd -F)
 * @property {() => string} output  what it printed so far
 * @property {() => Promise<void>} stop  SIGTERM, SIGKILL after 10 s; deletes its folder
 */

/**
 * Starts varnishd in front of `backends` (built servers' bases) and waits until it answers through a
 * healthy one (/readyz).
 * @param {{ backends: string[], memory?: string }} options  memory: malloc storage size (64m)
 * @returns {Promise<RunningVarnish>}
 */
export async function startVarnish({ backends, memory = '64m' }) {
  const folder = mkdtempSync(join(tmpdir(), 'kwikfill-varnish-'));
  chmodSync(folder, 0o755); // its compiler and worker run as vcache
  copyFileSync(join(VCL_DIR, 'default.vcl'), join(folder, 'default.vcl'));
  writeFileSync(join(folder, 'backends.vcl'), backendsVcl(backends));
  const port = await sparePort();
  const base = `http://127.0.0.1:${port}`;
  const asRoot = process.getuid?.() === 0;
  const args = [
    '-F',
    '-n',
    join(folder, 'work'),
    '-a',
    `127.0.0.1:${port}`,
    '-f',
    join(folder, 'default.vcl'),
    '-s',
    `malloc,${memory}`,
    '-p',
    'vcc_allow_inline_c=off',
    // The server's own br kept (ops/varnish/README.md).
    '-p',
    'http_gzip_support=off',
    ...(asRoot ? ['-j', 'unix,user=vcache'] : []),
  ];
  const child = spawn(VARNISHD, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited (${child.exitCode}):\n${output}`);
    }
    const answer = await fetch(`${base}/readyz`).catch(() => undefined);
    if (answer?.status === 200 && answer.headers.has('x-varnish')) break;
    if (tries > 240) {
      await stop();
      throw new Error(`Varnish did not answer through a server within a minute:\n${output}`);
    }
    await sleep(250);
  }
  return { base, folder, child, output: () => output, stop };
}
