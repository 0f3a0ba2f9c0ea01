// Labs (src/ui/labs): parts of panels drawn by the tools' wasm, asked for when a reader opens one
// (or a link opened one and its panel comes near the screen). The first: one RoPE pair read as complex numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useSite, openPage, waitForApp, settle, assertClean, ROOT, pageFor } from './harness.mjs';

const env = useSite();
// (The service worker fetches every file for the offline copy after load, the tools' too: whether
// the page started them is told by their global, `peTeacher`, not by requests.)
const toolsStarted = (page) => page.evaluate(() => typeof self.peTeacher === 'function');

/**
 * Unfolds a lab (folded under its panel: `<details class="lab-fold">`, drawn by the page):
 * a click on its summary, `<name>-fold`, unless a link already opened it; then waits until `shown`
 * (a test id inside the lab) is on screen.
 */
async function unfold(page, name, shown) {
  const summary = page.getByTestId(`${name}-fold`);
  await summary.waitFor({ timeout: 30000 });
  if (!(await summary.evaluate((s) => s.parentElement.open))) await summary.click();
  await page.waitForSelector(`[data-testid="${shown}"]`, { timeout: 30000 });
}

/** The three printed forms of pair i's part of the score, as numbers. */
async function forms(page) {
  return Promise.all(['rope-pair-rotation', 'rope-pair-turned', 'rope-pair-offset']
    .map(async (id) => Number(await page.getByTestId(id).textContent())));
}

test('the RoPE complex lab loads only when it is opened, and prints one number three ways', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('rope', '?lang=en')));
  await waitForApp(page);
  await settle(page);
  assert.equal(await toolsStarted(page), false, 'nothing has asked for the tools at the top of the page');
  // The page draws the folds; nothing inside them until a reader opens one.
  assert.equal(await page.locator('[data-lab="rope"] [data-lab-body][data-drawn]').count(), 0, 'no lab drawn before one is opened');
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await settle(page);
  assert.equal(await toolsStarted(page), false, 'scrolling to the panel does not start the tools: its labs are folded');
  await unfold(page, 'rope-complex', 'rope-pair-offset');
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
  await page.goto(env.site.url(pageFor('vector', '?lang=en&d_model=128&length=2048&pos=2000')));
  await waitForApp(page);
  await page.getByTestId('panel-vector').scrollIntoViewIfNeeded();
  await unfold(page, 'numbering', 'numbering-row-2');
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

/** Opens the context-extension lab's paste box; gives `paste(config)`, which reads a config and
 *  answers the lab's message. */
async function openPasteBox(page) {
  await page.locator('.lab-paste summary').click();
  return async (config) => {
    await page.getByTestId('rope-extension-config').fill(config);
    await page.getByTestId('rope-extension-read').click();
    await settle(page);
    return page.getByTestId('rope-extension-config-status').textContent();
  };
}

test('the context-extension lab: PI divides the neighbour angle by s, YaRN keeps the fast pairs, presets and pasted configs', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('rope', '?lang=en')));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await unfold(page, 'rope-extension', 'rope-extension-title');
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
  await pick('rope-extension-method', 'pi');
  const s = Number(await text('rope-extension-factor-value'));
  assert.equal(s, 4);
  const [now, was, divided] = await numbers('rope-extension-fastest');
  assert.ok(Math.abs(now - was / s) < 1e-12 && divided === s, `${now} ${was} ${divided}`);
  assert.equal(await text('rope-extension-unseen'), '0 / 64');
  assert.equal(await text('rope-extension-fates'), '0 / 64 / 0');

  // YaRN: the fastest pairs unchanged, the slowest divided by s, a ramp between.
  await pick('rope-extension-method', 'yarn');
  assert.match(await text('rope-extension-fastest'), /÷ 1\)$/);
  assert.match(await text('rope-extension-slowest'), /× 4\)$/);
  const [kept, interpolated, between] = await numbers('rope-extension-fates');
  assert.ok(kept > 0 && interpolated > 0 && kept + interpolated + between === 64, `${kept} ${interpolated} ${between}`);
  assert.equal(await text('rope-extension-attention'), (0.1 * Math.log(4) + 1).toFixed(4));

  // Llama 3.1 8B's published config: 128k declared, with factor 8 over 8192 trained positions.
  await pick('rope-extension-model', '2');
  assert.equal(await text('rope-extension-declared'), '131072');
  assert.equal(await text('rope-extension-stretched'), '65536');
  assert.equal(await page.getByTestId('rope-extension-method').inputValue(), 'llama3');

  // A bad config gets a message naming the field, and the lab keeps what it showed.
  const paste = await openPasteBox(page);
  const bad = '{"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096, "rope_scaling": {"type": "linear", "factor": 0}}';
  assert.match(await paste(bad), /rope_scaling\.factor is 0; it must be from 0\.0001 to 10000/);
  assert.equal(await text('rope-extension-declared'), '131072');
  assert.match(await paste('not json'), /^Not JSON/);
  // The other bad configs, each with the reader's message (tests/rope_scaling.rs
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
    'Read. The config gives neither the head size nor max_position_embeddings: using the current head_dim 24 and max_position_embeddings 2048.');
  assert.equal(await text('rope-extension-rotary'), '24 (12)');
  // A multimodal config: its language model, under text_config, is what is read, and said so.
  assert.match(await paste(JSON.stringify({ vision_config: { hidden_size: 1152 }, text_config: { hidden_size: 2560,
    num_attention_heads: 8, head_dim: 256, max_position_embeddings: 32768, rope_theta: 1e6 } })), /^Read\. Read from text_config/);
  assert.equal(await text('rope-extension-rotary'), '256 (128)');
  assert.equal(await text('rope-extension-declared'), '32768');

  // In Chinese, the lab and its messages too.
  await page.getByRole('button', { name: '中文' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="rope-extension-title"]')?.textContent === '比训练时更长：拉伸 RoPE');
  // The other language is the other language's page, at the same place: the lab still open
  // (the open labs are in the link, `labs=`); its paste box, which the link does not keep, closed.
  await waitForApp(page);
  assert.match(page.url(), /[?&]labs=rope-extension(&|$)/, 'the open lab is kept across the change of language');
  await openPasteBox(page);
  assert.match(await paste(bad), /rope_scaling\.factor 为 0，但必须在 0\.0001 到 10000 之间/);
  assertClean(problems);
  await context.close();
});

