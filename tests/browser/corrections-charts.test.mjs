// Corrections to the charts: the dot product's symmetry and its chart's range, RoPE's
// distance chart stated exactly, its pairing selector and formula, the wavelength ladder's labels,
// and lesson step 12's position. Each fact as the page shows it, in English and in Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, canvasHash, settle, assertClean, pageFor } from './harness.mjs';

const env = useSite();

/** A canvas's data attribute as a number, once the canvas has drawn (it sets them when it draws). */
async function drawnNumber(page, testid, name) {
  await canvasHash(page, testid);
  const value = await page.getByTestId(testid).getAttribute(name);
  assert.ok(value !== null, `${testid} has ${name} once drawn`);
  return Number(value);
}

test('dot product: the curve is symmetric, so it tells distance, not direction (en, zh)', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('dot-product', '#dot-product')));
  await waitForApp(page);
  const symmetric = page.getByTestId('dot-symmetric');
  assert.match(await symmetric.textContent(), /PE\(m\)·PE\(n\) = PE\(n\)·PE\(m\)/);
  assert.match(await symmetric.textContent(), /distance, not direction/);
  // The same two positions both ways round: PE(10)·PE(13) and PE(13)·PE(10).
  assert.equal(await page.textContent('[data-testid="dot-reversed"]'), await page.textContent('[data-testid="dot-at-pos"]'));
  assert.match(await page.locator('#dot-product > dl.numbers').textContent(), /PE\(13\)·PE\(10\)/);
  // The curve runs over negative offsets too: its chart is drawn, with a y range.
  assert.ok((await canvasHash(page, 'canvas-dot-curve')).inked > 1000);
  assert.ok(Number(await page.getByTestId('canvas-dot-curve').getAttribute('data-y-max')) > 1);

  await page.goto(env.site.url(pageFor('dot-product', '?lang=zh#dot-product')));
  await waitForApp(page);
  const zh = await page.textContent('[data-testid="dot-symmetric"]');
  assert.match(zh, /PE\(m\)·PE\(n\) = PE\(n\)·PE\(m\)/);
  assert.match(zh, /分不出哪个在前、哪个在后/);
  assert.match(zh, /反映距离，不反映方向/);
  assertClean(problems);
  await context.close();
});

test('dot product: at d_model = 8 the chart’s y range holds its least value, about −0.734', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('dot-product', '?d_model=8&length=2048#dot-product')));
  await waitForApp(page);
  // The least of Σ_i cos(ω_i·δ) / 4 over the offsets the chart draws, |δ| ≤ 2047.
  let least = Infinity;
  for (let offset = 0; offset < 2048; offset += 1) {
    let sum = 0;
    for (let i = 0; i < 4; i += 1) sum += Math.cos(offset * Math.pow(10000, (-2 * i) / 8));
    least = Math.min(least, sum / 4);
  }
  assert.ok(least < -0.73, `the curve dips to ${least}`);
  const shown = await drawnNumber(page, 'canvas-dot-curve', 'data-min');
  assert.ok(Math.abs(shown - least) < 1e-9, `the chart's least value ${shown} vs ${least}`);
  const [low, high] = [
    Number(await page.getByTestId('canvas-dot-curve').getAttribute('data-y-min')),
    Number(await page.getByTestId('canvas-dot-curve').getAttribute('data-y-max')),
  ];
  assert.ok(low < least, `y from ${low} holds the minimum ${least}`);
  assert.ok(least - low < 0.2, `with a little padding, not much more (${low})`);
  assert.ok(high > 1 && high < 1.2, `the top is 1 (offset 0) with a little room: ${high}`);
  // The y axis is labelled (canvas text): the label is a translated key; here its chart is drawn.
  assert.ok((await canvasHash(page, 'canvas-dot-curve')).inked > 1000);
  assertClean(problems);
  await context.close();
});

test('RoPE: the distance chart says q = k, the selector names the pairs, the formula follows them (en)', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('rope', '#rope')));
  await waitForApp(page);
  const caption = await page.locator('figure:has([data-testid="canvas-rope-decay"]) figcaption').textContent();
  assert.match(caption, /q = k = \(1, 1, …, 1\)/);
  assert.match(caption, /RoFormer's upper bound on \|score\|/);
  assert.doesNotMatch(caption, /average/);
  assert.match(await page.getByTestId('canvas-rope-decay').getAttribute('aria-label'), /q = k/);
  const legend = await page.locator('#rope ul.legend').textContent();
  assert.match(legend, /score for q = k/);
  assert.match(legend, /RoFormer's bound/);
  const note = await page.textContent('[data-testid="rope-bound-note"]');
  assert.match(note, /averages 0 at every distance/);
  assert.match(note, /Su et al\. 2021, §3\.4\.3/);
  assert.match(note, /can cross: the bound limits the size of the score, not these normalised values/);
  assert.doesNotMatch(await page.locator('#rope > p').first().textContent(), /Averaged over directions/);

  // The pairing selector names the pairs it rotates; the sidebar's keeps the table's layout words.
  const options = (testid) => page.$$eval(`[data-testid="${testid}"] option`, (os) => os.map((o) => o.textContent.trim()));
  assert.deepEqual(await options('select-rope-layout'), ['pairs (2i, 2i+1)', 'pairs (i, i + d/2)']);
  for (const text of await options('select-layout')) assert.match(text, /sin/);

  // The rotation formula, for the pairing chosen.
  const formula = () => page.locator('#rope .formula').first().textContent();
  assert.match(await formula(), /cos/);
  assert.match(await formula(), /q′2i\+1/);
  assert.doesNotMatch(await formula(), /i\+d\/2/);
  assert.ok((await canvasHash(page, 'canvas-rope-decay')).inked > 1000);
  await page.getByTestId('select-rope-layout').selectOption('split');
  await settle(page);
  assert.match(page.url(), /layout=split/);
  assert.match(await formula(), /q′i\+d\/2/);
  assert.doesNotMatch(await formula(), /2i\+1/);

  // After the projections, so the offset alone: with a link to the add-versus-concatenate panel,
  // on its own chapter's page.
  const projections = page.getByTestId('rope-projections');
  assert.match(await projections.textContent(), /after the projections W_Q and W_K/);
  assert.match(await projections.textContent(), /offset m − n/);
  assert.equal(await projections.locator('a').textContent(), 'Add or concatenate?');
  const link = new URL(await projections.locator('a').getAttribute('href'), page.url());
  assert.equal(`${link.pathname}${link.hash}`, `${new URL(env.site.url(pageFor('add-concat'))).pathname}#add-concat`,
    'the link leads to the add-versus-concatenate panel');
  assertClean(problems);
  await context.close();
});

