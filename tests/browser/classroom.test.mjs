// Classroom: lesson mode steps through the lesson by keyboard and restores its step from the URL;
// presenter view and the theme follow the header and the URL and redraw the canvases; the share
// button copies the address; teacher links hide and lock controls; the heatmap's data table opens
// on demand and follows the sliders; axe-core finds no violations in either language, theme or
// view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useSite, openPage, waitForApp, canvasHash, settle, assertClean, urlState, urlParam, courseMap, pageFor, stepPage, onStepPage, eventually, MANIFEST, lessonSteps } from './harness.mjs';

const env = useSite();


/** Where each step looks (the app's list, `MANIFEST.steps`): its panel, or for a lab's step the
 * lab's title, which lesson mode scrolls to once the tools have drawn it. Each must be on screen
 * at its step. */
const STEP_PANELS = MANIFEST.steps.map(({ panel, lab }) => lab === null ? panel : `[data-testid="${lab}-title"]`);

/** Whether the top of element `id` (or of the first match of a selector) is on screen. */
const onScreen = (page, id) => page.evaluate((panel) => {
  const element = panel.startsWith('[') ? document.querySelector(panel) : document.getElementById(panel);
  const r = element?.getBoundingClientRect();
  return r !== undefined && r.top >= -1 && r.top < innerHeight * 0.5;
}, id);

const stepOf = (page) => Number(urlParam(page, 'step'));

/** The header's 中文 button: each language has its own pages, so this is a visit to this page's
 * Chinese page, once live. */
async function toChinese(page) {
  await page.getByTestId('lang-zh').click();
  await page.waitForURL((url) => url.pathname.includes('/zh/'), { timeout: 30000 });
  await waitForApp(page);
}

/** The chapter (its page's folder) of each lesson step: `STEP_CHAPTERS[n - 1]` for step n. */
const STEP_CHAPTERS = courseMap().steps;

/** Step `step`'s panel (or lab) comes on screen: a lab is drawn by the tools first, then scrolled to. */
async function atItsPanel(page, step) {
  const where = STEP_PANELS[step - 1];
  if (where.startsWith('[')) await page.waitForSelector(where, { timeout: 30000 });
  await eventually(page, ([w]) => {
    const element = w.startsWith('[') ? document.querySelector(w) : document.getElementById(w);
    const r = element?.getBoundingClientRect();
    return r !== undefined && r.top >= -1 && r.top < innerHeight * 0.5;
  }, [where], `step ${step} at its panel ${where}`);
  assert.ok(await onScreen(page, where), `step ${step} at its panel ${where}`);
}

async function expectStep(page, step, lang, texts) {
  await page.waitForFunction(
    ([n, text]) => document.querySelector('[data-testid="lesson-prompt"]')?.textContent === text &&
      document.querySelector('[data-testid="lesson-step"]')?.textContent.includes(String(n)),
    [step, texts[step].question[lang]],
  );
  assert.equal(stepOf(page), step);
}

test('lesson mode: every step by keyboard, each at its panel; the URL restores the step', async () => {
  const texts = lessonSteps();
  const total = Object.keys(texts).length;
  assert.equal(total, 24);
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(stepPage(1, '?lang=en')));
  await waitForApp(page);
  assert.equal(await page.getByTestId('lesson-bar').isHidden(), true);
  await page.getByTestId('lesson-toggle').click();
  // The plan picker: the full tour, every step in order.
  await page.getByTestId('plan-start-tour').click();
  await expectStep(page, 1, 'en', texts);
  assert.equal(await page.getByTestId('lesson-toggle').getAttribute('aria-pressed'), 'true');
  // The answer is hidden until asked for.
  assert.equal(await page.getByTestId('lesson-reveal').isHidden(), true);
  await page.getByTestId('lesson-reveal-button').click();
  assert.equal(await page.getByTestId('lesson-reveal').textContent(), texts[1].reveal.en);
  // Focus back on the page, where the window is (a click on the body's own corner would scroll
  // to the top, above the panel, once the contents list the labs).
  await page.mouse.click(5, 5);
  assert.ok(await onScreen(page, STEP_PANELS[0]), 'step 1 at its panel');
  for (let step = 2; step <= total; step += 1) {
    // The clicker's next: it reveals an unrevealed step first (step 1 was revealed above).
    if (step > 2) {
      await page.keyboard.press(step % 2 ? 'PageDown' : 'ArrowRight');
      await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-reveal"]').hidden);
    }
    await page.keyboard.press(step % 2 ? 'ArrowRight' : 'PageDown');
    // A step on another chapter's page: the lesson goes there.
    await onStepPage(page, step);
    await expectStep(page, step, 'en', texts);
    assert.equal(await page.getByTestId('lesson-reveal').isHidden(), true, `step ${step}: answer shown early`);
    await settle(page);
    await settle(page);
    await atItsPanel(page, step);
  }
  assert.equal(await page.getByTestId('lesson-next').isDisabled(), true);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(stepOf(page), total, 'no step past the last');
  // Page Up first takes the revealed last step back to its question, then goes back.
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-reveal"]').hidden);
  assert.equal(stepOf(page), total, 'the first Page Up only hid the answer');
  await page.keyboard.press('PageUp');
  await onStepPage(page, total - 1);
  await expectStep(page, total - 1, 'en', texts);
  // Back to the step as it was left: revealed.
  await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-reveal"]').hidden);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-reveal"]').hidden);
  await page.keyboard.press('ArrowLeft');
  await onStepPage(page, total - 2);
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
  assert.ok(new URL(page.url()).pathname.endsWith(`/zh/${STEP_CHAPTERS[step - 1]}/`), `${page.url()}: the step's chapter, in Chinese`);
  await expectStep(page, step, 'zh', texts);
  await settle(page);
  await atItsPanel(page, step);
  assertClean(problems);
  await context.close();
});

