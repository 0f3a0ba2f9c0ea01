// Export: a panel's PNG is a real PNG at twice the canvases' resolution; its SVG is a valid SVG
// document with the drawing as vectors (and the heatmap's cells as an embedded PNG); both are
// headed by the panel's title, its parameters and its legend, and named after the parameters
// (the exports are made by the teacher's tools wasm, src/ui/teacher/export.rs); the CSV download is
// byte for byte what the `pe_csv` example prints for the same parameters; the JSON holds the
// same values; "copy as code" puts NumPy / PyTorch code for the current matrix on the clipboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { useSite, openPage, waitForApp, settle, canvasHash, assertClean, ROOT, pageFor, courseMap } from './harness.mjs';

const env = useSite();

const QUERY = '?lang=en&d_model=64&length=20&base=500&layout=split';
// The waves and the heatmap are panels of one chapter's page.
const PAGE = pageFor('waves', QUERY);
// The waves panel's files are named after the parameters its pictures depend on.
const WAVES_NAME = (ext) => new RegExp(`^pe-explorer-waves-d_model64-length20-pos10-k3-i\\d+-base500-layoutsplit-dims[a-z0-9+]+\\.${ext}$`);

async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { url: file.url(), name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('PNG export: a PNG of the panel at twice the resolution, the page unchanged after', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true });
  await page.goto(env.site.url(PAGE));
  await waitForApp(page);
  await canvasHash(page, 'canvas-waves'); // on screen, so drawn at the screen's resolution
  const css = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="canvas-waves"]');
    return { width: c.clientWidth, height: c.clientHeight, backing: c.width };
  });
  const png = await download(page, 'export-png-waves');
  assert.match(png.url, /^data:image\/png;base64,/);
  assert.match(png.name, WAVES_NAME('png'));
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  assert.equal(png.bytes.toString('latin1', 12, 16), 'IHDR');
  const width = png.bytes.readUInt32BE(16);
  const height = png.bytes.readUInt32BE(20);
  console.log(`png export (waves panel): ${width} × ${height} px, ${png.bytes.length} bytes; canvas on screen ${css.width} × ${css.height} CSS px`);
  assert.equal(width, 2 * css.width, 'twice the CSS width');
  assert.ok(height >= 2 * css.height, 'at least twice the height of its first canvas');
  // Back to the screen's resolution afterwards.
  await settle(page);
  await settle(page);
  assert.equal(await page.evaluate(() => document.querySelector('[data-testid="canvas-waves"]').width), css.backing);
  assertClean(problems);
  await context.close();
});

/** What an SVG download holds, as the browser reads it. */
async function inspectSvg(page, text) {
  return page.evaluate(async (source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const root = doc.documentElement;
    const count = (tag) => doc.getElementsByTagNameNS('http://www.w3.org/2000/svg', tag).length;
    const texts = [...doc.getElementsByTagNameNS('http://www.w3.org/2000/svg', 'text')].map((t) => t.textContent);
    const images = [...doc.getElementsByTagNameNS('http://www.w3.org/2000/svg', 'image')]
      .map((i) => i.getAttribute('href').slice(0, 22));
    // The file as a picture: it must load and have the size it declares.
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml' }));
    await img.decode();
    return {
      parseErrors: doc.getElementsByTagName('parsererror').length,
      root: root.localName,
      namespace: root.namespaceURI,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      title: doc.querySelector('title')?.textContent,
      paths: count('path'),
      texts,
      images,
      rendered: [img.naturalWidth, img.naturalHeight],
    };
  }, text);
}

