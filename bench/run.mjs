// `npm run bench` after the build: every benchmark in turn, each in its own process, then the one
// report (bench/report.mjs). A benchmark that fails (or a page over its byte budget: bench/pages.mjs
// exits 1) does not stop the others; the report names it, and the run exits 1.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './results.mjs';

const STEPS = [
  { name: 'page weight', args: ['bench/pages.mjs'] },
  { name: 'lighthouse', args: ['bench/lighthouse.mjs'] },
  { name: 'server', args: ['--import', 'tsx', 'bench/server.mjs'] },
  { name: 'rolling restart', args: ['--import', 'tsx', 'bench/rolling-restart.mjs'] },
  { name: 'cdn share', args: ['--import', 'tsx', 'bench/cdn-share.mjs'] },
  // A throwaway PostgreSQL for these two (tests/support/with-postgres.sh), deleted after each.
  {
    name: 'rolling restart (PostgreSQL)',
    withPostgres: true,
    args: ['--import', 'tsx', 'bench/rolling-restart.mjs'],
  },
  {
    name: 'entries: SQLite, PostgreSQL, two servers',
    withPostgres: true,
    args: ['--import', 'tsx', 'bench/entry-scaling.mjs'],
  },
  { name: 'gazetteer', args: ['--expose-gc', '--import', 'tsx', 'bench/gazetteer.mjs'] },
  { name: 'vitest bench', args: ['node_modules/vitest/vitest.mjs', 'bench', '--run'] },
];

rmSync(join(RESULTS_DIR, 'parts'), { recursive: true, force: true });
// The cdn share step replays its day through a real Varnish too, and Lighthouse runs in Debian's
// `chromium`: both installed when missing.
spawnSync('bash', ['tests/support/ensure-varnish.sh'], { stdio: 'inherit' });
spawnSync('bash', ['tests/support/ensure-browsers.sh'], { stdio: 'inherit' });
const steps = STEPS.map(({ name, args, withPostgres }) => {
  console.log(`\n== ${name}`);
  const [command, argv] = withPostgres
    ? ['bash', ['tests/support/with-postgres.sh', process.execPath, ...args]]
    : [process.execPath, args];
  const { status } = spawnSync(command, argv, { stdio: 'inherit' });
  return { name, ok: status === 0, code: status };
});
spawnSync(process.execPath, ['bench/report.mjs', JSON.stringify(steps)], { stdio: 'inherit' });
process.exitCode = steps.every((step) => step.ok) ? 0 : 1;
