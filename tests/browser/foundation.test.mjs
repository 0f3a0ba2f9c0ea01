// The foundation's promises, checked in headless Chromium against the release build in dist/:
// a clean load (of the contents page and of a chapter's), state that follows the sliders into the
// URL, hostile links that are corrected with a notice, and the build working under the sub-path
// /pe/ (its addresses are relative).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, useSite, openPage, waitForApp, canvasHash, settle, assertClean, urlState, pageFor, courseMap } from './harness.mjs';

const env = useSite();

test('page loads with zero console errors, zero failed requests, and draws', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // The contents page (the site's root): clean, titled, its link naming the language alone.
  await page.goto(env.site.url());
  await waitForApp(page);
  assert.equal(await page.title(), 'PE Explorer · 位置编码探索器');
  const rootLang = { en: 'en', 'zh-CN': 'zh' }[await page.evaluate(() => document.documentElement.lang)];
  assert.equal(new URL(page.url()).search, `?lang=${rootLang}`);
  // A chapter's page, opened with no query, draws.
  await page.goto(env.site.url(pageFor('vector')));
  await waitForApp(page);
  const drawn = await canvasHash(page, 'canvas-pe-vector');
  assert.ok(drawn.inked > 1000, `the bar chart has ink (${drawn.inked} pixels)`);
  assert.equal(
    await page.title(),
    'PE Explorer · 位置编码探索器',
  );
  // The defaults are on screen and in the URL, so the first view is already shareable: a short
  // link, which names the language alone (every other parameter is at its default).
  assert.equal(await page.inputValue('[data-testid=\"value-d_model\"]'), '128');
  const { d_model, length, pos, k, i, base, layout } = urlState(page);
  assert.deepEqual(
    { d_model, length, pos, k, i, base, layout },
    { d_model: '128', length: '100', pos: '10', k: '3', i: '2', base: '10000', layout: 'interleaved' },
  );
  const lang = { en: 'en', 'zh-CN': 'zh' }[await page.evaluate(() => document.documentElement.lang)];
  assert.equal(new URL(page.url()).search, `?lang=${lang}`);
  assertClean(problems);
  await context.close();
});

// Each slider's link name and the symbol the formulas write for it (none where they name none).
const FORMULA_SYMBOLS = { d_model: 'd_model', length: 'L', pos: 'pos', k: 'k', i: 'i', base: 'base', n_train: 'N_train', m: 'm', n: 'n', heads: null, head: null };

test('every control is named by the formulas\' symbol and its words, never by a link name that is a word', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  // Every chapter's page, each with the controls of its panels, in both languages.
  const named = new Set();
  for (const prefix of ['', 'zh/']) {
    for (const chapter of courseMap().chapters) {
      await page.goto(env.site.url(`${prefix}${chapter}/`));
      await waitForApp(page);
      for (const [key, symbol] of Object.entries(FORMULA_SYMBOLS)) {
        const slider = page.getByTestId(`slider-${key}`);
        if ((await slider.count()) === 0) continue;
        const [name, shown] = await slider.evaluate((s) => [s.labels[0].textContent.replace(/\s+/g, ' ').trim(),
          s.labels[0].querySelector('.symbol')?.textContent ?? '']);
        assert.equal(shown, symbol ?? '', `${prefix}${chapter}: slider ${key} named "${name}"`);
        if (symbol) assert.ok(name.startsWith(`${symbol} `), `${prefix}${chapter}: slider ${key} named "${name}"`);
        if (prefix === 'zh/') assert.match(name, /[\u4e00-\u9fff]/, `${chapter}: slider ${key} named in Chinese`);
        assert.equal(await page.getByRole('slider', { name, exact: true }).count(), 1, `${prefix}${chapter}: one slider named "${name}"`);
        named.add(key);
      }
      // The controls' layout select, and on RoPE's page the RoPE panel's own, which moves the same state.
      const layouts = await page.locator('select[id^="ctl-layout"], select[id^="ctl-rope"]').evaluateAll((all) => all.map((s) => s.labels[0].textContent.trim()));
      const rope = (await page.locator('#rope').count()) > 0;
      assert.equal(layouts.length, rope ? 2 : 1, `${prefix}${chapter}: the layout selects`);
      for (const name of layouts) assert.ok(!name.startsWith('layout'), `${prefix}${chapter}: a layout select named "${name}"`);
    }
  }
  assert.equal(named.size, 11, `every slider found on its chapter's page: ${[...named].join(' ')}`);
  assertClean(problems);
  await context.close();
});