test('the context-extension lab computes each pasted config as transformers 5 does, in both languages', async () => {
  // The configs engineers debug most, with transformers' values written out (the host tests read
  // the same file: tests/rope_scaling.rs).
  const { cases } = JSON.parse(readFileSync(resolve(ROOT, 'tests/data/rope_transformers.json'), 'utf8'));
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true });
  await page.goto(env.site.url(pageFor('rope', '?lang=en')));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await unfold(page, 'rope-extension', 'rope-extension-title');
  const text = (id) => page.getByTestId(id).textContent();
  const paste = await openPasteBox(page);
  const close = (got, want, what) =>
    assert.ok(Math.abs(got - want) <= 1e-9 * Math.abs(want), `${what}: ${got} against ${want}`);
  // A read-out prints four significant figures (ui::labs::parts::short).
  const printed = (x) => Number.isInteger(x) ? String(x) : x.toFixed(4);

  const check = async (lang) => {
    for (const c of cases) {
      const status = await paste(JSON.stringify(c.config));
      assert.ok(status.startsWith(lang === 'en' ? 'Read.' : '解析成功。'), `${c.name}: ${status}`);
      assert.equal(/\bsu\b/.test(status), c.name === 'type su', `${c.name}: the su note: ${status}`);
      const pairs = c.inv_freq.length;
      assert.equal(await text('rope-extension-rotary'), `${2 * pairs} (${pairs})`, c.name);
      // LongRoPE's choice follows the target length: L₀ (or no length) takes the short factors,
      // a quarter octave past it the long ones. The other types do not depend on it.
      const scaling = c.config.rope_scaling ?? c.config.rope_parameters;
      const type = scaling.rope_type ?? scaling.type;
      if (type === 'longrope' || type === 'su') {
        const trained = c.config.original_max_position_embeddings ?? c.config.max_position_embeddings;
        const long = c.seq_len !== null && c.seq_len > trained;
        await page.getByTestId('rope-extension-target').fill(String(Math.log2(trained) + (long ? 0.25 : 0)));
        await settle(page);
      }
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rope-extension-csv').click()]);
      const lines = readFileSync(await file.path(), 'utf8').trim().split('\n');
      // What the numbers are of, as comment lines first: the model and every setting.
      const comments = lines.filter((line) => line.startsWith('#'));
      assert.match(comments[0], /^# model: pasted config/, c.name);
      assert.match(comments[1], new RegExp(`rotary_dim ${2 * pairs}, rope_theta `), c.name);
      const rows = lines.filter((line) => !line.startsWith('#'));
      assert.equal(rows[0], 'pair,inv_freq,scaled_inv_freq,attention_factor');
      assert.equal(rows.length - 1, pairs, c.name);
      rows.slice(1).forEach((row, i) => {
        const [pair, , scaled, attention] = row.split(',').map(Number);
        assert.equal(pair, i);
        close(scaled, c.inv_freq[i], `${c.name}, pair ${i}`);
        close(attention, c.attention_factor, `${c.name}, attention_factor`);
      });
      assert.equal(await text('rope-extension-attention'), printed(c.attention_factor), c.name);
      const softmax = page.getByTestId('rope-extension-softmax');
      if (c.softmax_scale_factor === null) {
        assert.equal(await softmax.count(), 0, `${c.name}: no separate softmax factor`);
      } else {
        assert.equal(await softmax.textContent(), printed(c.softmax_scale_factor), c.name);
      }
      // Where versions of transformers differ (YaRN, LongRoPE), the lab says which it follows.
      const versions = page.getByTestId('rope-extension-versions');
      if (type === 'llama3') {
        assert.equal(await versions.count(), 0, c.name);
      } else {
        assert.match(await versions.textContent(), lang === 'en' ? /the lab follows 5\.x/ : /本实验以 5\.x 为准/, c.name);
      }
    }
  };
  await check('en');

  // A refused paste leaves the read-outs marked as the previous config's.
  assert.equal(await page.getByTestId('rope-extension-stale').count(), 0);
  assert.match(await paste('{"head_dim": 64, "max_position_embeddings": 1e400}'),
    /^The number at line 1, column \d+ is out of range/);
  assert.equal(await text('rope-extension-stale'), "Not read: the lab's figures are still those of the config pasted before.");
  // … and they are not offered for download.
  assert.equal(await page.getByTestId('rope-extension-csv').count(), 0);
  assert.equal(await text('rope-extension-csv-refused'), 'Nothing to download: the last paste was not read.');
  assert.equal(await page.getByTestId('rope-extension-readout').getAttribute('data-stale'), '');
  assert.match(await paste('['.repeat(200) + ']'.repeat(200)), /^JSON nested too deep to read/);
  // More than 1 MiB: refused with its size, before any parsing.
  await page.getByTestId('rope-extension-config').evaluate((area) => { area.value = ' '.repeat(5 << 20); });
  await page.getByTestId('rope-extension-read').click();
  await settle(page);
  assert.match(await text('rope-extension-config-status'), /^The paste is 5242880 bytes \(5\.2 MB\)/);
  // Choosing a model clears the mark.
  await page.getByTestId('rope-extension-model').selectOption('0');
  await settle(page);
  assert.equal(await page.getByTestId('rope-extension-stale').count(), 0);
  assert.equal(await page.getByTestId('rope-extension-readout').getAttribute('data-stale'), null);

  await page.getByRole('button', { name: '中文' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="rope-extension-title"]')?.textContent === '比训练时更长：拉伸 RoPE');
  // The other language is the other language's page, at the same place: the lab still open
  // (the open labs are in the link, `labs=`); its paste box, which the link does not keep, closed.
  await waitForApp(page);
  assert.match(page.url(), /[?&]labs=rope-extension(&|$)/, 'the open lab is kept across the change of language');
  await openPasteBox(page);
  await check('zh');
  await paste('not json');
  assert.equal(await text('rope-extension-stale'), '未能读取：本实验的数字仍来自之前粘贴的配置。');
  assertClean(problems);
  await context.close();
});

