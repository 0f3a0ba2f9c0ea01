// Readable charts and honest controls: charts read through the drawing layer (every
// text a canvas draws, with its box), controls that keep the reader's values, exact values typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, urlState, pageFor, courseMap } from './harness.mjs';
import { recordCanvasTexts, drawnOn, overlaps, outside } from './canvas-texts.mjs';

const env = useSite();

// The course's chapters, each a page of its own: a test of every canvas walks them all.
const { chapters: CHAPTERS } = courseMap();
/** Chapter `chapter`'s page with `query`, in the language its `lang=` names. */
const chapterPage = (chapter, query) => `${new URLSearchParams(query).get('lang') === 'zh' ? 'zh/' : ''}${chapter}/${query}`;

/** A page that records what its canvases draw, open at `path` (a chapter's page and its query). */
async function recordingPage(path, viewport) {
  const opened = await openPage(env.browser, env.site.origin, viewport ? { viewport } : {});
  await opened.context.addInitScript(recordCanvasTexts);
  await opened.page.goto(env.site.url(path));
  await waitForApp(opened.page);
  return opened;
}

/** Goes to `path` and waits for the app; on the real model's page, for its tables too. */
async function visit(page, path) {
  await page.goto(env.site.url(path));
  await waitForApp(page);
  if ((await page.getByTestId('panel-real-data').count()) > 0) {
    // The real model's tables load when its panel is first shown.
    await page.getByTestId('panel-real-data').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-testid="panel-real-data"][data-state="ready"]', { timeout: 30000 });
  }
  await settle(page);
}

// What each canvas's axes say (texts it must draw), or why it has none.
const AXES = {
  'canvas-pe-vector': ['dimension', 'value'],
  'canvas-heatmap': ['dimension', 'position pos'],
  'canvas-waves': ['position pos', 'PE value'],
  'canvas-frequencies': ['pair i', 'wavelength'],
  'canvas-rotation': ['cos: PE(·, 2i+1)', 'sin: PE(·, 2i)'],
  'canvas-rotation-elsewhere': ['cos: PE(·, 2i+1)', 'sin: PE(·, 2i)'],
  'canvas-dot-matrix': ['position n', 'position m'],
  'canvas-dot-curve': ['offset m − n', 'dot product ÷ (d_model/2)'],
  'canvas-saturation': ['PE amplitude', 'mean attention entropy (nats)'],
  'canvas-extrap-sinusoidal': ['position n', 'position m'],
  'canvas-extrap-learned': ['position n', 'position m'],
  'canvas-extrap-neighbours': ['position pos', 'cos'],
  'canvas-rope-decay': ['distance |m − n|', '÷ value at distance 0'],
  'canvas-alibi-slopes': ['head', 'slope'],
  'canvas-alibi-bias': ['key position', 'query position'],
  'canvas-alibi-row': ['key position', 'weight'],
  'canvas-word-order': ['output dimension'],
  // Its rows and columns are the sentence's words, named on both axes.
  'canvas-saturation-weights': ['key word', 'query word', 'the', 'cat', 'sat', 'on', 'mat'],
  'canvas-rope-plane': ['dim 2i', 'dim 2i+1', 'i = 2'],
  'canvas-embed-table': ['dimension (the first 64)'],
  'canvas-embed-path': ['E[id]', 's·E[id]', 'PE(pos)', 'dimension (the first 64)'],
  'canvas-add-concat': ['word embedding (128)', 'position encoding (128)', 'dimension'],
  'canvas-score-terms': ['key word', 'score'],
  'canvas-real-learned': ['dimension', 'position'],
  'canvas-real-sinusoidal': ['dimension', 'position'],
  'canvas-real-learned-cosines': ['position n', 'position m'],
  'canvas-real-sinusoidal-cosines': ['position n', 'position m'],
  'canvas-real-offsets': ['offset k', 'cos'],
};
const NO_AXES = {
  'canvas-heatmap-marks': 'a marker layer over the heatmap, whose axes are beneath it',
  'canvas-waves-marks': 'a marker layer over the waves, whose axes are beneath it',
  'canvas-rope-pairs': 'a diagram of which dimensions rotate together: dimension numbers, no quantities',
};
// Heatmaps of values that are never negative (attention weights): their bar runs from 0 up.
const FROM_ZERO = ['canvas-saturation-weights'];
// Heatmaps, each with its colour bar: the bar's colours are a one-column picture.
const HEATMAPS = ['canvas-heatmap', 'canvas-dot-matrix', 'canvas-extrap-sinusoidal', 'canvas-extrap-learned',
  'canvas-alibi-bias', 'canvas-word-order', 'canvas-saturation-weights', 'canvas-embed-table',
  'canvas-embed-path', 'canvas-add-concat', 'canvas-real-learned', 'canvas-real-sinusoidal',
  'canvas-real-learned-cosines', 'canvas-real-sinusoidal-cosines'];