test('the d_model slider moves by keyboard, rewrites the URL in place and redraws', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('vector', '?d_model=64')));
  await waitForApp(page);
  const before = await canvasHash(page, 'canvas-pe-vector');
  const historyBefore = await page.evaluate(() => history.length);
  const slider = page.getByTestId('slider-d_model');
  await slider.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(await page.inputValue('[data-testid=\"value-d_model\"]'), '70');
  assert.match(page.url(), /[?&]d_model=70(&|$)/);
  assert.equal(await page.evaluate(() => history.length), historyBefore, 'replaceState, not pushState');
  const after = await canvasHash(page, 'canvas-pe-vector');
  assert.notEqual(after.hash, before.hash, 'the canvas pixels changed');
  // Reloading the URL restores the same view.
  await page.reload();
  await waitForApp(page);
  assert.equal(await page.inputValue('[data-testid=\"value-d_model\"]'), '70');
  assertClean(problems);
  await context.close();
});

test('a hostile link shows what was corrected and a valid state, with no panic', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('vector', '?d_model=-3&pos=NaN&k=1e99&i=%ZZ&base=inf&length=' + '9'.repeat(400))));
  await waitForApp(page);
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  const text = await notice.textContent();
  for (const expected of [
    'd_model=-3 is below the minimum; using 2',
    'pos=NaN is not a valid value; using 10',
    'k=1e99 is above the maximum; using',
    'base=inf is above the maximum; using 1000000',
    'length=999999999999999999999999… is above the maximum; using 2048',
  ]) {
    assert.ok(text.includes(expected), `notice says "${expected}" in: ${text}`);
  }
  // The state is valid and on screen: pos + k stays inside the sequence.
  const value = async (s) => Number(await page.inputValue(`[data-testid=\"value-${s}\"]`));
  assert.equal(await value('d_model'), 2);
  assert.equal(await value('length'), 2048);
  assert.equal((await value('pos')) + (await value('k')), 2047);
  assert.equal(await value('i'), 0);
  const { d_model, length, pos, k, i, base } = urlState(page);
  assert.deepEqual(
    { d_model, length, pos, k, i, base },
    { d_model: '2', length: '2048', pos: '10', k: '2037', i: '0', base: '1000000' },
  );
  await page.getByTestId('notice-dismiss').click();
  assert.equal(await page.getByTestId('notice').isHidden(), true, 'the notice can be dismissed');
  assertClean(problems);
  await context.close();
});

test('the build works under the sub-path /pe/ and asks nothing outside it', async () => {
  const sub = await serve('dist', '/pe/');
  try {
    const { context, page, problems } = await openPage(env.browser, sub.origin);
    // The contents page, whose links to the chapters stay under /pe/.
    await page.goto(sub.url('?pos=20'));
    await waitForApp(page);
    const links = await page.locator('nav.toc a').evaluateAll((as) => as.map((a) => new URL(a.href).pathname));
    assert.ok(links.length > 8 && links.every((p) => p.startsWith('/pe/')), links.join(' '));
    // An old link to a panel lands on its chapter's page, under /pe/ too.
    await page.goto(sub.url('?pos=20#vector'));
    await waitForApp(page);
    assert.equal(new URL(page.url()).pathname, `/pe/${pageFor('vector')}`);
    assert.equal(await page.inputValue('[data-testid=\"value-pos\"]'), '20');
    assert.ok((await canvasHash(page, 'canvas-pe-vector')).inked > 1000);
    const outside = sub.requests.filter((p) => !p.startsWith('/pe/'));
    assert.deepEqual(outside, [], 'every request stays under /pe/');
    assertClean(problems);
    await context.close();
  } finally {
    await sub.close();
  }
});
