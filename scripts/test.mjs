/**
 * `npm test`: every stage runs, even after one failed, so a unit failure never hides the journeys;
 * the run ends with one summary of all of them and exits non-zero when any failed (decision 305).
 * A stage whose input is missing (the journeys without a build) is counted as failed, not skipped.
 */
import { spawn } from 'node:child_process';

const stages = [
  { name: 'type check', command: 'npx', args: ['tsc', '--noEmit'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'unit and api tests on PostgreSQL', command: 'npx', args: ['vitest', 'run'] },
  // The api tests again on the embedded database that `npm start` uses (decision 303).
  { name: 'api tests on PGlite', command: 'npm', args: ['run', '--silent', 'test:unit:pglite'] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  { name: 'journeys (JavaScript on and off)', command: 'npx', args: ['playwright', 'test'], needs: 'build' },
];

function run(stage) {
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, { stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const results = [];
let stopped = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stopped = true));
for (const stage of stages) {
  if (stopped) break;
  const needed = stage.needs && results.find((r) => r.name === stage.needs);
  const started = Date.now();
  console.log(`\n=== ${stage.name} ===`);
  const code = needed && !needed.passed ? 1 : await run(stage);
  results.push({ name: stage.name, passed: code === 0, seconds: Math.round((Date.now() - started) / 1000), note: needed && !needed.passed ? `(not run: ${stage.needs} failed)` : '' });
}

const width = Math.max(...results.map((r) => r.name.length));
console.log('\n=== npm test: summary ===');
for (const r of results) console.log(`${r.passed ? 'passed' : 'FAILED'}  ${r.name.padEnd(width)}  ${String(r.seconds).padStart(5)} s ${r.note}`);
const failed = results.filter((r) => !r.passed).length + (stages.length - results.length);
console.log(`stages: ${results.length - results.filter((r) => !r.passed).length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
