// Offline: after one visit, the site works with its server gone (the service worker serves what
// the visit kept: every page of the course, in both languages), served under the sub-path /pe/,
// with the lesson's questions and picture export too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, canvasHash, courseMap } from './harness.mjs';

// The one build, under a sub-path; the test takes its server away itself.
const env = useSite({ dir: 'dist', prefix: '/pe/' });

// The course's pages: the contents, each chapter's and the glossary, in each language.
const { chapters, steps } = courseMap();
const PAGES = ['', 'zh/'].flatMap((lang) => ['', ...chapters.map((c) => `${c}/`), 'glossary/'].map((page) => `/pe/${lang}${page}`));
/** The page of lesson step `n`'s chapter, in Chinese, with `query` after the step. */
const stepPage = (n, query = '') => `zh/${steps[n - 1]}/?lang=zh&step=${n}${query}`;

test('a second visit works with the server gone (service worker), under /pe/', async () => {
  const { browser, site } = env;
  const { context, page, problems } = await openPage(browser, site.origin, { acceptDownloads: true });
  await page.goto(site.url(stepPage(2)));
  await waitForApp(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-prompt"]')?.textContent.includes('…') === false);
  // The worker is installed once it has kept every page of the course and every file they name.
  const kept = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const cache = await caches.open('pe-explorer');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const kind of [/\/pe\/$/, /_bg\.wasm$/, /\.js$/, /\.css$/, /lesson\.txt$/, /\/pe\/export\.js$/, /\/pe\/teacher\.css$/]) {
    assert.ok(kept.some((path) => kind.test(path)), `kept ${kind}: ${kept.join(' ')}`);
  }
  assert.deepEqual(PAGES.filter((path) => !kept.includes(path)), [], 'every page of the course is kept');
  console.log(`service worker kept ${kept.length} files: ${kept.join(', ')}`);
  const before = site.requests.length;
  await site.close();

  // Network gone: the visited chapter's page, in another view, still opens and draws.
  await page.goto(site.url(`zh/${steps[1]}/?lang=zh&d_model=64`));
  await waitForApp(page);
  assert.equal(await page.textContent('[data-testid="app-title"]'), '位置编码探索器');
  assert.equal(await page.inputValue('[data-testid="value-d_model"]'), '64');
  const canvas = await page.locator('canvas[data-testid]').first().getAttribute('data-testid');
  assert.ok((await canvasHash(page, canvas)).inked > 0, `${canvas} draws offline`);

  // Another chapter's page, never visited, opens, draws and reads the lesson.
  await page.goto(site.url(stepPage(5, '&d_model=64')));
  await waitForApp(page);
  assert.equal(await page.textContent('[data-testid="app-title"]'), '位置编码探索器');
  await page.waitForFunction(() => (document.querySelector('[data-testid="lesson-prompt"]')?.textContent ?? '').startsWith('先猜一猜'));
  assert.ok((await canvasHash(page, 'canvas-heatmap')).inked > 0, 'the heatmap draws offline');
  assert.equal(await page.inputValue('[data-testid=\"value-d_model\"]'), '64');
  // The picture exports' script (and the teacher's tools that run them) come from the worker's
  // cache too.
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg-heatmap').click()]);
  assert.match(svg.suggestedFilename(), /^pe-explorer-heatmap-d_model64-.*\.svg$/);

  // The English contents page, and an old link it sends to its chapter's page.
  await page.goto(site.url('?lang=en'));
  await waitForApp(page);
  assert.equal(await page.textContent('[data-testid="app-title"]'), 'PE Explorer');
  await page.goto(site.url('?lang=en&pos=12#rope'));
  await waitForApp(page);
  assert.equal(new URL(page.url()).pathname, '/pe/rope/');
  assert.equal(await page.inputValue('[data-testid="value-pos"]'), '12');
  assert.ok((await canvasHash(page, 'canvas-rope-decay')).inked > 0, 'RoPE draws offline');
  assert.equal(site.requests.length, before, 'nothing reached the (closed) server');
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.foreignRequests, []);
  await context.close();
});
