import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tooOld } from './require-node24.mjs';

const requireNode24 = new URL('./require-node24.mjs', import.meta.url).pathname;

describe('the Node version check (npm run require-node24)', () => {
  it('refuses Node older than 24 and accepts 24 or newer', () => {
    expect(tooOld('20.20.2')).toBe(true);
    expect(tooOld('22.12.0')).toBe(true);
    expect(tooOld('24.0.0')).toBe(false);
    expect(tooOld('26.1.0')).toBe(false);
  });

  it('passes silently on the pinned Node', () => {
    expect(spawnSync(process.execPath, [requireNode24]).status).toBe(0);
  });

  // The machine's own Node (20 here) is what scripts fall back to after `npm ci --ignore-scripts`.
  const systemNode = ['/usr/local/bin/node', '/usr/bin/node'].find((path) => {
    try {
      return tooOld(execFileSync(path, ['-p', 'process.versions.node']).toString().trim());
    } catch {
      return false;
    }
  });
  it.skipIf(!systemNode)('stops an older Node with a message saying what to do', () => {
    const run = spawnSync(systemNode as string, [requireNode24]);
    expect(run.status).toBe(1);
    expect(run.stderr.toString()).toContain('This project needs Node 24 or newer');
  });
});
