// A lesson that asks before it tells: every step's answer is off the page until
// Reveal; the clicker drives the lesson whatever has focus, Escape leaves it and gives the
// teacher's parameters back; a step can be reset and keeps a tweak across Previous/Next;
// presenter view scales the charts' type and shows the step's panel alone beside the lesson bar;
// a phone gets a one-line parameter bar, the panel's own controls and a compact lesson bar, and
// nothing wider than the screen; the student link drops the teacher's settings and its QR code
// reads back as that link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { useSite, openPage, waitForApp, settle, assertClean, urlState, courseMap, pageFor, stepPage, onStepPage, lessonSteps } from './harness.mjs';


/** Whether the step is revealed: the attribute on <html> (the bar's reveal text is not shown in
 * presenter view, where a one-line reveal takes the question's place). */
const isRevealed = (page) => page.evaluate(() => document.documentElement.hasAttribute('data-revealed'));
const env = useSite();
const require = createRequire(import.meta.url);

const stepIs = (page, n) => page.waitForFunction(
  (s) => new URLSearchParams(location.search).get('step') === String(s) &&
    /^(Predict|先猜一猜)/.test(document.querySelector('[data-testid="lesson-prompt"]')?.textContent ?? '') &&
    document.documentElement.hasAttribute('data-lesson-panel'),
  n,
);

/** The chapter (its page's folder) of each lesson step: `STEP_CHAPTERS[n - 1]` for step n. */
const STEP_CHAPTERS = courseMap().steps;

/** What the page shows as text (hidden and masked elements are not in innerText). */
const pageText = (page) => page.evaluate(() => document.body.innerText);
const panelText = (page, id) => page.evaluate((panel) => document.getElementById(panel).innerText, id);

test('every step: the answer is nowhere on the page before Reveal, and in its panel after', async () => {
  const steps = lessonSteps();
  assert.equal(Object.keys(steps).length, 24);
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(stepPage(1, '?lang=en')));
  await waitForApp(page);
  await page.getByTestId('lesson-toggle').click();
  // The plan picker: the full tour, every step in order.
  await page.getByTestId('plan-start-tour').click();
  for (let n = 1; n <= 24; n += 1) {
    const { panel, answer, lab } = steps[n];
    await onStepPage(page, n);
    await stepIs(page, n);
    // A lab is drawn by the tools once its panel is near; the step's values then reach it.
    if (lab) await page.waitForSelector(`[data-testid="${lab}-title"]`, { timeout: 30000 });
    if (panel === 'real-data') {
      // The real model's tables arrive first; the fit reports its progress until done.
      await page.waitForFunction(() => /e-/.test(document.querySelector('[data-testid="real-fit-sinusoidal"]')?.textContent ?? ''), null, { timeout: 60000 });
    }
    await settle(page);
    assert.equal(await page.getByTestId('lesson-reveal').isHidden(), true);
    assert.ok(!(await pageText(page)).includes(answer.en), `step ${n}: ${answer.en} on the page before Reveal`);
    await page.getByTestId('lesson-reveal-button').click();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    await settle(page);
    assert.ok((await panelText(page, panel)).includes(answer.en), `step ${n}: ${answer.en} not in #${panel} after Reveal`);
    assert.ok((await page.getByTestId('lesson-reveal').textContent()).includes(answer.en));
    if (n < 24) await page.getByTestId('lesson-next').click();
  }
  assertClean(problems);
  await context.close();
});