test('RoPE: the same facts in Chinese, and the distance chart’s range fits its curves', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('rope', '?lang=zh#rope')));
  await waitForApp(page);
  const caption = await page.locator('figure:has([data-testid="canvas-rope-decay"]) figcaption').textContent();
  assert.match(caption, /q = k = \(1, 1, …, 1\)/);
  assert.match(caption, /查询和键方向相同/);
  assert.deepEqual(
    await page.$$eval('[data-testid="select-rope-layout"] option', (os) => os.map((o) => o.textContent.trim())),
    ['维度对 (2i, 2i+1)', '维度对 (i, i + d/2)'],
  );
  const projections = page.getByTestId('rope-projections');
  assert.match(await projections.textContent(), /之后才旋转查询和键/);
  assert.doesNotMatch(await projections.textContent(), /query/);
  assert.equal(await projections.locator('a').textContent(), '相加还是拼接？');
  assert.match(await page.textContent('[data-testid="rope-bound-note"]'), /平均值都是 0/);
  // Its link leads to the panel on the Chinese page of its chapter (checked after the rest).
  const link = new URL(await projections.locator('a').getAttribute('href'), page.url());

  // At d_model = 8 the q = k curve, sampled every 8th distance up to 2048, dips below −0.7.
  await page.goto(env.site.url(pageFor('rope', '?d_model=8&length=2048#rope')));
  await waitForApp(page);
  let least = Infinity;
  for (let delta = 0; delta <= 2048; delta += 8) {
    let sum = 0;
    for (let i = 0; i < 4; i += 1) sum += Math.cos(delta * Math.pow(10000, (-2 * i) / 8));
    least = Math.min(least, sum / 4);
  }
  const low = await drawnNumber(page, 'canvas-rope-decay', 'data-y-min');
  const high = Number(await page.getByTestId('canvas-rope-decay').getAttribute('data-y-max'));
  assert.ok(low < least && least < -0.6, `y from ${low} holds the curve's least value ${least}`);
  assert.ok(high > 1 && high < 1.2, `the top is 1 (distance 0) with a little room: ${high}`);
  assert.equal(`${link.pathname}${link.hash}`, `${new URL(env.site.url(pageFor('add-concat', '?lang=zh'))).pathname}#add-concat`,
    'the link leads to the add-versus-concatenate panel, in Chinese');
  assertClean(problems);
  await context.close();
});

test('frequencies: the chosen pair is labelled on the ladder, and the length line is translated', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('frequencies', '?i=5#frequencies')));
  await waitForApp(page);
  const label = async (name) => {
    await canvasHash(page, 'canvas-frequencies');
    return page.getByTestId('canvas-frequencies').getAttribute(name);
  };
  assert.equal(await label('data-mark-label'), 'i = 5');
  assert.equal(await label('data-length-label'), 'sequence length = 100');
  await page.getByTestId('slider-i').focus();
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(await label('data-mark-label'), 'i = 6');

  await page.goto(env.site.url(pageFor('frequencies', '?i=5&lang=zh#frequencies')));
  await waitForApp(page);
  assert.equal(await label('data-length-label'), '序列长度 = 100');
  assert.equal(await label('data-mark-label'), 'i = 5');
  assertClean(problems);
  await context.close();
});

test('lesson step 12 asks for the position the extrapolation panel shows (96), in both languages', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  for (const [lang, asked, shown] of [
    ['en', /position 96\?$/, /position 96: /],
    ['zh', /位置 96 给出什么？$/, /位置 96 的向量/],
  ]) {
    await page.goto(env.site.url(pageFor('extrapolation', `?step=12&lang=${lang}`)));
    await waitForApp(page);
    await page.waitForFunction(() => {
      const prompt = document.querySelector('[data-testid="lesson-prompt"]')?.textContent ?? '';
      return prompt !== '' && !prompt.includes('…');
    });
    assert.match(await page.textContent('[data-testid="lesson-prompt"]'), asked);
    assert.match(await page.textContent('[data-testid="extrap-missing"]'), shown);
  }
  assertClean(problems);
  await context.close();
});