test('the context-extension lab lists each kind of layer of a pasted config, draws the one picked, and shows what older transformers compute', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true });
  await page.goto(env.site.url(pageFor('rope', '?lang=en')));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await unfold(page, 'rope-extension', 'rope-extension-title');
  const paste = await openPasteBox(page);
  // Gemma 3's shape: 62 layers, every sixth full (base 10⁶, linear ×8), the rest sliding (10⁴).
  const gemma = { text_config: { head_dim: 128, num_hidden_layers: 62, max_position_embeddings: 131072,
    rope_theta: 1e6, rope_local_base_freq: 1e4, sliding_window_pattern: 6,
    rope_scaling: { rope_type: 'linear', factor: 8.0 } } };
  assert.match(await paste(JSON.stringify(gemma)), /rotate in 2 different ways .* the charts first show the full_attention layers; every kind is listed/);
  const rows = async () => page.getByTestId('rope-extension-layers').locator('tbody tr').evaluateAll(
    (trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent.trim())));
  assert.deepEqual(await rows(), [
    ['sliding_attention', '52', '10000', 'default', '128', 'show'],
    ['full_attention', '10', '1000000', 'linear ×8', '128', 'shown'],
  ]);
  const secondPair = async () => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rope-extension-csv').click()]);
    const lines = readFileSync(await file.path(), 'utf8').trim().split('\n');
    model = lines[0];
    return Number(lines.filter((line) => !line.startsWith('#'))[2].split(',')[2]);
  };
  let model;
  const near = (got, want) => assert.ok(Math.abs(got - want) <= 1e-9 * want, `${got} against ${want}`);
  near(await secondPair(), 1e6 ** (-2 / 128) / 8);
  assert.equal(model, '# model: pasted config, its full_attention layers');
  // A slider moved: the model says it is no longer the pasted config, and offers the way back.
  assert.equal(await page.getByTestId('rope-extension-moved').count(), 0);
  await page.getByTestId('rope-extension-factor').focus();
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.match(await page.getByTestId('rope-extension-moved').textContent(), /^Changed since the paste/);
  assert.equal(await page.getByTestId('rope-extension-model').locator('option:checked').textContent(), 'pasted config, changed');
  await page.getByTestId('rope-extension-back').click();
  await settle(page);
  assert.equal(await page.getByTestId('rope-extension-moved').count(), 0);
  near(await secondPair(), 1e6 ** (-2 / 128) / 8);
  await page.getByTestId('rope-extension-layer-0').click();
  await settle(page);
  assert.equal(await page.getByTestId('rope-extension-layer-0').getAttribute('aria-pressed'), 'true');
  near(await secondPair(), 1e4 ** (-2 / 128));
  assert.equal(model, '# model: pasted config, its sliding_attention layers');
  // Llama 4's layers without RoPE are listed as such, with their query scaling.
  await paste(JSON.stringify({ model_type: 'llama4_text', head_dim: 128, num_hidden_layers: 48,
    max_position_embeddings: 131072, rope_theta: 5e5 }));
  const [, nope] = await rows();
  assert.deepEqual(nope.slice(0, 2), ['full_attention', '12']);
  assert.match(nope[2], /^no RoPE: these layers see no position, queries scaled by position/);
  // A config whose layers are alike has no table.
  await paste('{"head_dim": 64, "max_position_embeddings": 2048}');
  assert.equal(await page.getByTestId('rope-extension-layers').count(), 0);
  // Linear scaling does not record the trained length: an original length in the config is
  // taken as L₀, and without one the assumption is said.
  assert.match(await paste('{"head_dim": 64, "max_position_embeddings": 32768, "original_max_position_embeddings": 8192, "rope_scaling": {"type": "linear", "factor": 4.0}}'),
    /takes original_max_position_embeddings \(8192\) as L₀/);
  assert.equal(await page.getByTestId('rope-extension-trained-value').textContent(), '8192');
  assert.match(await paste('{"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {"type": "linear", "factor": 4.0}}'),
    /L₀, the trained length, is assumed to be max_position_embeddings \(32768\)/);
  // … and the lab asks for it: the answer is the paste's, not a move away from it, and the CSV says
  // where it came from.
  assert.equal(await page.getByTestId('rope-extension-ask-trained-value').inputValue(), '32768');
  await page.getByTestId('rope-extension-ask-trained-value').fill('4096');
  await page.getByTestId('rope-extension-ask-trained-use').click();
  await settle(page);
  assert.equal(await page.getByTestId('rope-extension-trained-value').textContent(), '4096');
  assert.match(await page.getByTestId('rope-extension-ask-trained').textContent(), /L₀ = 4096, as given here\.$/);
  assert.equal(await page.getByTestId('rope-extension-moved').count(), 0);
  {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rope-extension-csv').click()]);
    assert.ok(readFileSync(await file.path(), 'utf8').includes('# trained length L0 4096, as the reader gave it\n'));
  }
  // Where older transformers read the paste otherwise, each is shown with its numbers: Qwen2.5's
  // model-card YaRN block scaled nothing before 4.56; a config that only transformers 5 reads
  // stops 4.x with an error.
  assert.equal(await page.getByTestId('rope-extension-readings').count(), 0);
  await paste(readFileSync(resolve(ROOT, 'tests/data/configs/qwen2_5_7b_instruct_with_model_card_yarn.json'), 'utf8'));
  assert.deepEqual(await page.getByTestId('rope-extension-readings').locator('li').allTextContents(), [
    "transformers 4.51–4.55: yarn ×1, attention factor 1.0000; its inverse frequencies differ from transformers 5's by up to a factor of 4.00. transformers 4.51–4.55 does not use the factor 4: it takes max_position_embeddings / original_max_position_embeddings = 1 instead.",
  ]);
  await paste('{"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {"type": "yarn", "factor": null, "original_max_position_embeddings": 4096}}');
  const stops = await page.getByTestId('rope-extension-readings').locator('li').allTextContents();
  assert.equal(stops.length, 2);
  assert.match(stops[0], /^rope_scaling\.factor is missing or null: transformers 4\.51–4\.55 stops on this config with an error/);
  assert.match(stops[1], /^rope_scaling\.factor is missing or null: transformers 4\.56–4\.57 stops/);
  await paste('{"head_dim": 64, "max_position_embeddings": 2048}');
  assert.equal(await page.getByTestId('rope-extension-readings').count(), 0);
  assert.equal(await page.getByTestId('rope-extension-ask-trained').count(), 0, 'a default config records nothing to ask');
  assertClean(problems);
  await context.close();
});

