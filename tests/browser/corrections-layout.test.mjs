// Corrections of the layout, each visible on the page in both languages: the
// texts and formulas follow the layout (interleaved or split); the real model's learned table is
// coloured against the 99th percentile of |value| and says how many cells that clips; the
// saturation and real-model panels say where the toy and the raw tables simplify.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, pageFor } from './harness.mjs';

const env = useSite();

/** A panel's explanation: the paragraph right after its heading (src/ui/panel.rs). */
const explanation = (page, anchor) => page.textContent(`#${anchor} > h2 + p`);
/** The text of a panel's first formula (MathML: its tokens, without spaces). */
const formula = (page, anchor) => page.locator(`#${anchor} .formula`).first().textContent();
/** The pair slider's label. */
const pairLabel = (page) => page.textContent('label[for="ctl-i"] .meaning');

/** Goes to the page of the chapter holding `anchor`, with `query`. */
async function visit(page, anchor, query = '') {
  await page.goto(env.site.url(pageFor(anchor, query)));
  await waitForApp(page);
}

test('layout: the vector and heatmap texts and the formulas follow interleaved and split (en)', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  const rotationCheck = async (where) => {
    const rotation = await formula(page, 'rotation');
    assert.match(rotation, /dmodel\/2\+i/, `${where}: ${rotation}`);
    assert.doesNotMatch(rotation, /2i/, `${where}: ${rotation}`);
    assert.match(await pairLabel(page), /\(i, d_model\/2 \+ i\)/, where);
  };
  // The rotation's formula, on its chapter's page, follows the select without a reload.
  await visit(page, 'rotation', '?lang=en');
  assert.match(await formula(page, 'rotation'), /2i\+1/);
  await page.getByTestId('select-layout').selectOption('split');
  await settle(page);
  await rotationCheck('after the select');
  // The vector, the heatmap and the note, on the sinusoidal chapter's page.
  await visit(page, 'vector', '?lang=en');
  // Interleaved, the default: even dimensions hold the sines, the formula indexes 2i and 2i+1.
  assert.match(await explanation(page, 'vector'), /even dimensions hold sines/i);
  assert.match(await explanation(page, 'heatmap'), /The left columns flicker/);
  const interleaved = await formula(page, 'heatmap');
  assert.match(interleaved, /PE\(pos,2i\)=sin/);
  assert.match(interleaved, /PE\(pos,2i\+1\)=cos/);
  assert.ok(!interleaved.includes('/2'), `no d_model/2 in the interleaved formula: ${interleaved}`);
  assert.match(await pairLabel(page), /\(2i, 2i\+1\)/);
  // Both layouts hold the same numbers: said once, whatever the layout.
  assert.match(await page.textContent('[data-testid="layout-same-numbers"]'), /same numbers.*dot product PE\(m\)·PE\(n\) is identical/s);

  // Switching the select changes every one of them at once, without a reload.
  await page.getByTestId('select-layout').selectOption('split');
  await settle(page);
  assert.match(page.url(), /layout=split/);
  const check = async (where) => {
    const vector = await explanation(page, 'vector');
    assert.doesNotMatch(vector, /even dimensions hold sines/i, where);
    assert.match(vector, /first half holds the sines and the second half the cosines/, where);
    assert.match(vector, /d_model\/2 \+ i/, where);
    const heatmap = await explanation(page, 'heatmap');
    assert.doesNotMatch(heatmap, /The left columns flicker/, where);
    assert.match(heatmap, /left half of the columns holds the sines/, where);
    const split = await formula(page, 'heatmap');
    assert.match(split, /PE\(pos,i\)=sin/, `${where}: ${split}`);
    assert.match(split, /PE\(pos,dmodel\/2\+i\)=cos/, `${where}: ${split}`);
    assert.match(await pairLabel(page), /\(i, d_model\/2 \+ i\)/, where);
    assert.match(await page.textContent('[data-testid="layout-same-numbers"]'), /same numbers/, where);
  };
  await check('after the select');
  await visit(page, 'rotation', new URL(page.url()).search);
  await rotationCheck('the link the select wrote');

  // A link with layout=split opens that way.
  await visit(page, 'vector', '?layout=split');
  await check('from the link');
  await visit(page, 'rotation', '?layout=split');
  await rotationCheck('from the link');
  assertClean(problems);
  await context.close();
});

