// Embedding: `embed=<panel or lab>` shows that one panel or lab with its own controls
// and nothing else of the page, at 360 × 640 and 800 × 600, with no sideways scrolling, its
// controls working, the link's values applied; in a 16 : 9 frame it is a slide that fits the
// frame without scrolling; the share dialog's <iframe> code loads it inside another page, and a
// slide's keys pressed in the frame reach the slide (a reveal.js deck, and any page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useSite, openPage, waitForApp, settle, assertClean, pageFor, courseMap, eventually, frames } from './harness.mjs';

const env = useSite();
const ANCHORS = Object.keys(courseMap().where);
// A lab that is a table to read, with links to try each scheme, and no control to move.
const WITHOUT_CONTROLS = ['lab-family-tree'];

/** What of the page is on screen besides `anchor`, and whether it overflows sideways. */
const layout = (page, anchor) => page.evaluate((anchor) => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const parts = ['header.app-header', 'aside.controls', '.toc', '.menu-button', '.chapter-opening',
    '.chapter-nav', '.check-yourself'].filter((s) => [...document.querySelectorAll(s)].some(shown));
  const panels = [...document.querySelectorAll('.panels > .panel')].filter(shown).map((p) => p.id);
  const labs = [...document.querySelectorAll('[id^="lab-"]')].filter(shown).map((l) => l.id);
  const target = document.getElementById(anchor);
  const holder = target?.closest('.lab-fold') ?? target;
  // Its controls: its own, and those of the page's values a lab follows (above it when embedded).
  const inputs = 'input[type="range"], select, input[type="checkbox"]';
  const controls = [...(holder?.querySelectorAll(inputs) ?? []), ...document.querySelectorAll(`.embed-controls :is(${inputs})`)]
    .filter((c) => shown(c) && !c.disabled);
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
  return {
    duplicateIds: [...new Set(ids.filter((id, at) => ids.indexOf(id) !== at))],
    brought: [...document.querySelectorAll('.embed-controls input[type="range"]')].map((c) => c.dataset.testid),
    parts,
    panels,
    labs,
    controls: controls.length,
    wide: document.documentElement.scrollWidth,
    inView: target ? target.getBoundingClientRect().top < innerHeight : false,
  };
}, anchor);

/** The page's address as the page itself has it (Playwright's `page.url()` learns of a
 * `replaceState` later, by an event of its own). */
const address = (page) => page.evaluate(() => location.href);

/** Moves the first control of `anchor`'s panel or lab, and returns whether the address changed:
 * the page writes it as the state changes, before the frames `settle` waits for. */
async function moveAControl(page, anchor) {
  const before = await address(page);
  const inputs = 'input[type="range"]:visible, select:visible, input[type="checkbox"]:visible';
  const brought = page.locator('.embed-controls').locator(inputs);
  const control = (await brought.count()) > 0 ? brought.first()
    : page.locator(`#${anchor}`).locator('xpath=ancestor-or-self::*[contains(@class, "lab-fold") or contains(@class, "panel")][1]')
      .locator(inputs).first();
  const kind = await control.evaluate((c) => (c.tagName === 'SELECT' ? 'select' : c.type));
  if (kind === 'range') {
    const { min, max, value } = await control.evaluate((c) => ({ min: c.min, max: c.max, value: c.value }));
    await control.fill(value === max ? min : max);
  } else if (kind === 'select') {
    const values = await control.evaluate((c) => [...c.options].map((o) => o.value));
    const now = await control.inputValue();
    await control.selectOption(values.find((v) => v !== now));
  } else {
    await control.click();
  }
  await settle(page);
  return (await address(page)) !== before;
}