test('the context-extension lab compares two models side by side, marks what differs, and a colleague opens the same comparison from its link', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { acceptDownloads: true });
  await page.goto(env.site.url(pageFor('rope', '?lang=en')));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await unfold(page, 'rope-extension', 'rope-extension-title');
  const rows = () => page.getByTestId('rope-extension-compare-table').locator('tbody tr').evaluateAll(
    (trs) => Object.fromEntries(trs.map((tr) => {
      // A row about both models has one cell across A and B.
      const cells = [...tr.children].map((cell) => cell.textContent.trim());
      const both = tr.children[1].colSpan === 2;
      const differs = tr.hasAttribute('data-differs') && cells.at(-1).startsWith('≠');
      return [cells[0], { a: cells[1], b: both ? 'both' : cells[2], differs }];
    })));
  const paths = (id) => page.getByTestId(id).locator('path.compare-a, path.compare-b').count();
  const marked = (id) => page.getByTestId(id).locator('rect.differs').count();
  assert.equal(await page.getByTestId('rope-extension-compare-table').count(), 0, 'nothing compared yet');

  // Two presets: Llama 2 7B pinned as B, then Llama 3.1 8B as A.
  await page.getByTestId('rope-extension-pin').click();
  await page.getByTestId('rope-extension-model').selectOption('2');
  await settle(page);
  let table = await rows();
  assert.deepEqual(table.model, { a: 'Llama 3.1 8B', b: 'Llama 2 7B', differs: false });
  assert.deepEqual(table['base θ'], { a: '500000', b: '10000', differs: true });
  assert.deepEqual(table['rotary dimension d (pairs)'], { a: '128 (64)', b: '128 (64)', differs: false });
  assert.deepEqual(table['pairs whose frequency differs'], { a: '63 of 64', b: 'both', differs: true }, 'pair 0 turns at 1 under any base');
  for (const id of ['divisors', 'wavelengths', 'unseen', 'scores']) {
    assert.equal(await paths(`rope-extension-compare-${id}`), 2, `${id}: A and B`);
  }
  assert.equal(await marked('rope-extension-compare-divisors'), 63);
  assert.equal(await marked('rope-extension-compare-scores'), 0);
  const search = async () => Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.search)]));
  assert.equal((await search()).rx_vs_from, '0');

  // One paste as two release lines read it: Qwen2.5's model-card YaRN block under 5 (A) and
  // under 4.51–4.55 (B), which scaled nothing.
  const paste = await openPasteBox(page);
  await paste(readFileSync(resolve(ROOT, 'tests/data/configs/qwen2_5_7b_instruct_with_model_card_yarn.json'), 'utf8'));
  assert.deepEqual((await rows()).model, { a: 'pasted config', b: 'Llama 2 7B', differs: false }, 'the pinned model stays');
  {
    // The CSV names the command that prints the same numbers (tests/real_configs.rs checks that it does).
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('rope-extension-csv').click()]);
    assert.ok(readFileSync(await file.path(), 'utf8').includes('# the same numbers as: rope_freqs --transformers 5 --seq-len 131072 < config.json\n'));
  }
  await page.getByTestId('rope-extension-compare-4.55').click();
  await settle(page);
  table = await rows();
  assert.deepEqual(table.model.b, 'pasted config, as transformers 4.51–4.55 reads it');
  assert.deepEqual(table.scaling, { a: 'yarn ×4', b: 'yarn ×1', differs: true });
  assert.deepEqual(table.attention_factor, { a: '1.1386', b: '1', differs: true });
  assert.deepEqual(table['base θ'], { a: '1000000', b: '1000000', differs: false });
  assert.match(table['largest ratio of a pair\'s frequencies (larger over smaller)'].a, /^4(\.0+)? at pair \d+$/);
  const link = await search();
  assert.equal(link.rx_vs_from, 'transformers-4.55');
  assert.ok(link.rx_cfg && link.rx_vs, `both rotations in the link: ${JSON.stringify(link)}`);
  assert.ok(!link.rx_cfg.includes('vocab_size'), 'only the rotation of the pasted file');

  // The colleague's page: the same table from the link alone.
  const url = page.url();
  const other = await openPage(env.browser, env.site.origin);
  await other.page.goto(url);
  await waitForApp(other.page);
  await other.page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await other.page.waitForSelector('[data-testid="rope-extension-compare-table"]', { timeout: 30000 });
  const theirs = await other.page.getByTestId('rope-extension-compare-table').locator('tbody tr').evaluateAll(
    (trs) => trs.map((tr) => [...tr.children].slice(1, 3).map((cell) => cell.textContent.trim())));
  const ours = await page.getByTestId('rope-extension-compare-table').locator('tbody tr').evaluateAll(
    (trs) => trs.map((tr) => [...tr.children].slice(1, 3).map((cell) => cell.textContent.trim())));
  assert.deepEqual(theirs.slice(1), ours.slice(1));
  assert.deepEqual(theirs[0], ['config from the link', ours[0][1]]);
  assertClean(other.problems);
  await other.context.close();

  // Stopping takes the comparison out of the view and the link (the paste with it).
  await page.getByTestId('rope-extension-unpin').click();
  await settle(page);
  assert.equal(await page.getByTestId('rope-extension-compare-table').count(), 0);
  const after = await search();
  assert.ok(!('rx_vs' in after) && !('rx_cfg' in after), JSON.stringify(after));
  assertClean(problems);
  await context.close();
});

