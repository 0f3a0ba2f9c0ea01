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
  assert.equal(await toolsStarted(page), false, 'nothing has asked for the tools at the top of the page');
  // (On a taller screen the PE vector panel's lab may start the tools at once: the RoPE lab's own
  // slot is what tells.)
  assert.equal(await page.locator('[data-lab="rope-complex"] > *').count(), 0, 'an empty slot before the panel is near');
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

test('the numbering lab: the raw index grows, the fraction changes with the length, the sinusoid keeps its size and step', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?lang=en&d_model=128&length=2048&pos=2000'));
  await waitForApp(page);
  await page.getByTestId('panel-vector').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="numbering-row-2"]', { timeout: 30000 });
  const row = async (n) => (await page.getByTestId(`numbering-row-${n}`).locator('td').allTextContents()).map(Number);
  // Columns: largest entry at pos, largest in the sequence, step to pos + 1, at pos twice as long.
  assert.deepEqual(await row(0), [2000, 2047, 1, 2000]);
  assert.deepEqual(await row(1), [Number((2000 / 2048).toFixed(4)), Number((2047 / 2048).toFixed(4)), Number((1 / 2048).toFixed(4)), Number((1000 / 2048).toFixed(4))]);
  // The sinusoid's step, computed here from the formula: √(Σ_i 2 − 2·cos ω_i), ω_i = 10000^(−2i/128).
  let sum = 0;
  for (let i = 0; i < 64; i += 1) sum += 2 - 2 * Math.cos(Math.pow(10000, (-2 * i) / 128));
  const sinusoid = await row(2);
  assert.equal(sinusoid[1], 1);
  assert.ok(Math.abs(sinusoid[2] - Math.sqrt(sum)) < 1e-4, `step ${sinusoid[2]} against ${Math.sqrt(sum)}`);
  assert.ok(sinusoid[0] <= 1 && sinusoid[3] === sinusoid[0]);
  // Another length and position: the raw index and the fraction change, the sinusoid's step does not.
  await page.getByTestId('value-length').fill('64');
  await page.getByTestId('value-length').press('Enter');
  await page.getByTestId('slider-pos').fill('10');
  await settle(page);
  assert.deepEqual(await row(0), [10, 63, 1, 10]);
  assert.equal((await row(1))[2], Number((1 / 64).toFixed(4)));
  assert.equal((await row(2))[2], sinusoid[2]);
  assertClean(problems);
  await context.close();
});
