// The engine worker's import (`import engine_worker`, what the page's engine
// table waits for after Pyodide is up: webbench's scopa-worker-pyodide to
// scopa-worker-engine) timed in Pyodide under Node, for one or more built
// engine.zip files, in rounds interleaved zip by zip: the A/B a change to the
// worker's imports needs on a shared machine, where the browser's start-up
// marks move by hundreds of ms with the load (docs/package.md).
//
//   node tools/worker_import_bench.mjs [--rounds 7] ZIP [ZIP ...]
//
// Each sample is a new interpreter (nothing imported yet), the zip on sys.path
// as worker/engine.mjs puts it; the figure is the process's CPU time for the
// import (less sensitive to other load than the wall clock, printed too).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const ZIP_PATH = "/home/pyodide/engine.zip";

const args = process.argv.slice(2);
let rounds = 7;
if (args[0] === "--rounds") {
  rounds = Number(args[1]);
  args.splice(0, 2);
}
if (!args.length || !(rounds > 0)) {
  console.error("usage: node tools/worker_import_bench.mjs [--rounds N] ZIP [ZIP ...]");
  process.exit(2);
}

async function sample(zip) {
  const pyodide = await loadPyodide();
  pyodide.FS.writeFile(ZIP_PATH, fs.readFileSync(zip));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ZIP_PATH)})`);
  const cpu = process.cpuUsage();
  const started = performance.now();
  pyodide.pyimport("engine_worker");
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - started };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const samples = args.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [k, zip] of args.entries()) samples[k].push(await sample(zip));
}
console.log(`import engine_worker in Pyodide under Node, ${rounds} rounds; medians, range`);
for (const [k, zip] of args.entries()) {
  const cpu = samples[k].map((s) => s.cpu);
  const wall = samples[k].map((s) => s.wall);
  const ms = (v) => `${v.toFixed(0)} ms`;
  console.log(
    `${zip}: CPU ${ms(median(cpu))} (${ms(Math.min(...cpu))} - ${ms(Math.max(...cpu))}),` +
      ` wall ${ms(median(wall))} (${ms(Math.min(...wall))} - ${ms(Math.max(...wall))})`,
  );
}
