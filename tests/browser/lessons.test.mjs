// The deeper lessons' panels: each shows its key fact on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, waitForApp, canvasHash, settle } from './harness.mjs';

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

function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'uncaught errors');
  assert.deepEqual(problems.consoleErrors, [], 'console errors');
  assert.deepEqual(problems.failedRequests, [], 'failed requests');
}

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
