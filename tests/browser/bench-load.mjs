// Page-load benchmark: Lighthouse mobile (simulated slow 4G, 4× CPU slowdown) on the release
// build served with gzip, for each kind of link a class opens, RUNS times each (3 unless
// PE_BENCH_RUNS says more). Prints every run and the median beside its target, writes
// target/bench/load.json, and exits 1 when a median misses its target. `make bench` runs it;
// `make test` only prints one run (the figures depend on the machine's load).
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { serve, launch, ROOT } from './harness.mjs';
import { LOAD_LINKS, mobilePerformance, describe } from './lighthouse-mobile.mjs';

const RUNS = Math.max(3, Number(process.env.PE_BENCH_RUNS ?? 3));
const PORT = 9334;
// The targets (docs/performance.md): a score of at least 95 and the largest paint within 1.5 s
// for every kind of link, and nothing moving while the page loads.
const TARGETS = [
  ['performance', (r) => r.score, (v) => v >= 95, '≥ 95'],
  ['largest contentful paint', (r) => r.lcp, (v) => v <= 1500, '≤ 1500 ms'],
  ['cumulative layout shift', (r) => r.cls, (v) => v === 0, '= 0'],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};

const site = await serve(process.env.PE_BENCH_DIST ?? 'dist');
const browser = await launch([`--remote-debugging-port=${PORT}`]);
const results = [];
let missed = 0;
try {
  for (const [name, query] of LOAD_LINKS) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await mobilePerformance(site.url(query), PORT));
    }
    const med = Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'cls', 'si'].map((k) => [k, median(runs.map((r) => r[k]))]));
    console.log(`${name} (${query || '/'}):`);
    for (const r of runs) {
      console.log(`  run: ${describe(r)}`);
    }
    for (const [label, pick, ok, target] of TARGETS) {
      const pass = ok(pick(med));
      if (!pass) missed += 1;
      console.log(`  median ${label}: ${pick(med)} (target ${target}) ${pass ? 'ok' : 'MISSED'}`);
    }
    console.log(`  median FCP ${med.fcp} ms, TBT ${med.tbt} ms, speed index ${med.si} ms (printed, no target)`);
    results.push({ name, query, runs, median: med });
  }
} finally {
  await browser.close();
  await site.close();
}
const outDir = resolve(ROOT, 'target', 'bench');
await mkdir(outDir, { recursive: true });
await writeFile(resolve(outDir, 'load.json'), JSON.stringify(results, null, 1));
console.log(missed ? `page load: ${missed} median(s) missed their target` : 'page load: every median within its target');
process.exitCode = missed ? 1 : 0;