test('every canvas has its axis titles or a stated reason not to; every heatmap its colour bar', async () => {
  const { context, page, problems } = await recordingPage(chapterPage(CHAPTERS[0], '?lang=en'));
  // Every chapter's page, each with its canvases.
  const seen = [];
  for (const chapter of CHAPTERS) {
    await visit(page, chapterPage(chapter, '?lang=en'));
    const ids = await page.evaluate(() => [...document.querySelectorAll('canvas[data-testid]')].map((c) => c.dataset.testid));
    seen.push(...ids);
    for (const id of ids) {
      assert.ok(id in AXES || id in NO_AXES, `${id} (${chapter}) is listed`);
      if (!(id in AXES)) continue;
      const drawn = await drawnOn(page, id);
      const texts = drawn.texts.map((t) => t.text);
      for (const title of AXES[id]) assert.ok(texts.includes(title), `${id} draws "${title}": ${texts.join('|')}`);
      if (HEATMAPS.includes(id)) {
        assert.ok(drawn.images.some(([w, h]) => w === 1 && h >= 32), `${id} has its colour bar`);
        if (FROM_ZERO.includes(id)) {
          assert.ok(texts.includes('0') && texts.includes('1') && !texts.some((t) => t.startsWith('−')),
            `${id}'s colour bar runs from 0 to 1, nothing below: ${texts.join('|')}`);
        } else {
          assert.ok(texts.includes('0') && texts.some((t) => t.startsWith('+')) && texts.some((t) => t.startsWith('−')),
            `${id}'s colour bar has its scale: ${texts.join('|')}`);
        }
      }
    }
  }
  assert.deepEqual([...seen].sort(), [...Object.keys(AXES), ...Object.keys(NO_AXES)].sort(), 'every canvas of the course, once');
  assertClean(problems);
  await context.close();
});

const PHONE = { width: 375, height: 812 };
for (const [query, viewport] of [['lang=en&d_model=2&length=1'], ['lang=en&d_model=1024&length=2048'],
  ['lang=en&d_model=2&length=2048'], ['lang=en&d_model=1024&length=1'], ['lang=en', PHONE],
  ['lang=zh&d_model=1024&length=2048', PHONE]]) {
  test(`no two labels on a canvas overlap, none leaves it: ${query}${viewport ? ' (phone)' : ''}`, async () => {
    const { context, page, problems } = await recordingPage(chapterPage(CHAPTERS[0], `?${query}`), viewport);
    // Every chapter's page; the real model's panel draws once its tables arrive, when it is shown.
    const found = [];
    const all = [];
    for (const chapter of CHAPTERS) {
      await visit(page, chapterPage(chapter, `?${query}`));
      const ids = await page.evaluate(() => [...document.querySelectorAll('canvas[data-testid]')]
        .map((c) => c.dataset.testid));
      all.push(...ids);
      for (const id of ids) {
        const drawn = await drawnOn(page, id);
        for (const pair of overlaps(drawn.texts)) found.push(`${chapter} ${id}: ${pair}`);
        for (const text of outside(drawn)) found.push(`${chapter} ${id}: "${text}" outside`);
      }
    }
    assert.ok(all.includes('canvas-real-offsets'), all.join(' '));
    assert.deepEqual(found, []);
    assertClean(problems);
    await context.close();
  });
}

test('the waves chart: a window around pos for a long sequence, said on its axis', async () => {
  const { context, page, problems } = await recordingPage(pageFor('waves', '?lang=en&length=2048&pos=1000'));
  const drawn = await drawnOn(page, 'canvas-waves');
  const texts = drawn.texts.map((t) => t.text);
  assert.ok(texts.includes('position pos (936–1063 of 0–2047, around pos)'), texts.join('|'));
  assert.ok(texts.includes('940') && texts.includes('1060') && !texts.includes('2000'), `ticks inside the window: ${texts.join('|')}`);
  assertClean(problems);
  await context.close();
});

