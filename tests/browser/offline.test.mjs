// Offline: after one visit, the site works with its server gone (the service worker serves what
// the visit kept), served under the sub-path /pe/, with the lesson's questions and picture export too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, canvasHash } from './harness.mjs';

// The one build, under a sub-path; the test takes its server away itself.
const env = useSite({ dir: 'dist', prefix: '/pe/' });

test('a second visit works with the server gone (service worker), under /pe/', async () => {
  const { browser, site } = env;
  const { context, page, problems } = await openPage(browser, site.origin, { acceptDownloads: true });
  await page.goto(site.url('?lang=zh&step=2'));
  await waitForApp(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-prompt"]')?.textContent.includes('…') === false);
  // The worker is installed once it has kept the page and every file the page names.
  const kept = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const cache = await caches.open('pe-explorer');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const kind of [/\/pe\/$/, /_bg\.wasm$/, /\.js$/, /\.css$/, /lesson\.txt$/, /\/pe\/export\.js$/, /\/pe\/teacher\.css$/]) {
    assert.ok(kept.some((path) => kind.test(path)), `kept ${kind}: ${kept.join(' ')}`);
  }
  console.log(`service worker kept ${kept.length} files: ${kept.join(', ')}`);
  const before = site.requests.length;
  await site.close();

  // Network gone: a link with another view still opens, draws and reads the lesson.
  await page.goto(site.url('?lang=zh&step=5&d_model=64'));
  await waitForApp(page);
  assert.equal(await page.textContent('[data-testid="app-title"]'), '位置编码探索器');
  await page.waitForFunction(() => (document.querySelector('[data-testid="lesson-prompt"]')?.textContent ?? '').startsWith('先猜一猜'));
  assert.ok((await canvasHash(page, 'canvas-heatmap')).inked > 0, 'the heatmap draws offline');
  assert.equal(await page.inputValue('[data-testid=\"value-d_model\"]'), '64');
  // The picture exports' script (and the teacher's tools that run them) come from the worker's
  // cache too.
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg-heatmap').click()]);
  assert.match(svg.suggestedFilename(), /^pe-explorer-heatmap-d_model64-.*\.svg$/);
  assert.equal(site.requests.length, before, 'nothing reached the (closed) server');
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.foreignRequests, []);
  await context.close();
});