test('SVG export: a valid SVG of the panel with its lines and text as vectors; canvases restored', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true });
  await page.goto(env.site.url(PAGE));
  await waitForApp(page);
  const before = await canvasHash(page, 'canvas-waves');
  const waves = await download(page, 'export-svg-waves');
  assert.match(waves.url, /^data:image\/svg\+xml;charset=utf-8,/);
  assert.match(waves.name, WAVES_NAME('svg'));
  const text = waves.bytes.toString('utf8');
  assert.match(text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const svg = await inspectSvg(page, text);
  console.log(`svg export (waves panel): ${waves.bytes.length} bytes, ${svg.paths} paths, ${svg.texts.length} texts, ${svg.images.length} images, ${svg.width} × ${svg.height}`);
  assert.equal(svg.parseErrors, 0, 'parses as XML');
  assert.equal(svg.root, 'svg');
  assert.equal(svg.namespace, 'http://www.w3.org/2000/svg');
  assert.equal(svg.title, await page.locator('#waves-title').textContent());
  assert.ok(svg.paths >= 8, `curves, axes and grid as paths (${svg.paths})`);
  assert.equal(svg.images.length, 0, 'the waves are vectors only');
  assert.ok(svg.texts.some((t) => t.startsWith('position')), `axis title among the texts: ${svg.texts.join('|')}`);
  // The file stands alone: the panel's title, its parameters and its legend are drawn in it.
  const title = await page.locator('#waves-title').textContent();
  assert.ok(svg.texts.includes(title), `the title among the texts: ${svg.texts.join('|')}`);
  assert.ok(svg.texts.some((t) => t.startsWith('d_model = 64 · length = 20 · pos = 10 · k = 3')), 'the parameters');
  const legend = await page.locator('#waves .legend li').first().textContent();
  assert.ok(svg.texts.some((t) => legend.startsWith(t) && t.startsWith('dim ')), `the legend's first entry (${legend})`);
  assert.deepEqual(svg.rendered, [Math.round(svg.width), Math.round(svg.height)], 'renders at its declared size');
  // The page's canvases draw for the screen again, as before.
  await settle(page);
  await settle(page);
  assert.equal(await page.evaluate(() => [...document.querySelectorAll('canvas')].some((c) => Object.hasOwn(c, 'getContext'))), false);
  assert.deepEqual(await canvasHash(page, 'canvas-waves'), before);

  // The heatmap: its cells and its colour bar's colours are pictures, its axes and colour bar
  // labels are text.
  const heatmap = await download(page, 'export-svg-heatmap');
  const map = await inspectSvg(page, heatmap.bytes.toString('utf8'));
  console.log(`svg export (heatmap panel): ${heatmap.bytes.length} bytes, ${map.paths} paths, ${map.texts.length} texts, ${map.images.length} images`);
  assert.equal(map.parseErrors, 0);
  assert.deepEqual(map.images, ['data:image/png;base64,', 'data:image/png;base64,']);
  assert.ok(map.texts.includes('+1') && map.texts.includes('−1'), `the colour bar's scale: ${map.texts.join('|')}`);
  assert.ok(map.texts.includes('dimension') && map.texts.includes('position pos'), map.texts.join('|'));
  assertClean(problems);
  await context.close();
});