// A phone, a course page's 4 : 3 frame, and a 16 : 9 frame too small to be a slide: the page
// scrolls, and keeps its keys.
for (const viewport of [{ width: 360, height: 640 }, { width: 800, height: 600 }, { width: 640, height: 360 }]) {
  test(`embed= at ${viewport.width} × ${viewport.height}: each panel and lab alone, its controls working, no sideways scroll`, async () => {
    const failures = [];
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport });
    try {
      for (const anchor of ANCHORS) {
        await page.goto(env.site.url(pageFor(anchor, `?lang=en&embed=${anchor}`)));
        await waitForApp(page);
        await page.locator(`#${anchor}`).waitFor({ state: 'visible', timeout: 30000 });
        await settle(page);
        const seen = await layout(page, anchor);
        const isLab = anchor.startsWith('lab-');
        if (seen.duplicateIds.length) failures.push(`${anchor}: ids used twice: ${seen.duplicateIds.join(', ')}`);
        // The RoPE lab follows the query's and the key's positions: their sliders come with it.
        if (anchor === 'lab-rope-complex' && !['slider-m-lab-rope-complex', 'slider-n-lab-rope-complex'].every((id) => seen.brought.includes(id))) {
          failures.push(`${anchor}: brought ${seen.brought.join(', ')}, not the m and n sliders`);
        }
        if (seen.parts.length) failures.push(`${anchor}: ${seen.parts.join(', ')} shown`);
        if (seen.panels.length !== 1) failures.push(`${anchor}: panels shown ${seen.panels.join(', ')}`);
        if (isLab && seen.labs.join() !== anchor) failures.push(`${anchor}: labs shown ${seen.labs.join(', ')}`);
        if (seen.wide > viewport.width) failures.push(`${anchor}: ${seen.wide}px wide`);
        if (!seen.inView) failures.push(`${anchor}: not on screen`);
        if (WITHOUT_CONTROLS.includes(anchor)) {
          if (seen.controls !== 0) failures.push(`${anchor}: has controls now; test them`);
        } else if (seen.controls === 0) failures.push(`${anchor}: no control of its own`);
        else if (!(await moveAControl(page, anchor))) failures.push(`${anchor}: moving its first control changed nothing`);
        if (viewport.width === 360) await page.screenshot({ path: `artifacts/embed-${anchor}-360.png` });
      }
      assert.deepEqual(failures, []);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

test('embed=: the link\'s values apply; a bad part is a notice and the whole page', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 800, height: 600 } });
  try {
    await page.goto(env.site.url(pageFor('heatmap', '?lang=zh&pos=12&embed=heatmap')));
    await waitForApp(page);
    assert.equal(await page.getByTestId('value-pos-heatmap').inputValue(), '12');
    // A lab that follows the page's values carries their controls when embedded alone.
    await page.goto(env.site.url(pageFor('lab-numbering', '?lang=zh&pos=12&length=50&embed=lab-numbering')));
    await waitForApp(page);
    await page.locator('#lab-numbering').waitFor({ state: 'visible', timeout: 30000 });
    assert.equal(await page.getByTestId('value-length-lab-numbering').inputValue(), '50');
    assert.ok((await page.getByTestId('numbering-table').innerText()).includes('0.2400'), 'pos/length = 12/50');
    await page.goto(env.site.url(pageFor('heatmap', '?lang=en&embed=nowhere')));
    await waitForApp(page);
    await page.getByText('embed=nowhere is not a valid value').waitFor();
    assert.equal(await page.locator('header.app-header').isVisible(), true, 'the whole page');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

/**
 * How an embed laid out as a slide fits its frame: whether the page scrolls, the controls and
 * charts not wholly on screen (a control must also be the element seen at its centre: not
 * covered or scrolled out of a box), charts drawn stretched, and the largest chart's share of
 * the frame.
 */
const slideFit = (page) => page.evaluate(() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && !e.closest('.visually-hidden, [aria-hidden="true"]:not(canvas)');
  const name = (e) => e.dataset.testid || e.id || e.getAttribute('aria-label') || e.tagName.toLowerCase();
  const inside = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  const controls = [...document.querySelectorAll('input:not([type="hidden"]), select, button, textarea')]
    .filter((c) => shown(c) && c.getBoundingClientRect().width > 1);
  const charts = [...document.querySelectorAll('canvas:not(.overlay), .lab-chart svg:not(.swatch), .heat-pair svg')]
    .filter((c) => shown(c) && c.getBoundingClientRect().height > 40);
  const outside = [];
  for (const c of controls) {
    const r = c.getBoundingClientRect();
    const seen = inside(r) && c.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2));
    if (!seen) outside.push(`control ${name(c)} at ${Math.round(r.top)}–${Math.round(r.bottom)}`);
  }
  for (const c of charts) {
    const r = c.getBoundingClientRect();
    if (!inside(r)) outside.push(`chart ${name(c)} at ${Math.round(r.top)}–${Math.round(r.bottom)}`);
  }
  const stretched = charts.filter((c) => c.tagName === 'CANVAS').filter((c) => {
    const r = c.getBoundingClientRect();
    return Math.abs((r.height / r.width) / (c.height / c.width) - 1) > 0.01;
  }).map(name);
  // What the slide shows besides its controls: a chart, a table, a diagram, a listing, or (the
  // lab of the pair as complex numbers) a formula and its numbers.
  const pictures = [...document.querySelectorAll('canvas:not(.overlay), .lab-chart svg:not(.swatch), table, .model-columns, .lab-code, .lab-body :is(.formula, dl.numbers)')]
    .filter((c) => shown(c) && c.getBoundingClientRect().height > 10);
  const largest = Math.max(0, ...charts.map((c) => {
    const r = c.getBoundingClientRect();
    return Math.max(r.height / innerHeight, r.width / innerWidth);
  }));
  const root = document.documentElement;
  return {
    scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth ? `${root.scrollWidth} × ${root.scrollHeight}` : '',
    outside, stretched, pictures: pictures.length, charts: charts.length, largest,
  };
});