test('k comes back when pos lets it, and says what it holds; m and n end at the last position', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // The RoPE chapter's controls hold pos and k, and RoPE's m and n.
  await page.goto(env.site.url(pageFor('rope', '?lang=en&k=3')));
  await waitForApp(page);
  const held = page.getByTestId('held-k');
  assert.equal(await held.isHidden(), true);
  await page.getByTestId('slider-pos').fill('99');
  await settle(page);
  assert.equal(await page.inputValue('[data-testid="value-k"]'), '0');
  assert.equal(await held.textContent(), 'back to 3 when it fits');
  await page.getByTestId('slider-pos').fill('96');
  await settle(page);
  assert.equal(await page.inputValue('[data-testid="value-k"]'), '3', 'k = 3 again');
  assert.equal(await held.isHidden(), true);
  // Moved another way (a link, a lesson step), the wish is forgotten: here k set by its slider.
  await page.getByTestId('slider-k').fill('1');
  await page.getByTestId('slider-pos').fill('99');
  await page.getByTestId('slider-pos').fill('10');
  await settle(page);
  assert.equal(urlState(page).k, '1');

  // RoPE's m and n: positions of the sequence.
  assert.equal(await page.getByTestId('slider-m').getAttribute('max'), '99');
  await page.getByTestId('slider-m').fill('90');
  await page.getByTestId('value-length').fill('20');
  await page.getByTestId('value-length').press('Enter');
  await settle(page);
  assert.equal(await page.getByTestId('slider-m').getAttribute('max'), '19');
  assert.equal(await page.inputValue('[data-testid="value-m"]'), '19');
  assert.equal(await page.getByTestId('held-m').textContent(), 'back to 90 when it fits');
  assertClean(problems);
  await context.close();
});

test('an exact value typed in a number box is read as the URL reads it', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('vector', '?lang=en')));
  await waitForApp(page);
  const box = page.getByTestId('value-d_model');
  await box.fill('300');
  await box.press('Enter');
  await settle(page);
  assert.equal(urlState(page).d_model, '300');
  assert.equal(await page.getByTestId('held-d_model').isHidden(), true);
  // An odd width: the nearest valid one, and the box says what it did.
  await box.fill('301');
  await box.press('Enter');
  await settle(page);
  assert.equal(await box.inputValue(), '302');
  assert.equal(await page.getByTestId('held-d_model').textContent(), '301 → 302');
  await box.fill('99999');
  await box.press('Enter');
  await settle(page);
  assert.equal(await box.inputValue(), '1024');
  assertClean(problems);
  await context.close();
});

test('d_model and length sliders give every doubling the same room (log2 scale); arrows always move', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('vector', '?lang=en&d_model=2')));
  await waitForApp(page);
  const dModel = page.getByTestId('slider-d_model');
  const length = page.getByTestId('slider-length');
  // The track's ends and middle: d_model 2 (2^1) to 1024 (2^10), length 1 (2^0) to 2048 (2^11).
  assert.deepEqual([await dModel.getAttribute('min'), await dModel.getAttribute('max')], ['1', '10']);
  assert.deepEqual([await length.getAttribute('min'), await length.getAttribute('max')], ['0', '11']);
  // From 2, one arrow step (1/64 of a doubling) would round back to 2: it moves to 4 instead.
  await dModel.focus();
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(await page.inputValue('[data-testid="value-d_model"]'), '4');
  for (const [slider, at, box, expected] of [[dModel, '7', 'value-d_model', '128'], [dModel, '5.5', 'value-d_model', '46'],
    [length, '10', 'value-length', '1024'], [length, '3', 'value-length', '8']]) {
    await slider.fill(at);
    await settle(page);
    assert.equal(await page.inputValue(`[data-testid="${box}"]`), expected, `${box} at ${at}`);
  }
  assert.equal(await dModel.getAttribute('aria-valuetext'), '46', 'a screen reader hears the value, not its log');
  assert.equal(urlState(page).length, '8');
  assertClean(problems);
  await context.close();
});

test('a dimension that does not exist or is already drawn is refused with a reason', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('waves', '?lang=en&d_model=128#waves')));
  await waitForApp(page);
  const chips = async () => page.locator('[data-testid^="remove-dim-"]').count();
  const before = await chips();
  const status = page.getByTestId('add-dim-status');
  for (const [typed, message] of [['500', 'Dimensions run from 0 to 127.'], ['0', 'That dimension is already drawn.']]) {
    await page.getByTestId('add-dim-input').fill(typed);
    await page.getByTestId('add-dim').click();
    assert.equal(await status.textContent(), message, typed);
    assert.equal(await chips(), before, `${typed}: no chip added`);
  }
  await page.getByTestId('add-dim-input').fill('7');
  await page.getByTestId('add-dim').click();
  assert.equal(await status.textContent(), '');
  assert.equal(await chips(), before + 1);
  assertClean(problems);
  await context.close();
});

