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

test('the context-extension lab: PI divides the neighbour angle by s, YaRN keeps the fast pairs, presets and pasted configs', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?lang=en'));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="rope-extension-title"]', { timeout: 30000 });
  const text = (id) => page.getByTestId(id).textContent();
  const numbers = async (id) => (await text(id)).match(/[0-9.]+(e[0-9+-]+)?/g).map(Number);
  const pick = async (id, value) => { await page.getByTestId(id).selectOption(value); await settle(page); };

  // Llama 2 7B as released, asked for 4 × its 4096 positions without scaling: slow pairs meet
  // angles they never saw.
  assert.equal(await text('rope-extension-declared'), '4096');
  const [unseen] = await numbers('rope-extension-unseen');
  assert.ok(unseen > 0, `direct extrapolation leaves unseen angles: ${unseen}`);

  // Position interpolation: the fastest pair's step between neighbours is the original ÷ s, and
  // with s = L/L₀ no pair is asked for an angle it has not seen.
  await pick('rope-extension-method', '1');
  const s = Number(await text('rope-extension-factor-value'));
  assert.equal(s, 4);
  const [now, was, divided] = await numbers('rope-extension-fastest');
  assert.ok(Math.abs(now - was / s) < 1e-12 && divided === s, `${now} ${was} ${divided}`);
  assert.equal(await text('rope-extension-unseen'), '0 / 64');
  assert.equal(await text('rope-extension-fates'), '0 / 64 / 0');

  // YaRN: the fastest pairs unchanged, the slowest divided by s, a ramp between.
  await pick('rope-extension-method', '4');
  assert.match(await text('rope-extension-fastest'), /÷ 1\)$/);
  assert.match(await text('rope-extension-slowest'), /× 4\)$/);
  const [kept, interpolated, between] = await numbers('rope-extension-fates');
  assert.ok(kept > 0 && interpolated > 0 && kept + interpolated + between === 64, `${kept} ${interpolated} ${between}`);
  assert.equal(await text('rope-extension-attention'), (0.1 * Math.log(4) + 1).toFixed(4));

  // Llama 3.1 8B's published config: 128k declared, with factor 8 over 8192 trained positions.
  await pick('rope-extension-model', '2');
  assert.equal(await text('rope-extension-declared'), '131072');
  assert.equal(await text('rope-extension-stretched'), '65536');
  assert.equal(await page.getByTestId('rope-extension-method').inputValue(), '5');

  // A bad config gets a message naming the field, and the lab keeps what it showed.
  await page.locator('.lab-paste summary').click();
  const paste = async (config) => {
    await page.getByTestId('rope-extension-config').fill(config);
    await page.getByTestId('rope-extension-read').click();
    await settle(page);
    return text('rope-extension-config-status');
  };
  const bad = '{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096, "rope_scaling": {"type": "linear", "factor": 0.5}}';
  assert.match(await paste(bad), /rope_scaling\.factor is 0\.5/);
  assert.equal(await text('rope-extension-declared'), '131072');
  assert.match(await paste('not json'), /^Not JSON/);
  // The other bad configs issue 19 lists, each with the reader's message (tests/rope_scaling.rs
  // checks every message the reader has).
  const llama = (scaling) => JSON.stringify({ hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 4096, rope_scaling: scaling });
  for (const [config, message] of [
    ['  ', /^The config is empty/],
    [llama({ type: 'linear' }), /^rope_scaling\.factor is missing\.$/],
    [llama({ type: 'yarn' }), /^rope_scaling\.factor is missing\.$/],
    [llama({ type: 'longrope', factor: 2, short_factor: Array(64).fill(1), long_factor: [1, 1, 1] }), /^rope_scaling\.long_factor has 3 numbers; the rotary dimension needs 64/],
    [llama({ type: 'magic', factor: 2 }), /^Unknown rope_scaling type "magic"/],
  ]) {
    assert.match(await paste(config), message, config);
    assert.equal(await text('rope-extension-declared'), '131072', 'the view is kept');
  }
  // A good one (GPT-NeoX's keys, a quarter of each head rotating) takes over.
  assert.match(await paste('{"hidden_size": 6144, "num_attention_heads": 64, "rotary_pct": 0.25, "max_position_embeddings": 2048}'),
    /^Read\. rope_theta is not given/);
  assert.equal(await text('rope-extension-rotary'), '24 (12)');
  assert.equal(await page.getByTestId('rope-extension-model').inputValue(), '6', 'the pasted config, after the six presets');
  // Just the rope fields: the model's size is the lab's current one, and the lab says so.
  assert.equal(await paste('{"rope_theta": 500000.0}'),
    'Read. The config gives no model size: using the current head_dim 24 and max_position_embeddings 2048.');
  assert.equal(await text('rope-extension-rotary'), '24 (12)');

  // In Chinese, the lab and its messages too.
  await page.getByRole('button', { name: '中文' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="rope-extension-title"]')?.textContent === '比训练时更长：拉伸 RoPE');
  assert.match(await paste(bad), /rope_scaling\.factor 为 0\.5/);
  assertClean(problems);
  await context.close();
});

test('the context-extension lab keeps its values in the link (rx_…), says what a bad one became, and shares them', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?lang=en&rx_model=2&rx_method=pi&rx_s=abc&rx_target=1e12'));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="rope-extension-title"]', { timeout: 30000 });
  const text = (id) => page.getByTestId(id).textContent();
  // Llama 3.1 8B under PI; rx_s kept the preset's 8, rx_target clamped to the slider's 2^21.
  assert.equal(await page.getByTestId('rope-extension-model').inputValue(), '2');
  assert.equal(await page.getByTestId('rope-extension-method').inputValue(), '1');
  assert.equal(await text('rope-extension-factor-value'), '8');
  assert.equal(await text('rope-extension-target-value'), '2097152');
  assert.equal(await text('rope-extension-link-problems'),
    "The link's rx_target=1e12 cannot be used; using 2097152. The link's rx_s=abc cannot be used; using 8.");
  // The address holds the lab's values beside the page's, and keeps them when the page rewrites it.
  const search = async () => Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.search)]));
  await page.getByTestId('rope-extension-method').selectOption('4');
  await settle(page);
  assert.equal((await search()).rx_method, 'yarn');
  await page.getByTestId('slider-m').fill('9');
  await settle(page);
  const after = await search();
  assert.equal(after.m, '9', 'the page wrote its own value');
  assert.equal(after.rx_method, 'yarn', `the lab's values survive the page's rewrite: ${JSON.stringify(after)}`);
  assert.equal(after.rx_model, '2');
  // A reload opens the same lab.
  await page.reload();
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="rope-extension-title"]', { timeout: 30000 });
  assert.equal(await page.getByTestId('rope-extension-method').inputValue(), '4');
  assert.equal(await page.locator('[data-testid="rope-extension-link-problems"]').count(), 0);
  // The share dialog's student link carries them too.
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('student-link').inputValue();
  assert.match(link, /rx_model=2&rx_method=yarn/);
  assertClean(problems);
  await context.close();
});
