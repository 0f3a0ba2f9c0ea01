// Classroom: lesson mode steps through the lesson by keyboard and restores its step from the URL;
// presenter view and the theme follow the header and the URL and redraw the canvases; the share
// button copies the address; axe-core finds no violations in either language, theme or view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { serve, launch, openPage, waitForApp, canvasHash, settle, assertClean, ROOT } from './harness.mjs';

let browser;
let site;
before(async () => {
  browser = await launch();
  site = await serve('dist');
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** The lesson's texts as the app must show them: [step][lang] = { question, answer }. */
function lessonTexts() {
  const texts = {};
  for (const line of readFileSync(resolve(ROOT, 'assets/lesson.txt'), 'utf8').split('\n')) {
    const m = line.match(/^(en|zh) (\d+) ([?!]) (.*)$/);
    if (!m) continue;
    const [, lang, step, kind, text] = m;
    texts[step] ??= {};
    texts[step][lang] ??= {};
    texts[step][lang][kind === '?' ? 'question' : 'answer'] = text.trim();
  }
  return texts;
}

/** The panel of each step (src/lesson/steps.rs): each must be on screen at its step. */
const STEP_PANELS = ['word-order', 'embedding', 'heatmap', 'waves', 'frequencies', 'rotation',
  'dot-product', 'add-concat', 'extrapolation', 'rope', 'alibi', 'real-data'];

/** Whether the top of element `id` is on screen. */
const onScreen = (page, id) => page.evaluate((panel) => {
  const r = document.getElementById(panel).getBoundingClientRect();
  return r.top >= -1 && r.top < innerHeight * 0.5;
}, id);

const stepOf = (page) => Number(new URL(page.url()).searchParams.get('step'));

async function expectStep(page, step, lang, texts) {
  await page.waitForFunction(
    ([n, text]) => document.querySelector('[data-testid="lesson-prompt"]')?.textContent === text &&
      document.querySelector('[data-testid="lesson-step"]')?.textContent.includes(String(n)),
    [step, texts[step][lang].question],
  );
  assert.equal(stepOf(page), step);
}

test('lesson mode: every step by keyboard, each at its panel; the URL restores the step', async () => {
  const texts = lessonTexts();
  const total = Object.keys(texts).length;
  assert.equal(total, 12);
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url('?lang=en'));
  await waitForApp(page);
  assert.equal(await page.getByTestId('lesson-bar').isHidden(), true);
  await page.getByTestId('lesson-toggle').click();
  await expectStep(page, 1, 'en', texts);
  assert.equal(await page.getByTestId('lesson-toggle').getAttribute('aria-pressed'), 'true');
  // The answer is hidden until asked for.
  assert.equal(await page.getByTestId('lesson-reveal').isHidden(), true);
  await page.getByTestId('lesson-reveal-button').click();
  assert.equal(await page.getByTestId('lesson-reveal').textContent(), texts[1].en.answer);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  assert.ok(await onScreen(page, STEP_PANELS[0]), 'step 1 at its panel');
  for (let step = 2; step <= total; step += 1) {
    await page.keyboard.press(step % 2 ? 'ArrowRight' : 'PageDown');
    await expectStep(page, step, 'en', texts);
    assert.equal(await page.getByTestId('lesson-reveal').isHidden(), true, `step ${step}: answer shown early`);
    await settle(page);
    await settle(page);
    assert.ok(await onScreen(page, STEP_PANELS[step - 1]), `step ${step} at its panel ${STEP_PANELS[step - 1]}`);
  }
  assert.equal(await page.getByTestId('lesson-next').isDisabled(), true);
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(stepOf(page), total, 'no step past the last');
  await page.keyboard.press('PageUp');
  await expectStep(page, total - 1, 'en', texts);
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, total - 2, 'en', texts);

  // A key pressed on a slider moves the slider, not the lesson.
  const step = stepOf(page);
  await page.getByTestId('slider-pos').focus();
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(stepOf(page), step);

  // Reload: the URL brings back the step, its panel on screen, in the other language too.
  await page.goto(page.url().replace('lang=en', 'lang=zh'));
  await waitForApp(page);
  await expectStep(page, step, 'zh', texts);
  await settle(page);
  assert.ok(await onScreen(page, STEP_PANELS[step - 1]), 'the reloaded step is at its panel');
  assertClean(problems);
  await context.close();
});