test('lesson mode: each step opens at its panel with its preset', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // A step link to the site's root (as written before the course had pages) goes to the step's
  // chapter.
  await page.goto(env.site.url('?lang=en&step=9'));
  await waitForApp(page);
  assert.equal(new URL(page.url()).pathname, `/${STEP_CHAPTERS[8]}/`);
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-bar"]')?.hidden === false);
  await settle(page);
  assert.ok(await onScreen(page, 'dot-product'), 'step 9 shows the dot-product panel');
  // A hand-written step link opens in the step's before state (k = 3); Reveal doubles k to 6.
  await page.waitForFunction(() => document.documentElement.dataset.lessonPanel === 'dot-product');
  assert.equal(await page.inputValue('[data-testid=\"value-k\"]'), '3');
  await page.getByTestId('lesson-reveal-button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="value-k"]').value === '6');
  await page.getByTestId('lesson-previous').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('step') === '8');
  // Step 8's before state takes k back to 3; at their defaults, pos, k and i are left out.
  const { pos, k, i } = urlState(page);
  assert.deepEqual({ pos, k, i }, { pos: '10', k: '3', i: '2' });
  assert.equal(new URL(page.url()).search, '?lang=en&step=8', 'a short link');
  await settle(page);
  assert.ok(await onScreen(page, 'rotation'), 'step 8 shows the rotation panel');
  await page.getByTestId('lesson-exit').click();
  // Step 0, the default, is left out; a lesson a link opened leaves to the defaults.
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('step'));
  assert.equal(urlParam(page, 'step'), '0');
  assert.equal(new URL(page.url()).search, '?lang=en');
  assert.equal(await page.getByTestId('lesson-bar').isHidden(), true);
  assertClean(problems);
  await context.close();
});

test('on a 375 px phone a step link opens at its panel, beside the compact lesson bar', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 375, height: 740 } });
  await page.goto(env.site.url(stepPage(5, '?lang=en&step=5')));
  await waitForApp(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-bar"]')?.hidden === false);
  await settle(page);
  await settle(page);
  assert.ok(await onScreen(page, 'heatmap'), 'step 5 shows the heatmap panel');
  const bar = await page.evaluate(() => document.querySelector('[data-testid="lesson-bar"]').getBoundingClientRect().height);
  assert.ok(bar <= 0.41 * 740, `the bar leaves the panel room (${bar}px)`);
  assertClean(problems);
  await context.close();
});

test('presenter view and the theme follow the header and the URL, and redraw the canvases', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { colorScheme: 'light' });
  await page.goto(env.site.url(pageFor('waves', '?lang=en')));
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

test('the share dialog copies the link for students', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.site.origin });
  await page.goto(env.site.url(pageFor('waves', '?lang=zh&d_model=64&pos=7&presenter=1')));
  await waitForApp(page);
  await page.getByTestId('share-open').click();
  await page.getByTestId('share').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="share-status"]').textContent !== '');
  assert.equal(await page.getByTestId('share-status').textContent(), '链接已复制');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const { d_model, length, pos } = urlState(copied);
  assert.deepEqual({ d_model, length, pos }, { d_model: '64', length: '100', pos: '7' });
  // Short, without presenter view, and without lesson mode (the dialog's self-study box is off).
  assert.equal(new URL(copied).search, '?d_model=64&pos=7&lang=zh&hide=step', 'a short link, without presenter view');
  assert.equal(new URL(copied).pathname, new URL(page.url()).pathname, 'to this page');
  assertClean(problems);
  await context.close();
});