test('the context-extension lab keeps its values in the link (rx_…), says what a bad one became, and shares them', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('rope', '?lang=en&labs=rope-extension&rx_model=2&rx_method=pi&rx_s=abc&rx_target=1e12')));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="rope-extension-title"]', { timeout: 30000 });
  const text = (id) => page.getByTestId(id).textContent();
  // Llama 3.1 8B under PI; rx_s kept the preset's 8, rx_target clamped to the slider's 2^21.
  assert.equal(await page.getByTestId('rope-extension-model').inputValue(), '2');
  assert.equal(await page.getByTestId('rope-extension-method').inputValue(), 'pi');
  assert.equal(await text('rope-extension-factor-value'), '8');
  assert.equal(await text('rope-extension-target-value'), '2097152');
  assert.equal(await text('rope-extension-link-problems'),
    "The link's rx_target=1e12 cannot be used; using 2097152. The link's rx_s=abc cannot be used; using 8.");
  // The address holds the lab's values beside the page's, and keeps them when the page rewrites it.
  const search = async () => Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.search)]));
  await page.getByTestId('rope-extension-method').selectOption('yarn');
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
  assert.equal(await page.getByTestId('rope-extension-method').inputValue(), 'yarn');
  assert.equal(await page.locator('[data-testid="rope-extension-link-problems"]').count(), 0);
  // The share dialog's student link carries them too.
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('student-link').inputValue();
  assert.match(link, /rx_model=2&rx_method=yarn/);
  assertClean(problems);
  await context.close();
});

test('the basis lab: the encoding\'s own waves continue past N, the square wave does not, the table repeats its last row; its values in the link', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('extrapolation', '?lang=en&n_train=64&labs=basis-fit&bf_target=waves&bf_pairs=3')));
  await waitForApp(page);
  await page.getByTestId('panel-extrapolation').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="basis-fit-row-2"]', { timeout: 30000 });
  const row = async (n) => (await page.getByTestId(`basis-fit-row-${n}`).locator('td').allTextContents()).map(Number);
  const text = (id) => page.getByTestId(id).textContent();
  // Two of the encoding's own waves (pairs 0 and 2) with three pairs: exact inside, and past N
  // the error stays within a factor of ten of it.
  const [inside, past] = await row(1);
  assert.ok(inside < 1e-6 && past < 10 * inside + 1e-9, `sinusoids: ${inside} inside, ${past} past N`);
  // A straight line cannot follow it; the table fits it exactly, then repeats one value.
  assert.ok((await row(0))[0] > 0.5);
  assert.ok((await row(2))[0] < 1e-6);
  assert.match(await text('basis-fit-table-past'), /^all equal to -?\d\.\d{6}$/);
  assert.match(await text('basis-fit-target'), /pairs 0 and 2/);
  // The square wave of period 16: the lesson's numbers, 8 pairs, then 16.
  await page.getByTestId('basis-fit-target').selectOption('1');
  await page.getByTestId('basis-fit-pairs').fill('8');
  await settle(page);
  assert.equal(await text('basis-fit-sinusoids-past'), '1.37 (0.420 inside)');
  await page.getByTestId('basis-fit-pairs').fill('16');
  await settle(page);
  assert.equal(await text('basis-fit-sinusoids-past'), '406 (0.383 inside)');
  assert.equal(await text('basis-fit-largest-weight'), '229');
  // The address holds the lab's values and keeps them when the page rewrites it; the lab
  // follows the page's trained length.
  const search = async () => Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.search)]));
  await page.getByTestId('slider-n_train').fill('32');
  await settle(page);
  const after = await search();
  assert.equal(after.n_train, '32');
  assert.deepEqual([after.bf_target, after.bf_pairs], ['square', '16'], JSON.stringify(after));
  assert.match(await page.getByTestId('basis-fit-chart').textContent(), /N = 32/);
  assertClean(problems);
  await context.close();
});

test('the basis lab at the extremes: a bad link is clamped and said, d_model = 2 has one pair, Chinese', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('extrapolation', '?lang=zh&d_model=2&n_train=4&labs=basis-fit&bf_target=zigzag&bf_pairs=-3')));
  await waitForApp(page);
  await page.getByTestId('panel-extrapolation').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="basis-fit-row-2"]', { timeout: 30000 });
  const text = (id) => page.getByTestId(id).textContent();
  assert.equal(await text('basis-fit-title'), '以正弦函数为基：只会加权求和的线性模型能画出什么');
  assert.equal(await text('basis-fit-link-problems'),
    '链接中的 bf_target=zigzag 无法使用；改用 square。链接中的 bf_pairs=-3 无法使用；改用 0。');
  // d_model = 2 has one pair: the slider ends at 1 and the own-waves target says so.
  assert.equal(await page.getByTestId('basis-fit-pairs').getAttribute('max'), '1');
  await page.getByTestId('basis-fit-target').selectOption('0');
  await page.getByTestId('basis-fit-pairs').fill('1');
  await settle(page);
  assert.match(await text('basis-fit-target'), /d_model = 2 只有一对/);
  const cells = (await page.getByTestId('basis-fit-row-1').locator('td').allTextContents()).map(Number);
  assert.ok(cells.every(Number.isFinite), `finite errors: ${cells}`);
  assertClean(problems);
  await context.close();
});