test('the clicker drives the lesson whatever has focus; Escape gives the teacher\'s parameters back', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(stepPage(1, '?lang=en&d_model=64&base=1000')));
  await waitForApp(page);
  await page.getByTestId('lesson-toggle').click();
  // The plan picker: the full tour, every step in order.
  await page.getByTestId('plan-start-tour').click();
  await stepIs(page, 1);
  // The clicker's Page Down, on to the next chapter's page (steps 3 and 4 are on two pages).
  assert.notEqual(STEP_CHAPTERS[2], STEP_CHAPTERS[3]);
  assert.equal(STEP_CHAPTERS[3], STEP_CHAPTERS[4]);
  // Each Page Down on a step not yet revealed reveals it; the next moves on.
  const revealedNow = () => page.evaluate(() => !document.querySelector('[data-testid="lesson-reveal"]').hidden);
  for (const n of [2, 3, 4]) {
    assert.equal(await revealedNow(), false, `step ${n - 1} arrives unrevealed`);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-reveal"]').hidden);
    assert.equal(urlState(page).step, String(n - 1), 'the first Page Down reveals, it does not move');
    await page.keyboard.press('PageDown');
    await onStepPage(page, n);
    await stepIs(page, n);
  }
  // A slider the teacher touched keeps the focus: Page Down still drives the lesson, not it
  // (step 5 is on the same page: a new page has nothing focused).
  const pos = page.getByTestId('slider-pos');
  await pos.focus();
  const before = await pos.inputValue();
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-reveal"]').hidden);
  await page.keyboard.press('PageDown');
  await stepIs(page, 5);
  await settle(page);
  assert.equal(await pos.inputValue(), before, 'the slider did not move');
  // …while its arrows still move it.
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(Number(await pos.inputValue()), Number(before) + 1);
  assert.equal(urlState(page).step, '5');
  await page.keyboard.press('PageUp');
  await stepIs(page, 4);
  // Step 4 as it was left, revealed: Page Up takes it back to its question first, then back to
  // the previous chapter's page.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-revealed'));
  await stepIs(page, 4);
  await page.keyboard.press('PageUp');
  await onStepPage(page, 3);
  await stepIs(page, 3);
  // Escape leaves, and the parameters from before the lesson are back.
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('step'));
  assert.equal(new URL(page.url()).search, '?d_model=64&base=1000&lang=en');
  assert.equal(await page.getByTestId('lesson-bar').isHidden(), true);
  assertClean(problems);
  await context.close();
});

test('a live tweak survives Previous then Next; Reset this step drops it', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(stepPage(9, '?lang=en&step=9')));
  await waitForApp(page);
  await stepIs(page, 9);
  // A hand-written step link opens in the step's before state: k = 3, not yet doubled.
  assert.equal(urlState(page).k, '3');
  await page.getByTestId('slider-pos').fill('30');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('pos') === '30');
  await page.getByTestId('lesson-previous').click();
  await stepIs(page, 8);
  await page.getByTestId('lesson-next').click();
  await stepIs(page, 9);
  assert.equal(urlState(page).pos, '30', 'the tweak is kept');
  await page.getByTestId('lesson-reset').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('pos') !== '30');
  const { pos, k } = urlState(page);
  assert.deepEqual({ pos, k }, { pos: '10', k: '3' });
  assertClean(problems);
  await context.close();
});

/** The font sizes (CSS px) each canvas's drawing set, recorded from the 2-D context. */
const FONT_PROBE = () => {
  window.__fonts = {};
  const proto = CanvasRenderingContext2D.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'font').set;
  Object.defineProperty(proto, 'font', {
    set(value) {
      const px = parseFloat(/([\d.]+)px/.exec(value)?.[1] ?? 'NaN') / devicePixelRatio;
      const id = this.canvas?.dataset?.testid ?? '?';
      (window.__fonts[id] ??= []).push(px);
      setter.call(this, value);
    },
    get: Object.getOwnPropertyDescriptor(proto, 'font').get,
  });
};

/** The charts, each with its panel's anchor (its chapter's page holds it). */
const CHARTS = { 'canvas-waves': 'waves', 'canvas-dot-curve': 'dot-product', 'canvas-heatmap': 'heatmap' };

