// A phone's throttled load of a Chinese chapter link (1.6 Mbps down, 750 kbps up, 150 ms
// latency, CPU ×4, as Lighthouse's slow 4G): when the first Chinese text is painted (first
// contentful paint) and when the first chart is drawn (a canvas sized by its first drawing).
//   node throttled-load.mjs [runs] [path]   prints a few runs of one link
//   node throttled-load.mjs --bench         make bench's part: every chapter, opened at its first
//                                           panel, 3 runs each (PE_BENCH_RUNS for more), from a
//                                           host that sends gzip and one that sends Brotli;
//                                           prints the medians against the targets (first chart
//                                           2.5 s, first text 1.5 s) and exits 1 when one misses
//                                           on either host
// A chapter whose first screen holds no chart (at #rope the panel's explanation fills it) is
// scrolled to its first chart box once the page has loaded, as a reader would: charts are drawn
// only on screen.
import { serve, launch, openPage, courseMap } from './harness.mjs';

const TARGET_CHART_MS = 2500;
const TARGET_TEXT_MS = 1500;

const bench = process.argv[2] === '--bench';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The first panel of each chapter, in page order (charts draw only once on screen). */
function chapterLinks() {
  const { chapters, where } = courseMap();
  return chapters.map((chapter) => {
    const anchor = Object.entries(where).find(([a, c]) => c === chapter && !a.startsWith('lab-'))?.[0];
    return `zh/${chapter}/?lang=zh#${anchor}`;
  });
}

const dist = process.env.PE_BENCH_DIST ?? process.env.PE_DIST ?? 'dist';
const hosts = { gzip: await serve(dist), brotli: await serve(dist, '/', { encoding: 'br' }) };
const browser = await launch();

async function load(path, server = hosts.gzip) {
  const { context, page } = await openPage(browser, server.origin, { viewport: { width: 375, height: 812 } });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Before the page's own scripts: note when a canvas is first drawn (it gets its height then).
    await page.addInitScript(() => {
      const look = () => {
        if (document.querySelector('canvas[style*="height"]')) window.__firstChart = performance.now();
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(server.url(path), { waitUntil: 'load' });
    await page.evaluate(() => {
      const boxes = [...document.querySelectorAll('main canvas')];
      if (!boxes.some((box) => box.getBoundingClientRect().top < innerHeight)) boxes[0]?.scrollIntoView();
    });
    await page.waitForFunction(() => window.__firstChart !== undefined, null, { timeout: 60000 });
    return await page.evaluate(() => ({
      text: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      chart: window.__firstChart,
    }));
  } finally {
    await context.close();
  }
}

let missed = 0;
try {
  if (bench) {
    const runs = Math.max(3, Number(process.env.PE_BENCH_RUNS ?? 3));
    for (const [host, server] of Object.entries(hosts)) {
      // Once unmeasured: the host compresses each file on its first request.
      await load(chapterLinks()[0], server).catch(() => {});
      for (const path of chapterLinks()) {
        const figures = [];
        // A chart that never arrives is a miss to print, not a crash that hides the other chapters.
        for (let run = 0; run < runs; run += 1) {
          figures.push(await load(path, server).catch((error) => ({ text: Infinity, chart: Infinity, error })));
        }
        const failed = figures.find((f) => f.error);
        if (failed) console.log(`${path}: ${failed.error.message.split('\n')[0]}`);
        const text = median(figures.map((f) => f.text));
        const chart = median(figures.map((f) => f.chart));
        const ok = chart <= TARGET_CHART_MS && text <= TARGET_TEXT_MS;
        missed += !ok;
        console.log(`${host} host, ${path}: first text ${Math.round(text)} ms (target ${TARGET_TEXT_MS}), first chart ${Math.round(chart)} ms `
          + `(target ${TARGET_CHART_MS}; runs ${figures.map((f) => Math.round(f.chart)).join(', ')}) ${ok ? 'ok' : 'MISSED'}`);
      }
    }
  } else {
    const [runs = '3', path = 'zh/sinusoidal/?lang=zh#vector'] = process.argv.slice(2);
    for (let run = 0; run < Number(runs); run += 1) {
      const { text, chart } = await load(path);
      console.log(`${path} run ${run + 1}: first Chinese text ${Math.round(text)} ms, first chart ${Math.round(chart)} ms`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(hosts).map((host) => host.close()));
}
process.exit(missed ? 1 : 0);