test('the shift lab: a wave is an eigenvector of the shift, a random vector is not; a mixing by offset commutes with it and keeps frequencies, content attention does not', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('dot-product', '?lang=en&i=0&labs=shift-operator&so_n=16&so_f=3&so_f2=5&so_kernel=window&so_width=2')));
  await waitForApp(page);
  await page.getByTestId('panel-dot-product').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="shift-operator-title"]', { timeout: 30000 });
  const text = (id) => page.getByTestId(id).textContent();
  const number = async (id) => Number(await text(id));
  // S v = λ v with λ = e^(−2πi·3/16), to rounding; a random vector is far from any λx.
  const [lambda, expected] = (await text('shift-operator-eigenvalue')).split('; ');
  assert.equal(lambda, expected);
  assert.equal(expected, `${Math.cos(-2 * Math.PI * 3 / 16).toFixed(6)} − ${Math.abs(Math.sin(-2 * Math.PI * 3 / 16)).toFixed(6)}i`);
  assert.ok(await number('shift-operator-wave-residual') < 1e-12);
  assert.ok(await number('shift-operator-random-residual') > 0.5);
  // The mixing by offset commutes with the shift; softmax attention over content does not.
  assert.ok(await number('shift-operator-circulant') <= 1e-9);
  assert.ok(await number('shift-operator-content') >= 0.1);
  assert.ok(await number('shift-operator-through') < 1e-12);
  // H(3) for the window of five: (1 + 2cos(2π·3/16) + 2cos(2π·6/16))/5, computed here.
  const h3 = (1 + 2 * Math.cos(2 * Math.PI * 3 / 16) + 2 * Math.cos(2 * Math.PI * 6 / 16)) / 5;
  assert.equal((await text('shift-operator-response')).split(', ')[0], Math.abs(h3).toFixed(6));
  assert.equal(await text('shift-operator-frequencies'), 'f = 3, 5 (mirrors N − f: 13, 11)');
  // A window of three over 12 positions zeroes f = 4 (1 + 2cos(2π/3) = 0): it leaves the output.
  await page.getByTestId('shift-operator-n').fill('12');
  await page.getByTestId('shift-operator-width').fill('1');
  await page.getByTestId('shift-operator-f').fill('4');
  await page.getByTestId('shift-operator-f2').fill('1');
  await settle(page);
  assert.equal(await text('shift-operator-frequencies'), 'f = 1 (mirrors N − f: 11)');
  // The page's pair i = 0 (ω = 1) on a 12-position circle, computed here: the best λ is
  // ⟨x, Sx⟩/⟨x, x⟩ (Sx)_t = x_(t−1 mod N), and what it leaves; below |e^(12i) − 1|/√12, the miss at the wrap.
  const N = 12;
  const x = Array.from({ length: N }, (_, t) => [Math.cos(t), Math.sin(t)]);
  const sx = x.map((_, t) => x[(t + N - 1) % N]);
  let [re, im] = [0, 0];
  x.forEach(([a, b], t) => { const [c, d] = sx[t]; re += a * c + b * d; im += a * d - b * c; });
  [re, im] = [re / N, im / N];
  const left = Math.sqrt(x.reduce((sum, [a, b], t) => {
    const [c, d] = sx[t];
    return sum + (c - (re * a - im * b)) ** 2 + (d - (re * b + im * a)) ** 2;
  }, 0) / N);
  assert.ok(left < Math.hypot(Math.cos(12) - 1, Math.sin(12)) / Math.sqrt(12));
  assert.equal(await text('shift-operator-encoding-residual'), left.toFixed(2 - Math.floor(Math.log10(left))));
  // The lab's values in the address, beside the page's.
  const search = Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.search)]));
  assert.deepEqual([search.so_n, search.so_f, search.so_width], ['12', '4', '1'], JSON.stringify(search));
  assertClean(problems);
  await context.close();
});

test('the shift lab: a bad link is clamped and said; random kernels keep the commutator at zero', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('dot-product', '?lang=en&labs=shift-operator&so_n=1000&so_kernel=box&so_f=70')));
  await waitForApp(page);
  await page.getByTestId('panel-dot-product').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="shift-operator-title"]', { timeout: 30000 });
  assert.equal(await page.getByTestId('shift-operator-link-problems').textContent(),
    "The link's so_kernel=box cannot be used; using window. The link's so_n=1000 cannot be used; using 64. The link's so_f=70 cannot be used; using 63.");
  await page.getByTestId('shift-operator-kernel').selectOption('2');
  for (const seed of ['1', '500', '999']) {
    await page.getByTestId('shift-operator-seed').fill(seed);
    await settle(page);
    assert.ok(Number(await page.getByTestId('shift-operator-circulant').textContent()) <= 1e-9, `seed ${seed}`);
  }
  assertClean(problems);
  await context.close();
});

test('the texts\' code lab: the PyTorch modules and the NumPy table carry the page\'s values and layout, and copy', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.origin });
  await page.goto(env.site.url(pageFor('vector', '?lang=en&d_model=64&length=40&base=1000&layout=split')));
  await waitForApp(page);
  await page.getByTestId('panel-vector').scrollIntoViewIfNeeded();
  await unfold(page, 'texts-code', 'texts-code-1');
  const code = (n) => page.getByTestId(`texts-code-${n}`).textContent();
  const torch = await code(0);
  assert.match(torch, /def __init__\(self, d_model=64, max_len=40, base=1000\.0, dropout=0\.1\):/);
  assert.match(torch, /pe\[:, : d_model \/\/ 2\] = torch\.sin\(position \* omega\)/);
  assert.match(torch, /self\.register_buffer\("pe", pe\.unsqueeze\(0\)\)/);
  assert.match(torch, /self\.pe = nn\.Embedding\(max_len, d_model\)/);
  assert.match(await code(1), /d_model, max_len, base = 64, 40, 1000\.0/);
  // The page's layout control rewrites them.
  await page.getByTestId('select-layout').selectOption('interleaved');
  await settle(page);
  assert.match(await code(1), /pe\[:, 0::2\] = np\.sin\(position \* omega\)/);
  // Copy puts the block's text on the clipboard and says so.
  await page.getByTestId('texts-code-copy-1').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="texts-code-status-1"]').textContent !== '');
  assert.equal(await page.getByTestId('texts-code-status-1').textContent(), 'Copied.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await code(1));
  // Another d_model: the code changes, and "Copied." no longer describes it.
  await page.getByTestId('value-d_model').fill('32');
  await page.getByTestId('value-d_model').press('Enter');
  await settle(page);
  assert.match(await code(1), /d_model, max_len, base = 32, 40, 1000\.0/);
  assert.equal(await page.getByTestId('texts-code-status-1').textContent(), '');
  assertClean(problems);
  await context.close();
});

test('on a 375 px phone a lab step link brings its lab: the panel asks from its top canvas', async () => {
  // The extrapolation panel once asked from its curve, lower down, which a phone scrolled to the
  // panel's top never drew: step 13 (then 11) waited for a lab that never came.
  const { context, page, problems } = await openPage(env.browser, env.site.origin, {
    viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true,
  });
  for (const [step, title] of [[10, 'shift-operator-title'], [13, 'basis-fit-title']]) {
    await page.goto(env.site.url(`?lang=en&step=${step}`));
    await waitForApp(page);
    await page.waitForSelector(`[data-testid="${title}"]`, { timeout: 30000 });
  }
  assertClean(problems);
  await context.close();
});