async function chartFonts(query) {
  const { context, page } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  await page.addInitScript(FONT_PROBE);
  const fonts = {};
  for (const [id, panel] of Object.entries(CHARTS)) {
    await page.goto(env.site.url(pageFor(panel, query)));
    await waitForApp(page);
    // Each chart draws once it is on screen.
    await page.getByTestId(id).scrollIntoViewIfNeeded();
    await page.waitForFunction((c) => window.__fonts[c]?.length > 0, id);
    fonts[id] = await page.evaluate((c) => window.__fonts[c], id);
  }
  await context.close();
  return fonts;
}

test('presenter view: the charts\' text is twice as large, one panel per step across the screen, the bar above it', async () => {
  const normal = await chartFonts('?lang=en');
  const presenter = await chartFonts('?lang=en&presenter=1');
  for (const id of Object.keys(CHARTS)) {
    const small = Math.min(...normal[id]);
    const large = Math.min(...presenter[id]);
    assert.ok(large >= 2 * small - 1e-9, `${id}: ${large}px against ${small}px`);
  }
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  // Step 12's chapter has its panel alone; step 9's page has another panel, which the step hides.
  for (const [step, id] of [[12, 'extrapolation'], [9, 'dot-product']]) {
    await page.goto(env.site.url(stepPage(step, `?lang=en&presenter=1&step=${step}`)));
    await waitForApp(page);
    await stepIs(page, step);
    await settle(page);
    const layout = await page.evaluate((stepPanel) => {
      const panels = [...document.querySelectorAll('.panels > .panel')];
      const shown = panels.filter((p) => p.offsetParent !== null);
      const bar = document.querySelector('[data-testid="lesson-bar"]').getBoundingClientRect();
      const panel = document.getElementById(stepPanel).getBoundingClientRect();
      return { all: panels.length, shown: shown.map((p) => p.id), barBottom: bar.bottom, panelTop: panel.top, panelWidth: panel.width };
    }, id);
    assert.deepEqual(layout.shown, [id], `step ${step}: the step's panel alone`);
    if (step === 9) assert.ok(layout.all > 1, 'a page with other panels');
    assert.ok(layout.panelTop >= layout.barBottom - 1, `the panel (from ${layout.panelTop}px) starts below the bar (to ${layout.barBottom}px)`);
    assert.ok(layout.panelWidth >= 0.9 * 1920, `the panel has the width (${layout.panelWidth}px)`);
  }
  assertClean(problems);
  await context.close();
});

test('a 375 × 812 phone: a one-line parameter bar, the panel\'s own controls, a compact lesson bar, nothing too wide', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, {
    viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2,
  });
  await page.goto(env.site.url(stepPage(6, '?lang=zh&step=6')));
  await waitForApp(page);
  // The page is marked for the step from its first paint; lesson mode's bar comes with the tools.
  await page.waitForFunction(() => document.documentElement.dataset.lessonPanel === 'waves' &&
    document.querySelector('[data-testid="lesson-bar"]')?.hidden === false);
  await settle(page);
  const sizes = await page.evaluate(() => ({
    controls: document.querySelector('aside.controls').getBoundingClientRect().height,
    bar: document.querySelector('[data-testid="lesson-bar"]').getBoundingClientRect().height,
    scrollWidth: document.documentElement.scrollWidth,
  }));
  // The parameters are one line of 44 px targets (style/main.css), and scroll away with the page
  // in lesson mode; the lesson bar at most a fifth of the screen.
  assert.ok(sizes.controls <= 60, `parameters ${sizes.controls}px: one line`);
  assert.ok(sizes.controls + sizes.bar <= 0.27 * 812, `parameters ${sizes.controls}px + lesson bar ${sizes.bar}px`);
  assert.ok(sizes.bar <= 0.2 * 812, `lesson bar ${sizes.bar}px`);
  assert.ok(sizes.scrollWidth <= 375, `the page is ${sizes.scrollWidth}px wide`);
  const wide = await page.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.formula, .numbers-table, .inline-controls input'))
    .filter((e) => getComputedStyle(e).visibility !== 'hidden' && e.getClientRects().length > 0)
    .map((e) => `${e.tagName}.${e.className}`).slice(0, 5));
  assert.deepEqual(wide, [], 'elements past the right edge');
  // The waves panel carries its controls, bound to the same state as the folded global ones.
  const inline = page.getByTestId('slider-i-waves');
  assert.equal(await inline.isVisible(), true);
  await inline.fill('5');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('i') === '5');
  assert.equal(await page.getByTestId('slider-i').inputValue(), '5');
  // The parameters open from their bar.
  assert.equal(await page.getByTestId('slider-d_model').isVisible(), false);
  await page.getByTestId('controls-toggle').click();
  assert.equal(await page.getByTestId('slider-d_model').isVisible(), true);
  assertClean(problems);
  await context.close();
});