test('axe-core: no violations in both languages, light and dark, and presenter view', async () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const results = [];
  for (let query of [
    'lang=en&theme=light', 'lang=zh&theme=light', 'lang=en&theme=dark', 'lang=zh&theme=dark',
    'lang=en&theme=light&presenter=1', 'lang=zh&theme=dark&presenter=1&step=5',
    'lang=zh&theme=light&hide=base,layout&lock=d_model,dims,step',
    'lang=en&step=7', 'lang=en&presenter=1&step=11', 'phone:lang=zh&step=6', 'share:lang=en',
  ]) {
    // axe is injected as a script: the test context bypasses the page's CSP for that alone.
    const phone = query.startsWith('phone:');
    const share = query.startsWith('share:');
    query = query.replace(/^\w+:/, '');
    const zh = /(^|&)lang=zh/.test(query) ? 'zh/' : '';
    const step = Number(new URLSearchParams(query).get('step') ?? 0);
    // A step's page, the share dialog over the heatmap's page, and otherwise every page of the
    // course: the contents and each chapter's.
    const pages = step ? [STEP_CHAPTERS[step - 1]]
      : share ? [courseMap().where.heatmap]
        : ['', ...courseMap().chapters];
    for (const chapter of pages) {
      const path = `${zh}${chapter ? `${chapter}/` : ''}?${query}`;
      const { context, page } = await openPage(env.browser, env.site.origin, {
        bypassCSP: true, ...(phone ? { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } : {}),
      });
      await page.goto(env.site.url(path));
      await waitForApp(page);
      // A step's question, once the lesson has loaded (out of lesson mode the hidden bar loads none).
      if (step) {
        await page.waitForFunction(() => {
          const prompt = document.querySelector('[data-testid="lesson-prompt"]');
          return prompt !== null && !prompt.textContent.includes('…');
        });
      }
      // With the heatmap's data table open (on its page), so it is checked too.
      if (!query.includes('presenter=1&step') && chapter === courseMap().where.heatmap) {
        await page.getByTestId('heatmap-table-toggle').click();
        await page.waitForSelector('[data-testid="heatmap-table"] td');
      }
      if (step) {
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-lesson-panel'));
        // Revealed, so the answer's text is checked too.
        await page.getByTestId('lesson-reveal-button').click();
      }
      if (share) {
        await page.getByTestId('share-open').click();
        await page.waitForSelector('[data-testid="share-dialog"][open] [data-testid="qr"][src^="data:"]');
      }
      await page.evaluate(axeSource);
      const { violations } = await page.evaluate(() =>
        window.axe.run(document, { resultTypes: ['violations'] }));
      const summary = violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      results.push(...summary.map((line) => `${path}: ${line}`));
      console.log(`axe ${path}: ${violations.length} violations${summary.length ? `\n  ${summary.join('\n  ')}` : ''}`);
      await context.close();
    }
  }
  assert.deepEqual(results, []);
});

test('teacher links: hide= hides whole controls, lock= disables them and says why; both stay in the URL', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // The RoPE panel's layout select is on its chapter's page.
  await page.goto(env.site.url(pageFor('rope', '?lang=en&hide=base,layout&lock=d_model,dims,step')));
  await waitForApp(page);
  assert.equal(await page.getByTestId('select-rope-layout').count(), 1, 'the RoPE layout select is on its page');
  assert.equal(await page.getByTestId('select-rope-layout').isHidden(), true, 'select-rope-layout hidden');
  // The rest on the page of the waves (their dimensions' buttons).
  await page.goto(env.site.url(pageFor('waves', '?lang=en&hide=base,layout&lock=d_model,dims,step')));
  await waitForApp(page);
  // Hidden: the slider with its label and read-out, and both layout selects.
  for (const testid of ['slider-base', 'value-base', 'select-layout']) {
    assert.equal(await page.getByTestId(testid).count(), 1, `${testid} on the page`);
    assert.equal(await page.getByTestId(testid).isHidden(), true, `${testid} hidden`);
  }
  assert.equal(await page.locator('label[for="ctl-base"]').isHidden(), true, 'its label too');
  assert.equal(await page.getByTestId('slider-pos').isVisible(), true, 'the others stay');
  // Locked: disabled with a reason; a group of buttons (the waves' dimensions) as a whole.
  const dModel = page.getByTestId('slider-d_model');
  assert.equal(await dModel.isDisabled(), true);
  assert.equal(await dModel.getAttribute('title'), 'Locked by this link');
  assert.equal(await page.getByTestId('value-d_model').inputValue(), '128');
  for (const testid of ['add-dim-input', 'add-dim', 'remove-dim-0', 'lesson-toggle']) {
    assert.equal(await page.getByTestId(testid).isDisabled(), true, `${testid} disabled`);
  }
  // Clicking a locked slider changes nothing; an unlocked one still works, and the link keeps
  // its hide and lock.
  await dModel.click({ force: true });
  await page.getByTestId('slider-pos').fill('20');
  await settle(page);
  const { pos, d_model, hide, lock } = urlState(page);
  assert.deepEqual(
    { pos, d_model, hide, lock },
    { pos: '20', d_model: '128', hide: 'base,layout', lock: 'd_model,dims,step' },
  );
  // A short link: d_model, at its default, is left out (locked or not).
  assert.deepEqual([...new URL(page.url()).searchParams.keys()], ['pos', 'lang', 'hide', 'lock']);
  // The reason follows the language.
  await toChinese(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="slider-d_model"]').title === '已被此链接锁定');
  assert.equal(new URL(page.url()).searchParams.get('lock'), 'd_model,dims,step');
  assertClean(problems);
  await context.close();
});