test('the training-step lab: one step moves the rows the sentence used, not the others; tied output moves every word; its values in the link', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('extrapolation', '?lang=en&labs=training-step&ts_length=3&ts_lr=0.5')));
  await waitForApp(page);
  await page.getByTestId('panel-extrapolation').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="training-step-title"]', { timeout: 30000 });
  const text = (id) => page.getByTestId(id).textContent();
  assert.equal((await text('training-step-sentence')).split(' ').length, 3);
  assert.equal(await text('training-step-unseen'), '0 (exactly)');
  assert.ok(Number(await text('training-step-seen')) > 0);
  assert.equal(await text('training-step-other-words'), '0 (exactly)');
  assert.match(await text('training-step-sinusoidal'), /^0: computed, not a parameter$/);
  // Both models' loss falls with this step.
  for (const pair of (await text('training-step-loss')).split(' / ')) {
    const [before, after] = pair.split(' → ').map(Number);
    assert.ok(after < before, pair);
  }
  // Tied: every word's row is a row of the read-out too, so the other words move.
  await page.getByTestId('training-step-output').selectOption('1');
  await settle(page);
  assert.ok(Number(await text('training-step-other-words')) > 0);
  assert.equal(await text('training-step-unseen'), '0 (exactly)');
  // The whole table used: no row is left unused, and the lab says so rather than print a 0.
  await page.getByTestId('training-step-length').fill('8');
  await settle(page);
  assert.equal(await text('training-step-unseen'), 'none: the sentence uses them all');
  const search = Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.search)]));
  assert.deepEqual([search.ts_output, search.ts_length], ['tied', '8'], JSON.stringify(search));
  assertClean(problems);
  await context.close();
});

test('the model-path lab: shapes follow the page\'s length and d_model and the lab\'s batch; PE has no batch dimension; its boxes link to their panels', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('embedding', '?lang=en&d_model=64&length=50&labs=model-path&md_batch=3')));
  await waitForApp(page);
  await page.getByTestId('panel-embedding').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="model-path-title"]', { timeout: 30000 });
  const text = (id) => page.getByTestId(id).textContent();
  // The box where PE enters: [B, L, d] + [L, d], broadcast over the batch.
  assert.equal(await text('model-shape-encoder-3'), '[3, 50, 64] + [50, 64] → [3, 50, 64]');
  assert.match(await page.getByTestId('model-box-encoder-3').getAttribute('class'), /\bposition\b/);
  assert.equal(await text('model-path-encoding-count'), '3200');
  assert.equal(await text('model-path-sum-count'), '9600');
  assert.equal(await text('model-shape-decoder-6'), '[3, 50, 37000]');
  // The page's sliders drive the shapes.
  await page.getByTestId('value-d_model').fill('128');
  await page.getByTestId('value-d_model').press('Enter');
  await settle(page);
  assert.equal(await text('model-shape-encoder-1'), '[37000, 128] → [3, 50, 128]');
  // Decoder-only: one stack, no encoder.
  await page.getByTestId('model-path-kind').selectOption('1');
  await settle(page);
  assert.equal(await page.getByTestId('model-path-encoder').count(), 0);
  assert.equal(await text('model-shape-decoder-only-3'), '[3, 50, 128] + [50, 128] → [3, 50, 128]');
  await page.getByTestId('model-path-batch').fill('64');
  await settle(page);
  assert.equal(await text('model-path-sum-count'), String(64 * 50 * 128));
  const search = Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.search)]));
  assert.deepEqual([search.md_model, search.md_batch], ['decoder-only', '64'], JSON.stringify(search));
  // A box's link goes to its panel, on its chapter's page.
  await page.getByTestId('model-box-decoder-only-5').getByRole('link', { name: /RoPE/ }).click();
  await page.waitForFunction((path) => location.hash === '#rope' && location.pathname.endsWith(`/${path}`), pageFor('rope'));
  assertClean(problems);
  await context.close();
});

test('the weight-tying lab: each sharing saves whole V × d_model matrices, checked against the paper; a bad link is said; Chinese', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('embedding', '?lang=en')));
  await waitForApp(page);
  await page.getByTestId('panel-embedding').scrollIntoViewIfNeeded();
  await unfold(page, 'weight-tying', 'weight-tying-title');
  const text = (id) => page.getByTestId(id).textContent();
  // The base model (V = 37 000, d_model = 512, N = 6): 18.944 M per matrix.
  assert.deepEqual(
    await Promise.all([0, 1, 2, 3].map(async (i) => `${await text(`weight-tying-total-${i}`)} (${await text(`weight-tying-share-${i}`)})`)),
    ['101.0 (56%)', '82.0 (46%)', '82.0 (46%)', '63.1 (30%)'],
  );
  assert.equal(await text('weight-tying-saved'), '37.9 M = 2 × 37000 × 512');
  assert.match(await page.getByTestId('weight-tying-row-3').getAttribute('class'), /\bchosen\b/);
  assert.match(await text('weight-tying-paper'), /63\.1 M with one matrix and 101\.0 M with three; the paper's Table 3 says 65 M/);
  assert.match(await text('weight-tying-code'), /output\.weight = shared\.weight {2}# both \[37000, 512\]/);
  await page.getByTestId('weight-tying-choice').selectOption('0');
  await settle(page);
  assert.equal(await text('weight-tying-saved'), '0.0 M = 0 × 37000 × 512');
  assert.doesNotMatch(await text('weight-tying-code'), /\.weight =/);
  // A bad link: the unknown name keeps the default, the number is clamped, both said.
  await page.goto(env.site.url(pageFor('embedding', '?lang=zh&labs=weight-tying&wt_tying=twice&wt_vocab=9e9')));
  await waitForApp(page);
  await page.getByTestId('panel-embedding').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="weight-tying-link-problems"]', { timeout: 30000 });
  assert.equal(await text('weight-tying-title'), '一个矩阵用在三处：权重共享');
  const said = await text('weight-tying-link-problems');
  assert.match(said, /wt_tying=twice/);
  assert.match(said, /256000/);
  assert.equal(await text('weight-tying-saved'), `${(2 * 256000 * 512 / 1e6).toFixed(1)} M = 2 × 256000 × 512`);
  assertClean(problems);
  await context.close();
});