test('picture export without its script (offline before a first visit kept it) says so, and works on the next click', async () => {
  // No service worker: the page's own request for export.js is the one that fails.
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true, serviceWorkers: 'block' });
  await page.goto(env.site.url(pageFor('waves', '?lang=zh&d_model=64')));
  await waitForApp(page);
  await page.route('**/export.js', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('export-svg-waves').click();
  const status = page.getByTestId('export-status-waves');
  await page.waitForFunction(() => document.querySelector('[data-testid="export-status-waves"]').textContent !== '');
  assert.equal(await status.textContent(), '导出图片需联网加载一次，请联网后再试。');
  assert.equal(await status.getAttribute('role'), 'status');
  // The failed script is gone; the next click adds a new one.
  assert.equal(await page.locator('script[src$="export.js"]').count(), 0);
  // Connected again: the same button saves the file.
  await page.unroute('**/export.js');
  const waves = await download(page, 'export-svg-waves');
  assert.match(waves.name, /^pe-explorer-waves-d_model64-length100-.*\.svg$/);
  assert.match(waves.bytes.toString('utf8'), /^<svg /);
  assert.equal(await status.textContent(), '', 'the message goes once the export works');
  // The aborted request is the one failure expected.
  assert.deepEqual(problems.failedRequests.map((u) => u.replace(/.*\//, '')), ['export.js']);
  problems.failedRequests = [];
  problems.consoleErrors = problems.consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'));
  assertClean(problems);
  await context.close();
});

test('CSV export equals pe_csv for the same parameters; JSON holds the same values', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true });
  await page.goto(env.site.url(PAGE));
  await waitForApp(page);
  const csv = await download(page, 'export-csv-heatmap');
  assert.match(csv.url, /^blob:/);
  assert.equal(csv.name, 'pe-matrix.csv');
  const expected = execFileSync('cargo', ['run', '--quiet', '--offline', '--example', 'pe_csv', '--',
    '--d-model', '64', '--len', '20', '--base', '500', '--layout', 'split'], { cwd: ROOT });
  assert.equal(csv.bytes.toString('utf8'), expected.toString('utf8'));
  assert.equal(csv.bytes.toString('utf8').trim().split('\n').length, 20);

  const json = await download(page, 'export-json-heatmap');
  assert.match(json.url, /^blob:/);
  const parsed = JSON.parse(json.bytes.toString('utf8'));
  assert.deepEqual([parsed.d_model, parsed.length, parsed.base, parsed.layout], [64, 20, 500, 'split']);
  const rows = csv.bytes.toString('utf8').trim().split('\n').map((l) => l.split(',').map(Number));
  assert.deepEqual(parsed.values, rows);
  assertClean(problems);
  await context.close();
});

test('copy as code puts NumPy and PyTorch code for the current matrix on the clipboard', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.origin });
  await page.goto(env.site.url(PAGE));
  await waitForApp(page);
  await page.getByTestId('export-numpy-heatmap').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="export-status-heatmap"]').textContent !== '');
  assert.equal(await page.getByTestId('export-status-heatmap').textContent(), 'Code copied');
  const numpy = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(numpy, /import numpy as np/);
  assert.match(numpy, /length, d_model, base = 20, 64, 500/);
  await page.getByTestId('export-pytorch-heatmap').click();
  await page.waitForFunction((before) => navigator.clipboard.readText().then((t) => t !== before), numpy);
  const torch = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(torch, /import torch/);
  assert.match(torch, /length, d_model, base = 20, 64, 500/);
  assertClean(problems);
  await context.close();
});

test('SVG export of every panel of every chapter: a whole, valid SVG, no panic, the page still answering', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true });
  const { chapters } = courseMap();
  const exported = [];
  for (const chapter of chapters) {
    await page.goto(env.site.url(`${chapter}/?lang=en`));
    await waitForApp(page);
    const buttons = await page.locator('[data-testid^="export-svg-"]').evaluateAll((all) => all.map((b) => b.dataset.testid));
    for (const testid of buttons) {
      const panel = testid.replace('export-svg-', '');
      await page.locator(`#${panel}`).scrollIntoViewIfNeeded();
      const file = await download(page, testid);
      const svg = await inspectSvg(page, file.bytes.toString('utf8'));
      assert.equal(svg.parseErrors, 0, `${panel}: parses as XML`);
      assert.equal(svg.root, 'svg', panel);
      assert.ok(svg.paths > 0 || svg.images.length > 0, `${panel}: something drawn (${svg.paths} paths, ${svg.images.length} images)`);
      assert.deepEqual(problems.pageErrors, [], `${panel}: no panic`);
      // The page still answers: no banner that it stopped.
      assert.equal(await page.locator('.panic-banner, [data-testid="panic-banner"]').count(), 0, `${panel}: no "stopped responding"`);
      exported.push(`${panel} ${file.bytes.length} B`);
    }
  }
  console.log(`svg export of every panel: ${exported.join(', ')}`);
  assert.ok(exported.length >= 14, `${exported.length} panels exported`);
  assertClean(problems);
  await context.close();
});
