// The four core panels: they draw, they answer exactly the controls they depend on, the heatmap
// read-out is the core's value, and the rotation error is rounding-sized for every pair. The
// course's canvases are on their chapters' pages: a test of every one walks them all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, canvasHash, settle, CANVASES, assertClean, pageFor, courseMap, eventually, frames } from './harness.mjs';

const env = useSite();
const { chapters: CHAPTERS } = courseMap();

/** The canvases of `CANVASES` on the page. */
const canvasesHere = (page) => page.evaluate((ids) => ids.filter((id) => document.querySelector(`[data-testid="${id}"]`)), CANVASES);

/** The page's canvases (of `CANVASES`), each with its fingerprint. */
async function hashes(page) {
  const out = {};
  for (const id of await canvasesHere(page)) out[id] = await canvasHash(page, id);
  return out;
}

/** A page open at `path` (a chapter's page and its query), live and drawn. */
async function open(path) {
  const opened = await openPage(env.browser, env.site.origin, { viewport: { width: 1400, height: 1000 } });
  await visit(opened.page, path);
  return opened;
}

async function visit(page, path) {
  await page.goto(env.site.url(path));
  await waitForApp(page);
  await settle(page);
}

test('every panel draws something', async () => {
  const { context, page, problems } = await open(`${CHAPTERS[0]}/`);
  const seen = [];
  for (const chapter of CHAPTERS) {
    await visit(page, `${chapter}/`);
    const all = await hashes(page);
    for (const [id, h] of Object.entries(all)) {
      assert.ok(h.inked > 500, `${id} has ink (${h.inked} pixels)`);
    }
    seen.push(...Object.keys(all));
  }
  assert.deepEqual(seen.sort(), [...CANVASES].sort(), 'every canvas, on its chapter\'s page');
  assertClean(problems);
  await context.close();
});

// Which canvases must change when a slider moves one step, and which must not.
// The heatmap's matrix and the waves' curves sit on base layers that pos and k leave alone;
// their markers are on layers of their own.
const DEPENDS = {
  // The word-order and saturation panels run their own small model: none of these four move them.
  // Nor do they move ALiBi (no vectors at all), RoPE's pairing diagram (drawn at width 16) or the
  // real model's tables (its own width, 384).
  d_model: CANVASES.filter(
    (id) =>
      !['canvas-word-order', 'canvas-saturation', 'canvas-saturation-weights', 'canvas-rope-pairs'].includes(id) &&
      !id.startsWith('canvas-alibi') && !id.startsWith('canvas-real-'),
  ),
  // ALiBi's attention row is the row of query pos.
  pos: ['canvas-pe-vector', 'canvas-heatmap-marks', 'canvas-waves-marks', 'canvas-rotation', 'canvas-rotation-elsewhere', 'canvas-alibi-row'],
  k: ['canvas-heatmap-marks', 'canvas-waves-marks', 'canvas-rotation', 'canvas-rotation-elsewhere', 'canvas-dot-curve'],
  i: [
    'canvas-pe-vector',
    'canvas-heatmap-marks',
    'canvas-waves',
    'canvas-waves-marks',
    'canvas-rotation',
    'canvas-rotation-elsewhere',
    'canvas-frequencies',
    'canvas-rope-plane',
    'canvas-rope-pairs',
  ],
};

for (const [symbol, changing] of Object.entries(DEPENDS)) {
  test(`moving ${symbol} redraws exactly the panels that depend on it`, async () => {
    const { context, page, problems } = await open(`${CHAPTERS[0]}/`);
    // On every chapter's page: its controls hold the slider, its panels answer it or not.
    const seen = [];
    for (const chapter of CHAPTERS) {
      await visit(page, `${chapter}/`);
      const before = await hashes(page);
      await page.getByTestId(`slider-${symbol}`).focus();
      await page.keyboard.press('ArrowRight');
      await settle(page);
      await settle(page);
      const after = await hashes(page);
      for (const id of Object.keys(before)) {
        if (changing.includes(id)) {
          assert.notEqual(after[id].hash, before[id].hash, `${id} changes with ${symbol}`);
        } else {
          assert.equal(after[id].hash, before[id].hash, `${id} does not change with ${symbol}`);
        }
      }
      seen.push(...Object.keys(before));
    }
    assert.deepEqual(seen.sort(), [...CANVASES].sort(), 'every canvas checked');
    assertClean(problems);
    await context.close();
  });
}