test('teacher links: lock=step keeps the class on the link\'s step (buttons and keys)', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(stepPage(5, '?lang=en&step=5&lock=step')));
  await waitForApp(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-step"]')?.textContent.includes('5'));
  for (const testid of ['lesson-previous', 'lesson-next', 'lesson-exit', 'lesson-toggle']) {
    assert.equal(await page.getByTestId(testid).isDisabled(), true, `${testid} disabled`);
  }
  // The class sees the answer when the teacher reveals it: no Reveal on a student's locked link.
  assert.equal(await page.getByTestId('lesson-reveal-button').isHidden(), true, 'no Reveal');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const scrolled = await page.evaluate(() => scrollY);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageDown');
  await settle(page);
  assert.equal(stepOf(page), 5);
  assert.equal(await page.getByTestId('lesson-reveal').isHidden(), true, 'the keys do not reveal');
  assert.equal(await page.evaluate(() => scrollY), scrolled, 'Page Down does not scroll to a later answer');
  assertClean(problems);
  await context.close();
});

test("heatmap data table: filled when opened, the formula's values around pos and pair i, follows the sliders", async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('heatmap', '?lang=en&d_model=64&length=40&pos=10&i=2&base=10000&layout=interleaved')));
  await waitForApp(page);
  const table = page.getByTestId('heatmap-table');
  // Closed, it is not built: a slider move costs it nothing.
  assert.equal(await table.locator('tr').count(), 0);
  await page.getByTestId('heatmap-table-toggle').click();
  await page.waitForSelector('[data-testid="heatmap-table"] td');
  const read = () => page.evaluate(() => {
    const t = document.querySelector('[data-testid="heatmap-table"]');
    return {
      caption: t.caption.textContent,
      dims: [...t.tHead.rows[0].cells].slice(1).map((c) => Number(c.textContent)),
      rows: [...t.tBodies[0].rows].map((r) => ({
        pos: Number(r.cells[0].textContent),
        scope: r.cells[0].getAttribute('scope'),
        values: [...r.cells].slice(1).map((c) => Number(c.textContent)),
      })),
    };
  });
  const pe = (pos, dim, d = 64, base = 10000) => {
    const angle = pos / base ** ((2 * Math.floor(dim / 2)) / d);
    return dim % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
  };
  let shown = await read();
  assert.deepEqual(shown.dims, [4, 5, 6, 7, 8, 9, 10, 11], 'from the sine of pair i = 2');
  assert.deepEqual(shown.rows.map((r) => r.pos), Array.from({ length: 16 }, (_, n) => 10 + n), 'from pos');
  assert.equal(shown.rows[0].scope, 'row');
  for (const row of shown.rows) {
    row.values.forEach((v, n) => assert.ok(Math.abs(v - pe(row.pos, shown.dims[n])) < 5.1e-5, `PE(${row.pos}, ${shown.dims[n]}) = ${v}`));
  }
  assert.match(shown.caption, /positions 10–25 \(of 40\) and dimensions 4–11 \(of 64\)/);
  // The window follows pos to the end of the matrix, and pair i.
  await page.getByTestId('slider-pos').fill('30');
  await page.getByTestId('slider-i').fill('31');
  await page.waitForFunction(() => document.querySelector('[data-testid="heatmap-table"] tbody th')?.textContent === '24');
  shown = await read();
  assert.deepEqual(shown.dims, [56, 57, 58, 59, 60, 61, 62, 63]);
  assert.deepEqual([shown.rows[0].pos, shown.rows.at(-1).pos], [24, 39]);
  assert.ok(Math.abs(shown.rows[6].values[7] - pe(30, 63)) < 5.1e-5);
  // In Chinese, the caption too (on the Chinese page, the table opened again if it came closed).
  await toChinese(page);
  if (!(await page.evaluate(() => document.querySelector('[data-testid="heatmap-table-toggle"]').closest('details').open))) {
    await page.getByTestId('heatmap-table-toggle').click();
  }
  await page.waitForFunction(() => document.querySelector('[data-testid="heatmap-table"] caption')?.textContent.startsWith('位置 24–39'));
  assertClean(problems);
  await context.close();
});

