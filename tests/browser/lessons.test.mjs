// The deeper lessons' panels: each shows its key fact on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, waitForApp, canvasHash, settle, assertClean } from './harness.mjs';

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


test('word order: the sentence vectors differ by exactly 0 without PE and by more with it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url());
  await waitForApp(page);
  const difference = () => page.textContent('[data-testid="order-difference"]');
  for (const pair of ['0', '1']) {
    await page.getByTestId('select-order-pair').selectOption(pair);
    await settle(page);
    assert.match(await difference(), /^0 \(exactly zero\)$/, `pair ${pair} without PE`);
    assert.match(await page.textContent('[data-testid="order-rows"]'), /same rows in another order/);
    const before = await canvasHash(page, 'canvas-word-order');
    await page.getByTestId('toggle-order-pe').check();
    await settle(page);
    const value = Number(await difference());
    assert.ok(value > 1e-3, `pair ${pair} with PE differs (${value})`);
    assert.match(await page.textContent('[data-testid="order-rows"]'), /differ, not just their order/);
    assert.notEqual((await canvasHash(page, 'canvas-word-order')).hash, before.hash);
    await page.getByTestId('toggle-order-pe').uncheck();
  }
  assert.match(page.url(), /order=1/);
  assertClean(problems);
  await context.close();
});

test('frequencies: the ladder runs from 2π to 2π·base and follows i, d_model and base', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url('?i=0'));
  await waitForApp(page);
  const current = () => page.textContent('[data-testid="frequency-current"]');
  assert.equal(await current(), `i = 0: ω = 1.000000, λ = ${(2 * Math.PI).toFixed(3)}`);
  await page.getByTestId('slider-i').focus();
  await page.keyboard.press('End');
  await settle(page);
  // The last pair of d_model 128: λ = 2π·10000^(126/128).
  const last = 2 * Math.PI * Math.pow(10000, 126 / 128);
  assert.equal(await current(), `i = 63: ω = ${(2 * Math.PI / last).toFixed(6)}, λ = ${last.toFixed(3)}`);
  // With 100 positions, pairs whose wavelength exceeds 100 are counted: λ_i > 100 ⇔ i ≥ 20.
  assert.match(await page.textContent('[data-testid="frequency-slow"]'), /^44 of 64 pairs/);
  const before = await canvasHash(page, 'canvas-frequencies');
  await page.getByTestId('slider-base').focus();
  await page.keyboard.press('Home');
  await settle(page);
  assert.notEqual((await canvasHash(page, 'canvas-frequencies')).hash, before.hash, 'base redraws the ladder');
  assertClean(problems);
  await context.close();
});

test('dot product: the same k gives the same dot product from pos and from 0, equal to Σ cos', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  for (const query of ['', '?pos=40&k=17&d_model=64&base=500', '?d_model=512&length=2048&pos=1500&k=300']) {
    await page.goto(site.url(query));
    await waitForApp(page);
    const read = async (id) => Number(await page.textContent(`[data-testid="${id}"]`));
    const [atPos, atZero, formula] = [await read('dot-at-pos'), await read('dot-at-zero'), await read('dot-formula')];
    assert.ok(Math.abs(atPos - atZero) < 1e-9, `${query}: ${atPos} vs ${atZero}`);
    assert.ok(Math.abs(atPos - formula) < 1e-9, `${query}: ${atPos} vs Σcos ${formula}`);
    assert.ok((await canvasHash(page, 'canvas-dot-matrix')).inked > 1000);
  }
  assertClean(problems);
  await context.close();
});

test('saturation: a louder position encoding sharpens attention until it collapses', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  const entropyAt = async (amp) => {
    await page.goto(site.url(`?amp=${amp}`));
    await waitForApp(page);
    return Number(await page.textContent('[data-testid="saturation-entropy"]'));
  };
  const [quiet, balanced, loud] = [await entropyAt(0), await entropyAt(1), await entropyAt(8)];
  assert.ok(quiet <= Math.log(6) + 1e-9, `entropy at a = 0 is at most ln 6 (${quiet})`);
  assert.ok(quiet > balanced && balanced > loud, `entropy falls: ${quiet} > ${balanced} > ${loud}`);
  assert.ok(loud < 0.5 * quiet, `attention collapses at a = 8 (${loud} vs ${quiet})`);
  const before = await canvasHash(page, 'canvas-saturation-weights');
  await page.getByTestId('slider-amp-saturation').fill('2');
  await settle(page);
  assert.notEqual((await canvasHash(page, 'canvas-saturation-weights')).hash, before.hash);
  assert.match(page.url(), /amp=2(&|$)/);
  assertClean(problems);
  await context.close();
});