/** The CSS-pixel centre of heatmap cell (pos, dim), from the rectangle the drawing used. */
async function cellCentre(page, pos, dim) {
  // On screen, so it has drawn (and exposed its plot rectangle).
  await canvasHash(page, 'canvas-heatmap');
  const canvas = page.getByTestId('canvas-heatmap');
  const rect = await canvas.evaluate((c) => ({
    left: Number(c.dataset.plotLeft),
    top: Number(c.dataset.plotTop),
    width: Number(c.dataset.plotWidth),
    height: Number(c.dataset.plotHeight),
  }));
  const length = Number(await page.inputValue('[data-testid=\"value-length\"]'));
  const dModel = Number(await page.inputValue('[data-testid=\"value-d_model\"]'));
  return {
    x: rect.left + ((dim + 0.5) * rect.width) / dModel,
    y: rect.top + ((pos + 0.5) * rect.height) / length,
  };
}

test('the heatmap read-out shows the core value of the hovered cell, and a click selects it', async () => {
  const { context, page, problems } = await open(pageFor('heatmap'));
  const canvas = page.getByTestId('canvas-heatmap');
  for (const [pos, dim] of [[37, 9], [0, 0], [99, 127], [12, 64]]) {
    const at = await cellCentre(page, pos, dim);
    await canvas.hover({ position: at });
    const text = await page.textContent('[data-testid="heatmap-readout"]');
    const match = text.match(/pos = (\d+), dim = (\d+) .*: (-?\d+\.\d+)$/);
    assert.ok(match, `read-out format: ${text}`);
    assert.equal(Number(match[1]), pos);
    assert.equal(Number(match[2]), dim);
    // The paper's formula, computed here independently of the app.
    const i = Math.floor(dim / 2);
    const angle = pos * Math.pow(10000, (-2 * i) / 128);
    const expected = dim % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
    assert.ok(Math.abs(Number(match[3]) - expected) < 5e-7, `PE(${pos}, ${dim}) = ${match[3]}, expected ${expected}`);
  }
  const at = await cellCentre(page, 37, 9);
  await canvas.click({ position: at });
  await settle(page);
  assert.equal(await page.inputValue('[data-testid=\"value-pos\"]'), '37');
  assert.equal(await page.inputValue('[data-testid=\"value-i\"]'), '4');
  assertClean(problems);
  await context.close();
});

test('the rotation error stays below 1e-12 for every pair at default sizes', async () => {
  const { context, page, problems } = await open(pageFor('rotation'));
  const slider = page.getByTestId('slider-i');
  await slider.focus();
  await page.keyboard.press('Home');
  const pairs = 64;
  let worst = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    assert.equal(await page.inputValue('[data-testid=\"value-i\"]'), String(i));
    const error = Number(await page.textContent('[data-testid="rotation-error"]'));
    assert.ok(Number.isFinite(error), 'the error is a number');
    worst = Math.max(worst, error);
    assert.ok(error < 1e-12, `pair ${i}: error ${error}`);
  }
  console.log(`rotation panel: largest printed error over ${pairs} pairs = ${worst.toExponential(1)}`);
  assertClean(problems);
  await context.close();
});

test('waves: extra dimensions can be added and removed, and the URL keeps them', async () => {
  const { context, page, problems } = await open(pageFor('waves'));
  assert.equal(await page.getByTestId('wave-126').count(), 1, 'the slow default wave');
  await page.getByTestId('add-dim-input').fill('9');
  await page.getByTestId('add-dim').click();
  await settle(page);
  assert.equal(await page.getByTestId('wave-9').count(), 1);
  assert.match(page.url(), /dims=0%2C126%2C9|dims=0,126,9/);
  await page.getByTestId('remove-dim-126').click();
  await settle(page);
  assert.equal(await page.getByTestId('wave-126').count(), 0);
  assertClean(problems);
  await context.close();
});