test('a tap on the heatmap reads a value and moves nothing; the button moves pos and i there', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, {
    viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true,
  });
  await page.goto(env.site.url(pageFor('heatmap', '?lang=en')));
  await waitForApp(page);
  const heatmap = page.getByTestId('canvas-heatmap');
  await heatmap.scrollIntoViewIfNeeded();
  await settle(page);
  const box = await heatmap.boundingBox();
  const before = new URL(page.url()).search;
  await heatmap.tap({ position: { x: box.width * 0.5, y: box.height * 0.6 } });
  await settle(page);
  assert.match(await page.getByTestId('heatmap-readout').textContent(), /^pos = \d+, dim = \d+/);
  assert.equal(new URL(page.url()).search, before, 'the tap moved nothing');
  const [, pos] = /^pos = (\d+)/.exec(await page.getByTestId('heatmap-readout').textContent());
  await page.getByTestId('heatmap-move').tap();
  await page.waitForFunction((p) => new URLSearchParams(location.search).get('pos') === p || (p === '10' && !new URLSearchParams(location.search).has('pos')), pos);
  assertClean(problems);
  await context.close();
});

test('the student link drops presenter view, theme and step and has no lesson mode or sharing unless self-study is ticked; its QR code reads back as that link', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.origin });
  await page.goto(env.site.url(stepPage(6, '?lang=zh&presenter=1&theme=dark&step=6&d_model=64')));
  await waitForApp(page);
  await stepIs(page, 6);
  await page.getByTestId('share-open').click();
  await page.waitForSelector('[data-testid="share-dialog"][open]');
  const link = await page.getByTestId('student-link').inputValue();
  const params = new URL(link).searchParams;
  for (const key of ['presenter', 'theme', 'step']) assert.equal(params.has(key), false, `${key} in ${link}`);
  assert.equal(params.get('lang'), 'zh');
  // Only the values that differ from the defaults (a link that names a value keeps it), and
  // lesson mode hidden: students cannot run ahead to a Reveal.
  assert.equal(new URL(link).searchParams.get('d_model'), '64');
  assert.equal(params.get('hide'), 'step');
  assert.deepEqual([...params.keys()].sort(), ['d_model', 'hide', 'lang']);
  // The student's page: no lesson mode, no sharing, and the clicker's keys do nothing.
  const student = await context.newPage();
  await student.goto(link);
  await waitForApp(student);
  assert.equal(await student.getByTestId('lesson-toggle').isHidden(), true, 'no lesson mode');
  assert.equal(await student.getByTestId('share-open').isHidden(), true, 'no sharing');
  await student.keyboard.press('PageDown');
  await settle(student);
  assert.equal(urlState(student).step ?? '0', '0');
  // Self-study: the link keeps lesson mode (and sharing) for the students.
  await page.getByTestId('self-study').check();
  const selfStudy = await page.getByTestId('student-link').inputValue();
  assert.equal(new URL(selfStudy).searchParams.has('hide'), false, selfStudy);
  await student.goto(selfStudy);
  await waitForApp(student);
  assert.equal(await student.getByTestId('lesson-toggle').isVisible(), true, 'lesson mode for self-study');
  await student.close();
  await page.getByTestId('self-study').uncheck();
  // The builder hides a panel (one of this page's) and locks a control, in the link only.
  await page.getByTestId('hide-heatmap').check();
  await page.getByTestId('lock-d_model').check();
  const built = await page.getByTestId('student-link').inputValue();
  assert.deepEqual(new URL(built).searchParams.get('hide').split(',').sort(), ['heatmap', 'step']);
  assert.equal(new URL(built).searchParams.get('lock'), 'd_model');
  assert.equal(await page.locator('#heatmap').count(), 1, 'the panel is on this page');
  assert.equal(await page.locator('#heatmap').getAttribute('hidden'), null, 'the teacher\'s page keeps it');
  await page.getByTestId('share').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="share-status"]').textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), built);
  // The QR code, drawn on a canvas and read by jsQR, is the link.
  const pixels = await page.evaluate(async () => {
    const img = document.querySelector('[data-testid="qr"]');
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 400;
    const ctx = canvas.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, 0, 0, 400, 400);
    return Array.from(ctx.getImageData(0, 0, 400, 400).data);
  });
  const jsQR = require('jsqr');
  const code = jsQR(Uint8ClampedArray.from(pixels), 400, 400);
  assert.equal(code?.data, built);
  await page.getByTestId('share-close').click();
  assert.equal(await page.locator('[data-testid="share-dialog"][open]').count(), 0);
  assertClean(problems);
  await context.close();
});