// The share dialog's slide sizes (lesson::embed::FRAME_SIZES), and a frame its page made narrower.
for (const [width, height, lang] of [[960, 540, 'en'], [960, 540, 'zh'], [1280, 720, 'en'], [1920, 1080, 'zh'], [768, 432, 'en']]) {
  test(`embed= in a ${width} × ${height} frame (${lang}): a slide, its controls and first chart inside the frame, nothing scrolls, nothing stretched`, async () => {
    const failures = [];
    const sizes = [];
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width, height } });
    try {
      for (const anchor of ANCHORS) {
        await page.goto(env.site.url(pageFor(anchor, `?lang=${lang}&embed=${anchor}`)));
        await waitForApp(page);
        await page.locator(`#${anchor}`).waitFor({ state: 'visible', timeout: 30000 });
        await settle(page);
        const fit = await slideFit(page);
        if (fit.scrolls) failures.push(`${anchor}: the page scrolls, ${fit.scrolls}`);
        failures.push(...fit.outside.map((o) => `${anchor}: ${o}`));
        if (fit.stretched.length) failures.push(`${anchor}: stretched ${fit.stretched.join(', ')}`);
        if (fit.pictures === 0) failures.push(`${anchor}: no chart, table or listing on the slide`);
        // The chart fills the room the controls leave: not squeezed to a corner (two square
        // charts side by side beside a column of controls are a little under half the width).
        if (fit.charts > 0 && fit.largest < 0.4) failures.push(`${anchor}: its largest chart is ${Math.round(100 * fit.largest)} % of the frame`);
        sizes.push(`${anchor} ${Math.round(100 * fit.largest)}%`);
        if (width === 960 && lang === 'en') await page.screenshot({ path: `artifacts/embed-${anchor}-960x540.png` });
      }
      console.log(`largest chart's share of a ${width} × ${height} frame: ${sizes.join(', ')}`);
      assert.deepEqual(failures, []);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

test('the share dialog\'s <iframe> code embeds the chosen part, with the page\'s values, inside another page', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(env.site.url(pageFor('rope', '?lang=en&m=7#rope')));
    await waitForApp(page);
    await page.getByTestId('share-open').click();
    await page.getByTestId('share-dialog').waitFor({ state: 'visible' });
    // The panel being read is offered first.
    assert.equal(await page.getByTestId('embed-which').inputValue(), 'rope');
    const code = await page.getByTestId('embed-code').inputValue();
    // A 16 : 9 slide's size first; a frame made narrower keeps its shape.
    assert.match(code, /^<iframe src="[^"]+embed=rope[^"]*" title="[^"]+" width="960" height="540" style="[^"]*aspect-ratio: 960 \/ 540;/);
    assert.match(code, /m=7/);
    const offered = await page.getByTestId('embed-size').locator('option').allInnerTexts();
    assert.ok(offered.filter((o) => o.includes('16 : 9')).length >= 3, offered.join(' | '));
    await page.getByTestId('embed-size').selectOption({ label: offered.find((o) => o.startsWith('800')) });
    assert.match(await page.getByTestId('embed-code').inputValue(), /width="800" height="600"/);
    await page.getByTestId('embed-size').selectOption({ index: 0 });
    await page.getByTestId('embed-which').selectOption('lab-xpos');
    const labCode = await page.getByTestId('embed-code').inputValue();
    assert.match(labCode, /embed=lab-xpos/);
    // A course page with the code pasted in.
    const host = await context.newPage();
    await host.setContent(`<!DOCTYPE html><title>A course page</title><h1>Week 5: RoPE</h1>${labCode}`);
    const frame = host.frameLocator('iframe');
    await frame.locator('#lab-xpos').waitFor({ state: 'visible', timeout: 30000 });
    assert.equal(await frame.locator('header.app-header').isVisible(), false);
    const box = await host.locator('iframe').boundingBox();
    assert.deepEqual([box.width, box.height], [960, 540]);
    await host.screenshot({ path: 'artifacts/embed-in-a-page.png' });
    assertClean(problems);
  } finally {
    await context.close();
  }
});

const REVEAL = resolve(import.meta.dirname, 'node_modules/reveal.js/dist');