test('add versus concatenate: widths, parameter counts, scale and amplitude', async () => {
  const { context, page, problems } = await open(pageFor('add-concat'));
  assert.equal(await page.textContent('[data-testid="add-width"]'), '128');
  assert.equal(await page.textContent('[data-testid="add-params"]'), '16384');
  assert.equal(await page.textContent('[data-testid="concat-width"]'), '256');
  assert.equal(await page.textContent('[data-testid="concat-params"]'), '32768');
  const share = async () => Number((await page.textContent('[data-testid="position-share"] strong')).replace('%', ''));
  const scaled = await share();
  await page.getByTestId('toggle-scale').uncheck();
  await settle(page);
  const unscaled = await share();
  assert.ok(unscaled > 80, `without √d_model position drowns meaning (${unscaled}%)`);
  assert.ok(scaled < unscaled, `scaling gives meaning room (${scaled}% < ${unscaled}%)`);
  await page.getByTestId('slider-amp').fill('0');
  await settle(page);
  assert.equal(await share(), 0, 'amplitude 0 removes position');
  assert.match(page.url(), /scale=0/);
  assertClean(problems);
  await context.close();
});

test('the play button animates pos and stops', async () => {
  const { context, page, problems } = await open(pageFor('rotation'));
  const pos = async () => Number(await page.inputValue('[data-testid=\"value-pos\"]'));
  const start = await pos();
  await page.getByTestId('rotation-play').click();
  await eventually(page, (start) => Number(document.querySelector('[data-testid="value-pos"]').value) >= start + 2,
    start, `pos advances from ${start} while playing`);
  await page.getByTestId('rotation-play').click();
  const stopped = await pos();
  assert.ok(stopped > start, `pos advanced from ${start} to ${stopped}`);
  // Thirty frames: several of the animation's 150 ms ticks.
  await frames(page, 30);
  assert.equal(await pos(), stopped, 'pause stops the animation');
  assertClean(problems);
  await context.close();
});

test('the layout fits a 375 px phone and a 1920 px projector without sideways scrolling', async () => {
  for (const width of [375, 1920]) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width, height: 800 } });
    // The contents page and the glossary, then every chapter's page with its canvases.
    for (const path of ['', 'glossary/']) {
      await page.goto(env.site.url(path));
      await waitForApp(page);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `${width} px: /${path} is ${scroll} px wide`);
    }
    const seen = [];
    for (const chapter of CHAPTERS) {
      await page.goto(env.site.url(`${chapter}/`));
      await waitForApp(page);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `${width} px: ${chapter}'s page is ${scroll} px wide`);
      for (const id of await canvasesHere(page)) {
        const box = await page.getByTestId(id).boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= width + 1, `${width} px: ${id} fits`);
        seen.push(id);
      }
      // On a phone the controls start folded to a one-line bar (each panel carries its own).
      if (width < 760) {
        assert.equal(await page.getByTestId('slider-pos').isVisible(), false);
        assert.equal(await page.getByTestId('controls-toggle').getAttribute('aria-expanded'), 'false');
        await page.getByTestId('controls-toggle').click();
      }
      assert.equal(await page.getByTestId('controls-toggle').getAttribute('aria-expanded'), 'true');
      const slider = await page.getByTestId('slider-pos').boundingBox();
      assert.ok(slider.height >= 30, `sliders are tall enough to drag by touch (${slider.height} px)`);
      // The controls fold away and come back.
      await page.getByTestId('controls-toggle').click();
      assert.equal(await page.getByTestId('slider-pos').isVisible(), false);
      await page.getByTestId('controls-toggle').click();
      assert.equal(await page.getByTestId('slider-pos').isVisible(), true);
    }
    assert.deepEqual(seen.sort(), [...CANVASES].sort(), `${width} px: every canvas`);
    assertClean(problems);
    await context.close();
  }
});