test('a teacher link: hide= takes panels, a bad name lists the valid ones, a locked control says so on screen', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // Each hidden panel on its chapter's page.
  await page.goto(env.site.url(pageFor('rope', '?lang=zh&hide=rope,heatmap,colour&lock=d_model')));
  await waitForApp(page);
  assert.equal(await page.locator('#rope').count(), 1);
  assert.equal(await page.locator('#rope').isHidden(), true);
  await page.goto(env.site.url(pageFor('heatmap', '?lang=zh&hide=rope,heatmap,colour&lock=d_model')));
  await waitForApp(page);
  assert.equal(await page.locator('#heatmap').count(), 1);
  assert.equal(await page.locator('#heatmap').isHidden(), true);
  const notice = await page.getByTestId('notice').innerText();
  assert.match(notice, /可用的名称：d_model, length,.*word-order, embedding/s);
  const label = await page.evaluate(() => getComputedStyle(
    document.querySelector('[data-testid="slider-d_model"]').closest('.control'), '::after').content);
  assert.equal(label, '"已被此链接锁定"');
  assertClean(problems);
  await context.close();
});

test('a step masks only its own read-outs: no "?" over the rest of the page', async () => {
  // Every read-out once took the "?" box during any masked step, unmasked ones included, and
  // those, not positioned, drew it over whole screens of the page.
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(stepPage(3, '?lang=en&step=3')));
  await waitForApp(page);
  await page.waitForSelector('[data-readout="tying-counts"]', { state: 'attached', timeout: 30000 });
  const marks = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-readout]')].map((e) => [
    e.dataset.readout, [getComputedStyle(e, '::before').content, getComputedStyle(e).visibility],
  ])));
  assert.deepEqual(marks['tying-counts'], ['"?"', 'hidden']);
  for (const [name, [content, visibility]] of Object.entries(marks)) {
    if (name !== 'tying-counts') assert.deepEqual([content, visibility], ['none', 'visible'], name);
  }
  assertClean(problems);
  await context.close();
});