/** A reveal.js deck of three slides, the second framing `src` at 960 × 540. */
const deck = (src) => `<!DOCTYPE html><html><head><title>Week 5</title>
<style>${readFileSync(resolve(REVEAL, 'reveal.css'), 'utf8')}</style></head><body>
<div class="reveal"><div class="slides">
<section><h2>Before</h2></section>
<section><iframe src="${src}" title="embedded" width="960" height="540" style="border: 0"></iframe></section>
<section><h2>After</h2></section>
</div></div>
<script>${readFileSync(resolve(REVEAL, 'reveal.js'), 'utf8')}</script>
<script>Reveal.initialize({ hash: false, transition: 'none', width: 1000, height: 600 });</script>
</body></html>`;

test('a slide\'s keys pressed in the frame reach a reveal.js deck; a control keeps its own; any page gets the next press', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1280, height: 800 } });
  try {
    const src = env.site.url(pageFor('heatmap', '?lang=en&embed=heatmap'));
    await page.setContent(deck(src));
    await page.waitForFunction(() => window.Reveal?.isReady());
    const slide = () => page.evaluate(() => Reveal.getIndices().h);
    const frame = page.frameLocator('iframe');
    const onSecond = async () => {
      await page.evaluate(() => Reveal.slide(1));
      await frame.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 30000 });
    };
    await onSecond();
    // A click on the slide's picture, then PageDown: the slide turns (the click handed the
    // keyboard back to the deck).
    await frame.locator('#heatmap h2').click();
    await page.keyboard.press('PageDown');
    await eventually(page, () => Reveal.getIndices().h === 2, null, 'PageDown in the frame turned the slide');
    // A focused slider keeps its arrows (the slide stays), but a clicker's keys go to the slide:
    // the frame posts them (reveal.js's postMessage API) and hands the keyboard back.
    await onSecond();
    const slider = frame.getByTestId('slider-pos-heatmap');
    await slider.focus();
    const before = Number(await slider.inputValue());
    await slider.press('ArrowRight');
    await frames(page, 3);
    assert.equal(Number(await slider.inputValue()), before + 1, 'the arrow moved the slider');
    assert.equal(await slide(), 1, 'and not the slide');
    await slider.press('PageDown');
    await eventually(page, () => Reveal.getIndices().h === 2, null, 'Page Down on a slider turned the slide');
    assert.equal(Number(await slider.inputValue()), before + 1, 'and did not move the slider');
    await onSecond();
    await slider.focus();
    await slider.press('PageUp');
    await eventually(page, () => Reveal.getIndices().h === 0, null, 'Page Up on a slider went back');
    await onSecond();
    await slider.focus();
    await slider.press('b');
    await eventually(page, () => Reveal.isPaused(), null, 'B (a clicker\'s blank button) on a slider blanked the slide');
    await page.evaluate(() => Reveal.togglePause(false));
    // A number box keeps "." (a clicker's other blank key): it is typed there.
    await onSecond();
    const box = frame.getByTestId('value-pos-heatmap');
    await box.focus();
    await box.press('.');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => Reveal.isPaused()), false, '"." typed in a number box');
    assertClean(problems);
  } finally {
    await context.close();
  }
  // A page that knows nothing of the frame's messages: after one press in the frame, the
  // keyboard is the page's, so the next press is its own.
  const host = await openPage(env.browser, env.site.origin, { viewport: { width: 1280, height: 800 } });
  try {
    const src = env.site.url(pageFor('rope', '?lang=en&embed=rope'));
    await host.page.setContent(`<!DOCTYPE html><title>Slides</title><h1>Slide 4</h1>
      <iframe src="${src}" title="embedded" width="960" height="540" style="border: 0"></iframe>
      <script>window.keys = []; window.messages = [];
        addEventListener('keydown', (e) => keys.push(e.key));
        addEventListener('message', (e) => messages.push(JSON.parse(e.data)));</script>`);
    const frame = host.page.frameLocator('iframe');
    await frame.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 30000 });
    const seen = () => host.page.evaluate(() => ({ keys: window.keys, messages: window.messages }));
    // A click on no control hands the keyboard back at once: the press is the page's.
    await frame.locator('#rope h2').click();
    await host.page.keyboard.press('PageDown');
    await frames(host.page, 3);
    assert.deepEqual(await seen(), { keys: ['PageDown'], messages: [] });
    // A focused slider: the frame posts the press, then the next one is the page's own.
    await frame.locator('#rope input[type="range"]').first().focus();
    await host.page.keyboard.press('PageDown');
    await eventually(host.page, () => window.messages.length === 1, null, 'the frame posted the press');
    const [message] = (await seen()).messages;
    assert.deepEqual([message.namespace, message.method, message.key], ['pe-explorer', 'next', 'PageDown']);
    await host.page.keyboard.press('PageDown');
    await frames(host.page, 3);
    assert.deepEqual((await seen()).keys, ['PageDown', 'PageDown'], 'the next press is the page\'s own');
    assertClean(host.problems);
  } finally {
    await host.context.close();
  }
});