/** Name and description of every element matching `selector` (by default every
 * `canvas[role=img]`), as the browser's accessibility tree gives them to a screen reader. */
async function accessibleTexts(page, selector = 'canvas[role=img]') {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const charts = [];
  for (const nodeId of nodeIds) {
    const { node } = await cdp.send('DOM.describeNode', { nodeId });
    const testid = node.attributes[node.attributes.indexOf('data-testid') + 1];
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    charts.push({ testid, name: nodes[0].name?.value ?? '', description: nodes[0].description?.value ?? '' });
  }
  await cdp.detach();
  return charts;
}

test("every chart's text alternative: its name, then the panel's summary and current numbers", async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  const { chapters, where } = courseMap();
  const query = '?lang=en&d_model=64&length=40&pos=10&k=3&i=2';
  // Every chapter's page, each chart of it.
  let charts = [];
  for (const chapter of chapters) {
    await page.goto(env.site.url(`${chapter}/${query}`));
    await waitForApp(page);
    const here = await accessibleTexts(page);
    assert.equal(here.length, await page.locator('canvas').count() - await page.locator('canvas.overlay').count(), `${chapter}/: every canvas but the marker layers`);
    charts.push(...here);
  }
  console.log(`chart text alternatives: ${charts.length} charts, descriptions ${Math.min(...charts.map((c) => c.description.length))}–${Math.max(...charts.map((c) => c.description.length))} characters; waves: "${charts.find((c) => c.testid === 'canvas-waves').description.slice(0, 160)}…"`);
  for (const { testid, name, description } of charts) {
    assert.ok(name.length > 3, `${testid} has a name`);
    // The panel's explanation comes first; it is more than the name again.
    assert.ok(description.length > name.length + 40, `${testid} is described: "${description}"`);
  }
  const of = (id) => charts.find((c) => c.testid === id).description;
  // Read-outs are part of it, and follow the sliders.
  assert.match(of('canvas-waves'), /pos 10: [+-]\d\.\d{3}, pos \+ k 13:/);
  assert.match(of('canvas-rotation'), /\d\.\d/);
  assert.match(of('canvas-dot-matrix'), /\d\.\d/);
  await page.goto(env.site.url(pageFor('waves', query)));
  await waitForApp(page);
  await page.getByTestId('slider-pos').fill('12');
  await page.waitForFunction(() => document.querySelector('#waves .legend')?.textContent.includes('pos 12:'));
  charts = await accessibleTexts(page);
  assert.match(of('canvas-waves'), /pos 12: [+-]\d\.\d{3}, pos \+ k 15:/);
  // In Chinese, in Chinese: the language's button goes to this page in Chinese, and every
  // chapter's page in Chinese describes its charts in Chinese.
  await toChinese(page);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  // This page first (the button's), then the others.
  for (const chapter of [where.waves, ...chapters.filter((c) => c !== where.waves)]) {
    if (chapter !== where.waves) {
      await page.goto(env.site.url(`zh/${chapter}/${query.replace('lang=en', 'lang=zh')}`));
      await waitForApp(page);
    }
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    charts = await accessibleTexts(page);
    for (const { testid, description } of charts) {
      assert.match(description, /[\u4e00-\u9fff]/, `${testid} is described in Chinese: "${description}"`);
    }
    // The export buttons share their names ("PNG", "SVG"); each is described by its panel's title.
    const buttons = await accessibleTexts(page, '.export-tools button');
    const titles = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('section.panel')]
      .map((panel) => [panel.id, panel.querySelector('h2').textContent])));
    assert.ok(buttons.length >= 2 * Object.keys(titles).length, `${chapter}/: ${buttons.length} export buttons`);
    for (const { testid, description } of buttons) {
      const panel = testid.split('-').slice(2).join('-'); // export-<action>-<panel>
      assert.equal(description, titles[panel], `${testid} is described by its panel's title`);
    }
  }
  assertClean(problems);
  await context.close();
});