test('the clicker blanks the screen (B or .), any key brings it back; Escape closes a dialog before it leaves; lesson mode resumes where it was left', async () => {
  // In presenter view, as on a projector: the lesson bar is at the top there.
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    await page.goto(env.site.url(stepPage(6, '?lang=zh&presenter=1&step=6')));
    await waitForApp(page);
    await stepIs(page, 6);
    await page.mouse.click(5, 5);
    // Blank: the whole screen black, above the lesson bar; any key only brings it back.
    for (const key of ['b', '.']) {
      await page.keyboard.press(key);
      const blank = page.getByTestId('lesson-blank');
      await blank.waitFor({ state: 'visible' });
      const box = await blank.boundingBox();
      assert.deepEqual([box.x, box.y, box.width, box.height], [0, 0, 1920, 1080], `${key}: the whole screen`);
      const covered = await page.evaluate(() => {
        const bar = document.querySelector('[data-testid="lesson-bar"]').getBoundingClientRect();
        return document.elementFromPoint(bar.left + bar.width / 2, bar.top + bar.height / 2)?.dataset.testid;
      });
      assert.equal(covered, 'lesson-blank', 'the lesson bar is under it too');
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="lesson-blank"]')).backgroundColor), 'rgb(0, 0, 0)');
      await page.keyboard.press('PageDown');
      await blank.waitFor({ state: 'hidden' });
      assert.equal(urlState(page).step, '6', 'the key that brings the screen back does nothing else');
      assert.equal(await isRevealed(page), false, 'not revealed');
    }
    // Escape with the share dialog open closes the dialog; lesson mode stays.
    await page.getByTestId('share-open').click();
    await page.getByTestId('share-dialog').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.getByTestId('share-dialog').waitFor({ state: 'hidden' });
    await settle(page);
    assert.equal(urlState(page).step, '6', 'the first Escape only closed the dialog');
    assert.equal(await page.getByTestId('lesson-bar').isVisible(), true);
    // The second leaves; the lesson button then resumes at step 6, not step 1.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('step'));
    await page.getByTestId('lesson-toggle').click();
    // The plan picker: where the lesson was left.
    await page.getByTestId('plan-resume').click();
    await stepIs(page, 6);
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('the teacher\'s notes open in a window of their own (N or the button) for the lecturer\'s screen: never on the projected page, in step with it, driving it with its own keys, in its language', async () => {
  const steps = lessonSteps();
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    await page.goto(env.site.url(stepPage(5, '?lang=en&presenter=1&step=5')));
    await waitForApp(page);
    await stepIs(page, 5);
    await page.mouse.click(5, 5);
    const [notes] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('n')]);
    await notes.waitForSelector('[data-testid="notes-window"]');
    const has = (text) => notes.waitForFunction((t) => document.body.innerText.includes(t), text);
    // The step's question, its answer, its notes and the next step's question.
    for (const text of [steps[5].question.en, steps[5].reveal.en, steps[6].question.en]) await has(text);
    for (const kind of ['misconception', 'point', 'ask']) await has(steps[5].notes.en[kind]);
    await notes.waitForFunction(() => /^Lesson \d+:\d\d of \d+ min planned · this step \d+:\d\d of about 1 min$/.test(document.getElementById('clock').textContent));
    assert.match(await notes.title(), /Teacher's notes/);
    // Nothing of them on the projected page.
    const projected = await page.evaluate(() => document.body.innerText);
    for (const kind of ['misconception', 'point', 'ask']) {
      assert.ok(!projected.includes(steps[5].notes.en[kind]), `step 5's ${kind} note on the projected page`);
    }
    assert.equal(await page.getByTestId('lesson-notes').count(), 0);
    assert.equal(await page.getByTestId('lesson-notes-button').getAttribute('aria-pressed'), 'true');
    // Its keys drive the page: Page Down reveals, then moves on; B blanks the projector.
    await notes.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    await has('The class sees it now.');
    await notes.keyboard.press('PageDown');
    await stepIs(page, 6);
    await has(steps[6].notes.en.point);
    await has('The class does not see it yet');
    await notes.keyboard.press('b');
    await page.getByTestId('lesson-blank').waitFor({ state: 'visible' });
    await notes.keyboard.press('PageDown');
    await page.getByTestId('lesson-blank').waitFor({ state: 'hidden' });
    assert.equal(urlState(page).step, '6', 'the key that ends the blank does nothing else');
    // Its Page Down button too.
    await notes.click('#forward');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    // The page's button closes it, and the notes window goes with the page.
    const closed = notes.waitForEvent('close');
    await page.getByTestId('lesson-notes-button').click();
    await closed;
    assert.equal(await page.getByTestId('lesson-notes-button').getAttribute('aria-pressed'), 'false');
    assert.equal(urlState(page).step, '6', 'N and the button do nothing else');
    // In Chinese after the switch.
    await page.goto(env.site.url(stepPage(6, '?lang=zh&presenter=1&step=6')));
    await waitForApp(page);
    await stepIs(page, 6);
    const [chinese] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('lesson-notes-button').click()]);
    await chinese.waitForFunction((t) => document.body.innerText.includes(t), steps[6].notes.zh.ask);
    assert.equal(await chinese.evaluate(() => document.documentElement.lang), 'zh');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('where the browser blocks the notes window, the notes open on the page with a message saying so, and N or Escape closes them before anything else', async () => {
  const steps = lessonSteps();
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    // A pop-up blocker: window.open gives nothing back.
    await page.addInitScript(() => { window.open = () => null; });
    await page.goto(env.site.url(stepPage(5, '?lang=en&presenter=1&step=5')));
    await waitForApp(page);
    await stepIs(page, 5);
    await page.mouse.click(5, 5);
    const blocked = page.getByTestId('lesson-notes-blocked');
    assert.equal(await blocked.count(), 0);
    await page.keyboard.press('n');
    await blocked.waitFor({ state: 'visible' });
    assert.match(await blocked.textContent(), /blocked the notes window\. Allow pop-ups/);
    await page.waitForFunction((t) => document.body.innerText.includes(t), steps[5].notes.en.point);
    assert.equal(await page.getByTestId('lesson-notes-button').getAttribute('aria-pressed'), 'true');
    // N closes them again; so does Escape, which leaves lesson mode only when pressed once more.
    await page.keyboard.press('n');
    await blocked.waitFor({ state: 'detached' });
    assert.ok(!(await page.evaluate(() => document.body.innerText)).includes(steps[5].notes.en.point));
    await page.keyboard.press('n');
    await blocked.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await blocked.waitFor({ state: 'detached' });
    await stepIs(page, 5);
    assert.equal(urlState(page).step, '5', 'Escape closed the notes and did nothing else');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('clicker keys from anywhere: Page Up takes a reveal back before it goes back, B blanks with a slider or number box focused, Escape closes the notes before it leaves', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    await page.goto(env.site.url(stepPage(6, '?lang=en&presenter=1&step=6')));
    await waitForApp(page);
    await stepIs(page, 6);
    await page.mouse.click(5, 5);
    const revealed = () => page.evaluate(() => document.documentElement.hasAttribute('data-revealed'));
    // Page Down reveals, Page Up un-reveals (the step's question and before state again), and
    // only the next Page Up goes to step 5.
    const before = new URL(page.url()).search;
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-revealed'));
    assert.equal(await isRevealed(page), false, 'the answer hidden again');
    assert.equal(urlState(page).step, '6');
    assert.equal(new URL(page.url()).search, before, 'the step\'s before state, as it opened');
    await page.keyboard.press('PageUp');
    await stepIs(page, 5);
    assert.equal(await revealed(), false);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    await page.keyboard.press('PageDown');
    await stepIs(page, 6);
    // B and "." blank the screen with a slider focused, B with a number box focused ("." is
    // typed there: a decimal point).
    const blank = page.getByTestId('lesson-blank');
    const slider = page.locator('input[type="range"]:visible').first();
    await slider.focus();
    for (const key of ['b', '.']) {
      await page.keyboard.press(key);
      await blank.waitFor({ state: 'visible' });
      await page.keyboard.press('Shift');
      await blank.waitFor({ state: 'hidden' });
    }
    const number = page.locator('input[type="number"]:visible').first();
    if (await number.count()) {
      await number.focus();
      await page.keyboard.press('B');
      await blank.waitFor({ state: 'visible' });
      await page.keyboard.press('Shift');
      await blank.waitFor({ state: 'hidden' });
    }
    assert.equal(urlState(page).step, '6');
    // Escape with the notes open closes them and stays in lesson mode; the next Escape leaves.
    await page.mouse.click(5, 5);
    const [notes] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('n')]);
    await notes.waitForSelector('[data-testid="notes-window"]');
    const closed = notes.waitForEvent('close');
    await page.keyboard.press('Escape');
    await closed;
    await settle(page);
    assert.equal(urlState(page).step, '6', 'the first Escape only closed the notes');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('step'));
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('the training steps by the clicker alone: Page Down trains and the reveal waits for the run, no key throws it away, and the next step reveals from the same run', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    await page.goto(env.site.url(stepPage(15, '?lang=en&presenter=1&lesson=rope&step=15')));
    await waitForApp(page);
    await stepIs(page, 15);
    await page.waitForSelector('[data-testid="train-go"]', { timeout: 30000 });
    const button = page.getByTestId('lesson-reveal-button');
    assert.equal(await button.innerText(), 'Train, then reveal');
    const trained = () => page.evaluate(() => Number(/step (\d+) of/.exec(document.querySelector('[data-testid="train-progress-text"]').textContent)?.[1] ?? 0));
    const revealed = () => page.evaluate(() => document.documentElement.hasAttribute('data-revealed'));
    const shown = (name) => page.evaluate((n) => [...document.querySelectorAll(`[data-readout="${n}"]`)].every((e) => getComputedStyle(e).visibility === 'visible'), name);
    // Page Down starts the run; the bar says it waits for it.
    await page.keyboard.press('PageDown');
    await page.getByTestId('lesson-run').waitFor({ state: 'visible' });
    await page.waitForFunction(() => /step [1-9]\d* of 300/.test(document.querySelector('[data-testid="train-progress-text"]').textContent));
    // Page Up stops waiting, not the run.
    await page.keyboard.press('PageUp');
    await page.getByTestId('lesson-run').waitFor({ state: 'detached' });
    const at = await trained();
    await page.waitForFunction((s) => Number(/step (\d+) of/.exec(document.querySelector('[data-testid="train-progress-text"]').textContent)?.[1] ?? 0) > s, at);
    assert.equal(urlState(page).step, '15');
    assert.equal(await revealed(), false);
    // Page Down waits again, and once more does not reveal before the run has finished.
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.getByTestId('lesson-run').waitFor({ state: 'visible' });
    assert.equal(await revealed(), false, 'the reveal waits for the run');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'), null, { timeout: 60000 });
    assert.equal(await trained(), 300, 'revealed once the run had finished');
    assert.equal(await page.getByTestId('train-reached-0').innerText(), '150');
    assert.equal(await page.getByTestId('train-reached-1').innerText(), '80');
    // The next step's answer stays hidden through this reveal.
    assert.equal(await shown('train-beyond'), false);
    assert.equal(await shown('train-positions'), false);
    // Step 16 asks about the same run: its Page Down reveals it at once.
    await page.keyboard.press('PageDown');
    await stepIs(page, 16);
    assert.equal(await trained(), 300, 'the run is kept');
    assert.equal(await button.innerText(), 'Reveal');
    assert.equal(await shown('train-beyond'), false);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    assert.equal(await shown('train-beyond'), true);
    assert.equal(await page.getByTestId('train-beyond-0').innerText(), '0.184');
    assert.equal(await page.getByTestId('train-beyond-1').innerText(), '1.000');
    assertClean(problems);
  } finally {
    await context.close();
  }
});