test('the real model and extrapolation heatmaps: no colour covers half of the picture', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  for (const [anchor, ids] of [['real-data', ['canvas-real-learned', 'canvas-real-sinusoidal', 'canvas-real-learned-cosines',
    'canvas-real-sinusoidal-cosines']], ['extrapolation', ['canvas-extrap-sinusoidal', 'canvas-extrap-learned']]]) {
    await page.goto(env.site.url(pageFor(anchor, `?lang=en#${anchor}`)));
    await waitForApp(page);
    if (anchor === 'real-data') {
      await page.waitForFunction(() => document.querySelector('[data-testid="panel-real-data"]').dataset.state === 'ready', null, { timeout: 30000 });
    }
    for (const id of ids) {
      await drawnOn(page, id);
      const share = await page.evaluate((testid) => {
        const canvas = document.querySelector(`[data-testid="${testid}"]`);
        const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        const counts = new Map();
        let inked = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] === 0) continue;
          inked += 1;
          const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
          counts.set(key, (counts.get(key) || 0) + 1);
        }
        return Math.max(...counts.values()) / inked;
      }, id);
      console.log(`${id}: the commonest colour covers ${(100 * share).toFixed(1)} % of the picture`);
      assert.ok(share <= 0.5, `${id}: ${share}`);
    }
  }
  assertClean(problems);
  await context.close();
});

test('a heatmap with more positions than pixel rows shows means, and says so', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('heatmap', '?lang=en&length=2048')));
  await waitForApp(page);
  await page.getByTestId('canvas-heatmap').scrollIntoViewIfNeeded();
  await settle(page);
  // 2048 positions: 512 rows of 4-position means, then as many again per pixel as the plot needs.
  const plotHeight = Number(await page.getByTestId('canvas-heatmap').getAttribute('data-plot-height'));
  const rowsPerPixel = 4 * Math.ceil(512 / Math.floor(plotHeight));
  assert.match(await page.getByTestId('heatmap-sampled').textContent(),
    new RegExp(`mean of up to ${rowsPerPixel} × 1 cells \\(positions × dimensions\\)`));
  // The dot product's matrix, on its own chapter's page, says the same of its cells.
  await page.goto(env.site.url(pageFor('dot-product', '?lang=en&length=2048')));
  await waitForApp(page);
  assert.match(await page.getByTestId('dot-sampled').textContent(), /each cell is the mean over 8 × 8 pairs of positions/);
  assertClean(problems);
  await context.close();
});

/** The colours of the heatmap's top pixel row (position 0), left to right, 2 px inside the plot. */
async function topRowColours(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="canvas-heatmap"]');
    const scale = canvas.width / canvas.clientWidth;
    const [left, top, width] = ['plotLeft', 'plotTop', 'plotWidth'].map((k) => Number(canvas.dataset[k]) * scale);
    const row = canvas.getContext('2d').getImageData(Math.ceil(left) + 2, Math.ceil(top) + 1, Math.floor(width) - 4, 1).data;
    const colours = [];
    for (let n = 0; n < row.length; n += 4) colours.push([row[n], row[n + 1], row[n + 2]]);
    return colours;
  });
}

test('a heatmap with more dimensions than pixel columns shows block means, not every third column', async () => {
  // Position 0 is 0, 1, 0, 1, … (sin 0, cos 0): a pixel standing for 2 or more columns must
  // show a mean between 0 and 1, never the colour of a lone 0 or 1 cell.
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
  await page.goto(env.site.url(pageFor('heatmap', '?lang=en&length=16&d_model=8')));
  await waitForApp(page);
  await page.getByTestId('canvas-heatmap').scrollIntoViewIfNeeded();
  await settle(page);
  // At d_model 8 every cell is many pixels wide: the first cell is 0 (sin), the last 1 (cos).
  const exact = await topRowColours(page);
  const [zero, one] = [exact[0], exact[exact.length - 1]];
  assert.notDeepEqual(zero, one);
  assert.equal(await page.getByTestId('heatmap-sampled').isHidden(), true, 'nothing averaged at d_model 8');
  await page.goto(env.site.url(pageFor('heatmap', '?lang=en&length=16&d_model=1024')));
  await waitForApp(page);
  await page.getByTestId('canvas-heatmap').scrollIntoViewIfNeeded();
  await settle(page);
  const plotWidth = Number(await page.getByTestId('canvas-heatmap').getAttribute('data-plot-width'));
  const perPixel = Math.ceil(1024 / Math.floor(plotWidth));
  assert.ok(perPixel >= 2, `the phone's plot is narrower than 1024 columns (${plotWidth} px)`);
  assert.match(await page.getByTestId('heatmap-sampled').textContent(), new RegExp(`up to 1 × ${perPixel} cells`));
  const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  // The last block may hold a single column; leave the right tenth out.
  const shown = (await topRowColours(page)).slice(0, Math.floor(plotWidth * 0.9));
  const lone = shown.filter((c) => distance(c, zero) < 12 || distance(c, one) < 12);
  assert.deepEqual(lone, [], `pixels showing a single cell's colour (0: ${zero}, 1: ${one})`);
  assertClean(problems);
  await context.close();
});