test('lesson mode: each step opens at its panel with its preset', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url('?lang=en&step=7'));
  await waitForApp(page);
  await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-bar"]').hidden);
  await settle(page);
  assert.ok(await onScreen(page, 'dot-product'), 'step 7 shows the dot-product panel');
  // A hand-written step link gets the step's parameters: step 7 doubles k to 6.
  assert.equal(await page.textContent('[data-testid="value-k"]'), '6');
  await page.getByTestId('lesson-previous').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('step') === '6');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('pos'), '10');
  assert.equal(url.searchParams.get('k'), '3');
  assert.equal(url.searchParams.get('i'), '2');
  await settle(page);
  assert.ok(await onScreen(page, 'rotation'), 'step 6 shows the rotation panel');
  await page.getByTestId('lesson-exit').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('step') === '0');
  assert.equal(await page.getByTestId('lesson-bar').isHidden(), true);
  assertClean(problems);
  await context.close();
});

test('on a 375 px phone a step link opens at its panel, beside the compact lesson bar', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { viewport: { width: 375, height: 740 } });
  await page.goto(site.url('?lang=en&step=3'));
  await waitForApp(page);
  await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-bar"]').hidden);
  await settle(page);
  await settle(page);
  assert.ok(await onScreen(page, 'heatmap'), 'step 3 shows the heatmap panel');
  const bar = await page.evaluate(() => document.querySelector('[data-testid="lesson-bar"]').getBoundingClientRect().height);
  assert.ok(bar <= 0.41 * 740, `the bar leaves the panel room (${bar}px)`);
  assertClean(problems);
  await context.close();
});

test('presenter view and the theme follow the header and the URL, and redraw the canvases', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { colorScheme: 'light' });
  await page.goto(site.url('?lang=en'));
  await waitForApp(page);
  const before = await canvasHash(page, 'canvas-waves');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByTestId('select-theme').selectOption('dark');
  await settle(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.notEqual(await background(), light);
  assert.match(page.url(), /theme=dark/);
  const dark = await canvasHash(page, 'canvas-waves');
  assert.notEqual(dark.hash, before.hash, 'the waves redraw in the dark colours');
  await page.getByTestId('presenter-toggle').click();
  await settle(page);
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-presenter')), true);
  assert.match(page.url(), /presenter=1/);
  const fontSize = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  assert.ok(fontSize >= 19, `presenter type is large (${fontSize}px)`);
  const presenter = await canvasHash(page, 'canvas-waves');
  assert.notEqual(presenter.hash, dark.hash, 'the waves redraw with larger type and lines');
  // Reload: both come back from the URL.
  await page.reload();
  await waitForApp(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-presenter')), true);
  assert.equal(await page.getByTestId('presenter-toggle').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByTestId('select-theme').inputValue(), 'dark');
  assertClean(problems);
  await context.close();
});

test('the share button copies the address of the current view', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  await page.goto(site.url('?lang=zh&d_model=64&pos=7'));
  await waitForApp(page);
  await page.getByTestId('share').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="share-status"]').textContent !== '');
  assert.equal(await page.getByTestId('share-status').textContent(), '链接已复制');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, page.url());
  assert.match(copied, /d_model=64&length=100&pos=7/);
  assertClean(problems);
  await context.close();
});

test('axe-core: no violations in both languages, light and dark, and presenter view', async () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const results = [];
  for (const query of [
    'lang=en&theme=light', 'lang=zh&theme=light', 'lang=en&theme=dark', 'lang=zh&theme=dark',
    'lang=en&theme=light&presenter=1', 'lang=zh&theme=dark&presenter=1&step=3',
  ]) {
    // axe is injected as a script: the test context bypasses the page's CSP for that alone.
    const { context, page } = await openPage(browser, site.origin, { bypassCSP: true });
    await page.goto(site.url(`?${query}`));
    await waitForApp(page);
    await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-prompt"]')?.textContent.includes('…'));
    await page.evaluate(axeSource);
    const { violations } = await page.evaluate(() =>
      window.axe.run(document, { resultTypes: ['violations'] }));
    const summary = violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    results.push(...summary.map((line) => `?${query}: ${line}`));
    console.log(`axe ${query}: ${violations.length} violations${summary.length ? `\n  ${summary.join('\n  ')}` : ''}`);
    await context.close();
  }
  assert.deepEqual(results, []);
});
