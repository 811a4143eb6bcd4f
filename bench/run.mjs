// Runs every benchmark in this folder (bench/*.ts) in turn and prints its figures.
// Benchmarks are never part of the test run's pass/fail.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .filter((name) => !only || name.startsWith(only));
let failed = 0;
for (const name of benches) {
  console.log(`\n== ${name}`);
  const result = spawnSync('npx', ['tsx', path.join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
