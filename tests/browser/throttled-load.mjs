// A phone's throttled load of a Chinese chapter link (1.6 Mbps down, 750 kbps up, 150 ms
// latency, CPU ×4, as Lighthouse's slow 4G): when the first Chinese text is painted (first
// contentful paint) and when the first chart is drawn (a canvas sized by its first drawing),
// printed for a few runs. node throttled-load.mjs [runs] [path]
import { serve, launch, openPage } from './harness.mjs';

// The default link opens at a panel, so a chart is on screen from the start (charts draw only
// once on screen; a chapter's first screen is its key points).
const [runs = '3', path = 'zh/sinusoidal/?lang=zh#vector'] = process.argv.slice(2);
const server = await serve(process.env.PE_DIST ?? 'dist');
const browser = await launch();
try {
  for (let run = 0; run < Number(runs); run += 1) {
    const { context, page } = await openPage(browser, server.origin, { viewport: { width: 375, height: 812 } });
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
    await page.waitForFunction(() => window.__firstChart !== undefined, null, { timeout: 60000 });
    const { fcp, chart } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      chart: window.__firstChart,
    }));
    console.log(`${path} run ${run + 1}: first Chinese text ${Math.round(fcp)} ms, first chart ${Math.round(chart)} ms`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
