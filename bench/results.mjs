// Where `npm run bench` writes: each benchmark saves its figures as one part (bench/results/parts/,
// not committed), and bench/report.mjs joins the parts into bench/results/report.json and
// report.md, with the targets. Each part records the machine's load when it was measured: the
// box may be shared, and a reader judges throughput figures by it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

export const RESULTS_DIR = join(import.meta.dirname, 'results');
const PARTS_DIR = join(RESULTS_DIR, 'parts');

/** The load average (1, 5, 15 min) and the number of cores, rounded for a report. */
export const machineLoad = () => ({
  loadavg: loadavg().map((value) => Number(value.toFixed(2))),
  cores: cpus().length,
});

/** Saves one benchmark's figures (`name`: lighthouse, server, pages, database). */
export function writePart(name, figures) {
  mkdirSync(PARTS_DIR, { recursive: true });
  const part = { measuredAt: new Date().toISOString(), ...machineLoad(), ...figures };
  writeFileSync(join(PARTS_DIR, `${name}.json`), `${JSON.stringify(part, null, 2)}\n`);
}

/** Every saved part by name. */
export function readParts() {
  const parts = {};
  for (const file of readdirSync(PARTS_DIR).filter((name) => name.endsWith('.json'))) {
    parts[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(PARTS_DIR, file), 'utf8'));
  }
  return parts;
}