test('layout: the same in Chinese', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await visit(page, 'vector', '?lang=zh');
  assert.match(await explanation(page, 'vector'), /偶数维/);
  assert.ok(!(await formula(page, 'heatmap')).includes('/2'));
  const note = await page.textContent('[data-testid="layout-same-numbers"]');
  assert.match(note, /交错排列和分半排列/);
  assert.match(note, /PE\(m\)·PE\(n\)/);

  await visit(page, 'vector', '?lang=zh&layout=split');
  const vector = await explanation(page, 'vector');
  assert.doesNotMatch(vector, /偶数维/);
  assert.match(vector, /分半排列/);
  assert.match(vector, /d_model\/2 \+ i/);
  assert.match(await explanation(page, 'heatmap'), /分半排列/);
  assert.match(await formula(page, 'heatmap'), /PE\(pos,dmodel\/2\+i\)=cos/);
  assert.match(await pairLabel(page), /\(i, d_model\/2 \+ i\)/);
  assert.match(await page.textContent('[data-testid="layout-same-numbers"]'), /交错排列和分半排列/);
  await visit(page, 'rotation', '?lang=zh&layout=split');
  assert.match(await formula(page, 'rotation'), /dmodel\/2\+i/);
  assert.match(await pairLabel(page), /\(i, d_model\/2 \+ i\)/);
  assertClean(problems);
  await context.close();
});

/** Opens the real-data panel through its anchor and waits for its tables. */
async function openRealData(page, query = '') {
  await page.goto(env.site.url(pageFor('real-data', `${query}#real-data`)));
  await waitForApp(page);
  await page.waitForSelector('[data-testid="panel-real-data"][data-state="ready"]', { timeout: 30000 });
  await settle(page);
}

test('real model: the learned table is coloured against its 99th percentile, and the caption says what is clipped', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await openRealData(page);
  const caption = page.getByTestId('real-colour-scale');
  const limit = Number(await caption.getAttribute('data-limit'));
  // numpy: np.percentile(np.abs(table), 99) = 0.06475830078125 for the shipped table.
  assert.ok(limit > 0 && limit < 1.87, `the colour limit ${limit} is below the largest |value| 1.87`);
  assert.ok(Math.abs(limit - 0.0647583) < 1e-6, `the 99th percentile: ${limit}`);
  const text = await caption.textContent();
  assert.ok(text.includes(limit.toFixed(3)), `the caption prints the limit ${limit.toFixed(3)}: ${text}`);
  assert.match(text, /99th percentile/);
  assert.match(text, /1959 cells beyond it/);
  assert.match(text, /clipped/);
  assert.match(text, /1\.87, at position 0/);
  assert.doesNotMatch(text, /\{/, 'every placeholder is filled');

  await openRealData(page, '?lang=zh');
  const zh = await page.getByTestId('real-colour-scale').textContent();
  assert.ok(zh.includes('0.065'), zh);
  assert.match(zh, /第 99 百分位数/);
  assert.match(zh, /1959 个格子/);
  assert.match(zh, /截断/);
  assert.doesNotMatch(zh, /\{/);
  assertClean(problems);
  await context.close();
});

test('caveats: the saturation toy and the real model say where they simplify, in en and zh', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // Each on its chapter's page.
  await visit(page, 'saturation', '?lang=en');
  const saturation = await page.textContent('[data-testid="saturation-caveat"]');
  assert.match(saturation, /BERT normalises the sum of its embeddings \(LayerNorm\)/);
  assert.match(saturation, /GPT-2 normalises the input of every attention block/);
  assert.match(saturation, /original Transformer did not/);
  assert.match(saturation, /LayerNorm\(x \+ Sublayer\(x\)\)/);
  await visit(page, 'real-data', '?lang=en');
  const real = await page.textContent('[data-testid="real-caveat"]');
  assert.match(real, /token-type \(segment\) vector/);
  assert.match(real, /LayerNorm before the first layer/);
  assert.match(real, /leave out both the token-type vector and the LayerNorm/);

  await visit(page, 'saturation', '?lang=zh');
  const saturationZh = await page.textContent('[data-testid="saturation-caveat"]');
  assert.match(saturationZh, /层归一化（LayerNorm）/);
  assert.match(saturationZh, /GPT-2/);
  assert.match(saturationZh, /原始 Transformer 没有这样做/);
  await visit(page, 'real-data', '?lang=zh');
  const realZh = await page.textContent('[data-testid="real-caveat"]');
  assert.match(realZh, /片段向量/);
  assert.match(realZh, /层归一化/);
  assertClean(problems);
  await context.close();
});