test('the contents list every lab under its panel from the first paint, and following one draws it first', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // The contents page (the site's root) lists every chapter's panels and their labs.
  await page.goto(env.site.url('?lang=en'));
  await waitForApp(page);
  await page.waitForSelector('nav.toc .toc-labs', { timeout: 30000 });
  const entries = await page.locator('nav.toc .toc-labs a').allTextContents();
  assert.equal(entries.length, 15, entries.join(' | '));
  assert.ok(entries.includes('Lab: One training step: what moves, what cannot'), entries.join(' | '));
  const under = await page.locator('nav.toc li:has(> a[href$="#extrapolation"]) .toc-labs a').count();
  assert.equal(under, 3);
  // The training step's slot is not on this page: the link opens its chapter's page, which draws
  // it, unfolds it and goes there.
  assert.equal(await page.locator('#lab-training-step').count(), 0);
  await page.locator('nav.toc a[href$="#lab-training-step"]').click();
  await page.waitForURL((url) => url.pathname.endsWith(`/${pageFor('lab-training-step')}`) && url.hash === '#lab-training-step');
  await waitForApp(page);
  const inView = (id) => page.waitForFunction((anchor) => {
    const heading = document.getElementById(anchor);
    if (!heading) return false;
    const box = heading.getBoundingClientRect();
    return box.top >= -1 && box.top < innerHeight;
  }, id, { timeout: 10000 });
  await inView('lab-training-step');
  await page.getByTestId('training-step-title').waitFor({ timeout: 10000 });
  // Every chapter's page has the same contents in its menu. Here the shift lab's panel is far
  // down: its slot was never drawn; the menu's link draws it, unfolds it, then the browser goes there.
  await page.goto(env.site.url(pageFor('lab-shift-operator', '?lang=en')));
  await waitForApp(page);
  assert.deepEqual(await page.locator('nav.toc .toc-labs a').allTextContents(), entries);
  assert.equal(await page.locator('#lab-shift-operator').count(), 0);
  await page.evaluate(() => scrollTo(0, 0));
  await page.locator('button[popovertarget="course-menu"]:visible').click();
  await page.locator('nav.toc a[href$="#lab-shift-operator"]').click();
  await inView('lab-shift-operator');
  await page.getByTestId('shift-operator-title').waitFor({ timeout: 10000 });
  assertClean(problems);
  await context.close();
});

test('a link to a lab\'s heading (#lab-…) opens the page at that lab, drawn for it', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?lang=en#lab-training-step'));
  await waitForApp(page);
  await page.waitForFunction(() => {
    const heading = document.getElementById('lab-training-step');
    if (!heading) return false;
    const box = heading.getBoundingClientRect();
    return box.top >= -1 && box.top < innerHeight;
  }, null, { timeout: 30000 });
  // Unfolded, not only in view.
  await page.getByTestId('training-step-title').waitFor({ timeout: 10000 });
  assert.equal(await page.getByTestId('training-step-title').textContent(), 'One training step: what moves, what cannot');
  assertClean(problems);
  await context.close();
});

test('reading a chapter from a #section link to its end never loads the tools: the labs stay folded until opened', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  // The chapters with labs, each opened at a section further down.
  for (const anchor of ['rope', 'alibi', 'vector']) {
    await page.goto(env.site.url(pageFor(anchor, `?lang=zh#${anchor}`)));
    await waitForApp(page);
    const panels = await page.locator('section.panel').count();
    for (let n = 0; n < panels; n += 1) {
      await page.locator('section.panel').nth(n).scrollIntoViewIfNeeded();
      await settle(page);
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settle(page);
    assert.ok(await page.locator('[data-lab-fold]').count() > 0, `${anchor}: the chapter has folded labs`);
    assert.equal(await toolsStarted(page), false, `${anchor}: the tools were started`);
  }
  // Opening a fold is what starts them.
  await page.getByTestId('numbering-fold').tap();
  await page.waitForSelector('[data-testid="numbering-title"]', { timeout: 30000 });
  assert.equal(await toolsStarted(page), true);
  assertClean(problems);
  await context.close();
});

test('a lab whose tools cannot be loaded says so in its fold, and opening it again tries again', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { serviceWorkers: 'block' });
  try {
    // The first try loses the tools' script, the second their wasm; the third gets both.
    let refused = 0;
    // Resolves once `n` files have been refused: a try's failure is awaited from its refusal on,
    // so the mark the previous try left cannot pass for this one's.
    const waiting = [];
    const refusals = (n) => new Promise((ready) => (refused >= n ? ready() : waiting.push([n, ready])));
    await page.route(/teacher(\.js|_bg\.wasm)\?/, (route) => {
      const file = new URL(route.request().url()).pathname;
      if ((refused === 0 && file.endsWith('.js')) || (refused === 1 && file.endsWith('.wasm'))) {
        refused += 1;
        waiting.filter(([n]) => refused >= n).forEach(([, ready]) => ready());
        return route.abort();
      }
      return route.continue();
    });
    await page.goto(env.site.url(pageFor('rope', '?lang=zh')));
    await waitForApp(page);
    const fold = page.getByTestId('xpos-fold');
    const said = () => page.evaluate(() => getComputedStyle(document.querySelector('[data-lab-body="xpos"]'), '::before').content);
    for (const attempt of [1, 2]) {
      await fold.click();
      await refusals(attempt);
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-tools-failed'));
      assert.equal(refused, attempt);
      assert.match(await said(), /实验未能载入/, `try ${attempt}: the fold says the lab did not come`);
      await fold.click();
    }
    await fold.click();
    await page.waitForSelector('[data-lab-body="xpos"][data-drawn]', { timeout: 30000 });
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-tools-failed')), false);
    // The refused files are the only failures the browser reports (how many of the two it
    // reports depends on its timing: `refused` above counts the refusals).
    const refusedFile = (text) => /teacher(\.js|_bg\.wasm)\?|Failed to load resource/.test(text);
    assertClean(Object.fromEntries(Object.entries(problems).map(([kind, list]) => [kind, list.filter((text) => !refusedFile(text))])));
  } finally {
    await context.close();
  }
});
