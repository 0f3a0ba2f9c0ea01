// Export: a panel's PNG is a real PNG at twice the canvases' resolution; the CSV download is
// byte for byte what the `pe_csv` example prints for the same parameters; the JSON holds the
// same values; "copy as code" puts NumPy / PyTorch code for the current matrix on the clipboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serve, launch, openPage, waitForApp, settle, assertClean, ROOT } from './harness.mjs';

let browser;
let site;
before(async () => {
  browser = await launch();
  site = await serve('dist');
});
after(async () => {
  await browser?.close();
  await site?.close();
});

const QUERY = '?lang=en&d_model=64&length=20&base=500&layout=split';

async function download(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { url: file.url(), name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('PNG export: a PNG of the panel at twice the resolution, the page unchanged after', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { acceptDownloads: true });
  await page.goto(site.url(QUERY));
  await waitForApp(page);
  const css = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="canvas-waves"]');
    return { width: c.clientWidth, height: c.clientHeight, backing: c.width };
  });
  const png = await download(page, 'export-png-waves');
  assert.match(png.url, /^data:image\/png;base64,/);
  assert.equal(png.name, 'pe-explorer-waves.png');
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

test('CSV export equals pe_csv for the same parameters; JSON holds the same values', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { acceptDownloads: true });
  await page.goto(site.url(QUERY));
  await waitForApp(page);
  const csv = await download(page, 'export-csv-heatmap');
  assert.match(csv.url, /^data:text\/csv;charset=utf-8,/);
  assert.equal(csv.name, 'pe-matrix.csv');
  const expected = execFileSync('cargo', ['run', '--quiet', '--offline', '--example', 'pe_csv', '--',
    '--d-model', '64', '--len', '20', '--base', '500', '--layout', 'split'], { cwd: ROOT });
  assert.equal(csv.bytes.toString('utf8'), expected.toString('utf8'));
  assert.equal(csv.bytes.toString('utf8').trim().split('\n').length, 20);

  const json = await download(page, 'export-json-heatmap');
  assert.match(json.url, /^data:application\/json;charset=utf-8,/);
  const parsed = JSON.parse(json.bytes.toString('utf8'));
  assert.deepEqual([parsed.d_model, parsed.length, parsed.base, parsed.layout], [64, 20, 500, 'split']);
  const rows = csv.bytes.toString('utf8').trim().split('\n').map((l) => l.split(',').map(Number));
  assert.deepEqual(parsed.values, rows);
  assertClean(problems);
  await context.close();
});

test('copy as code puts NumPy and PyTorch code for the current matrix on the clipboard', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  await page.goto(site.url(QUERY));
  await waitForApp(page);
  await page.getByTestId('export-numpy-heatmap').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="export-status"]').textContent !== '');
  assert.equal(await page.getByTestId('export-status').textContent(), 'Code copied');
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
