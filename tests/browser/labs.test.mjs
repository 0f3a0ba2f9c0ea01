// Labs (src/ui/labs): parts of panels drawn by the tools' wasm, asked for when their panel first
// comes near the screen. The first: one RoPE pair read as complex numbers (issue 18, item 5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean } from './harness.mjs';

const env = useSite();
// (The service worker fetches every file for the offline copy after load, the tools' too: whether
// the page started them is told by their global, `peTeacher`, not by requests.)
const toolsStarted = (page) => page.evaluate(() => typeof self.peTeacher === 'function');

/** The three printed forms of pair i's part of the score, as numbers. */
async function forms(page) {
  return Promise.all(['rope-pair-rotation', 'rope-pair-turned', 'rope-pair-offset']
    .map(async (id) => Number(await page.getByTestId(id).textContent())));
}

test('the RoPE complex lab loads only when its panel comes near, and prints one number three ways', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?lang=en'));
  await waitForApp(page);
  await settle(page);
  assert.equal(await toolsStarted(page), false, 'the tools are not started before the RoPE panel is near');
  assert.equal(await page.locator('[data-lab="rope-complex"] > *').count(), 0, 'an empty slot');
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="rope-pair-offset"]', { timeout: 30000 });
  assert.equal(await toolsStarted(page), true, 'the tools were started for it');
  assert.equal(await page.getByTestId('rope-complex-title').textContent(), 'The same pair as complex numbers');

  const equal = (values, what) => {
    for (const v of values) assert.ok(Math.abs(v - values[0]) <= 1e-12, `${what}: ${values.join(', ')}`);
    assert.ok(values.every(Number.isFinite), what);
  };
  const at = async (m, n) => {
    await page.getByTestId('slider-m').fill(String(m));
    await page.getByTestId('slider-n').fill(String(n));
    await settle(page);
    const values = await forms(page);
    equal(values, `m = ${m}, n = ${n}`);
    return values[0];
  };
  // The offset alone decides: (5, 2) and (15, 12) give the same number; (5, 3) another.
  const a = await at(5, 2);
  const b = await at(15, 12);
  assert.ok(Math.abs(a - b) <= 1e-12, `${a} against ${b}`);
  const c = await at(5, 3);
  assert.ok(Math.abs(a - c) > 1e-6, 'another offset, another number');
  // The pair follows i.
  await page.getByTestId('slider-i').fill('5');
  await settle(page);
  equal(await forms(page), 'pair 5');
  // In Chinese, the lab's text too.
  await page.getByRole('button', { name: '中文' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="rope-complex-title"]')?.textContent === '用复数看同一对维度');
  assertClean(problems);
  await context.close();
});
