// Text before wasm (src/bin/prerender.rs, src/ui/prerendered.rs): the HTML the server sends
// already holds the page's text, in English (index.html) or Chinese (zh/index.html); the app then
// takes it over without moving anything, in the link's state, so a link with other values keeps
// the text they do not change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, assertClean } from './harness.mjs';

const env = useSite();

// Every panel's heading, in page order (src/i18n: the English titles).
const PANEL_IDS = [
  'word-order', 'embedding', 'vector', 'heatmap', 'waves', 'frequencies', 'rotation',
  'dot-product', 'add-concat', 'saturation', 'extrapolation', 'rope', 'alibi', 'real-data',
];

/** The page with its wasm refused: what a reader sees before the app has arrived. */
async function staticPage(viewport, query = '') {
  const opened = await openPage(env.browser, env.site.origin, { viewport });
  await opened.page.route('**/*.wasm', (route) => route.abort());
  await opened.page.goto(env.site.url(query));
  await opened.page.waitForLoadState('load');
  return opened;
}

/** Position and size of the page's landmarks: headings, canvases, controls, sections. */
function landmarks(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, canvas, input, select, section, nav, header, output')].map((e) => {
      const r = e.getBoundingClientRect();
      // By tag and id (the static copy has no test ids; read-outs get their ids once live, from
      // describe_charts, so outputs are compared by place alone).
      const name = `${e.tagName.toLowerCase()}#${e.tagName === 'OUTPUT' ? '' : e.id}`;
      return `${name} ${Math.round(r.left)},${Math.round(r.top + scrollY)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    }),
  );
}

test('the served HTML holds the header, the contents and every panel\'s heading and text', async () => {
  const { context, page, problems } = await staticPage({ width: 412, height: 823 });
  try {
    assert.equal(await page.locator('#prerendered h1').textContent(), 'PE Explorer');
    assert.equal(await page.locator('#prerendered').getAttribute('inert'), '', 'the static copy takes no input');
    assert.equal(await page.locator('#prerendered [data-testid]').count(), 0, 'the static copy carries no test ids');
    const ids = await page.locator('section.panel').evaluateAll((s) => s.map((e) => e.id));
    assert.deepEqual(ids, PANEL_IDS);
    for (const id of PANEL_IDS) {
      const title = (await page.locator(`#${id}-title`).textContent()).trim();
      const text = (await page.locator(`#${id} > p`).first().textContent()).trim();
      assert.ok(title.length > 5 && text.length > 40, `${id}: heading and explanation present`);
    }
    assert.equal(await page.locator('nav.toc > ol > li').count(), PANEL_IDS.length, 'the table of contents');
    const labs = await page.locator('nav.toc .toc-labs a').allTextContents();
    assert.equal(labs.length, 15, `every lab in the contents before the wasm: ${labs.join(' | ')}`);
    assert.ok(labs.every((l) => l.startsWith('Lab: ')), labs.join(' | '));
    assert.ok((await page.locator('math').count()) >= 5, 'the formulas, as MathML');
    // Only the refused wasm may fail: no style attribute breaks the CSP, no script error.
    const wasm = (line) => line.includes('.wasm') || line.includes('Failed to fetch') || line.includes('ERR_FAILED');
    assert.deepEqual(problems.consoleErrors.filter((l) => !wasm(l)), [], 'console errors');
    assert.deepEqual(problems.pageErrors.filter((l) => !wasm(l)), [], 'page errors');
  } finally {
    await context.close();
  }
});

test('the app takes over the static page without moving anything (phone and desktop)', async () => {
  for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 900 }]) {
    const before = await staticPage(viewport);
    const prerendered = await landmarks(before.page);
    await before.context.close();

    const after = await openPage(env.browser, env.site.origin, { viewport });
    try {
      await after.page.goto(env.site.url(''));
      await waitForApp(after.page);
      assert.equal(await after.page.locator('[inert]').count(), 0, 'no static copy left');
      const live = await landmarks(after.page);
      assert.ok(prerendered.length > 60, `${prerendered.length} landmarks compared`);
      assert.deepEqual(live, prerendered, `${viewport.width} px: the same boxes before and after`);
      assertClean(after.problems);
    } finally {
      await after.context.close();
    }
  }
});

test('while the page loads nothing shifts: no layout-shift entry at all', async () => {
  for (const query of ['', '?lang=zh&d_model=256&pos=40']) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 412, height: 823 } });
    try {
      await page.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value)))
          .observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(env.site.url(query));
      await waitForApp(page);
      await page.waitForTimeout(300);
      assert.deepEqual(await page.evaluate(() => window.__shifts), [], `${query || 'defaults'}: layout shifts`);
      assertClean(problems);
    } finally {
      await context.close();
    }
  }
});

test('a link with lang=zh and other values opens the Chinese page in its own state, with no warning', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  const warnings = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  try {
    await page.goto(env.site.url('?lang=zh&d_model=256&pos=40&base=500'));
    await waitForApp(page);
    assert.match(page.url(), /\/zh\/\?/, 'the address names the Chinese page');
    assert.equal(await page.getByTestId('app-title').textContent(), '位置编码探索器');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.equal(await page.getByTestId('value-d_model').inputValue(), '256');
    assert.equal(await page.getByTestId('value-pos').inputValue(), '40');
    assert.equal(await page.getByTestId('slider-d_model').inputValue(), '8', 'log2 of 256: the slider moves over log2 d_model');
    assert.ok((await page.locator('#word-order-title').textContent()).match(/[\u4e00-\u9fff]/), 'panels in Chinese');
    assert.equal(await page.locator(`#prerendered`).count(), 1, 'the prerendered page was taken over, not thrown away');
    assert.deepEqual(warnings, [], 'console warnings (hydration or other)');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('the Chinese page is Chinese before the wasm: no English panel text', async () => {
  const { context, page, problems } = await staticPage({ width: 375, height: 812 }, 'zh/?d_model=64&pos=12&hide=base,layout');
  try {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.equal(await page.locator('#prerendered h1').textContent(), '位置编码探索器');
    for (const id of PANEL_IDS) {
      const title = (await page.locator(`#${id}-title`).textContent()).trim();
      const text = (await page.locator(`#${id} > p`).first().textContent()).trim();
      assert.match(title, /[\u4e00-\u9fff]/, `${id}: a Chinese heading (${title})`);
      assert.match(text, /[\u4e00-\u9fff]/, `${id}: a Chinese explanation`);
    }
    const labs = await page.locator('nav.toc .toc-labs a').allTextContents();
    assert.equal(labs.length, 15, 'every lab in the contents before the wasm');
    assert.ok(labs.every((l) => l.startsWith('实验：')), labs.join(' | '));
    // The page names the site's files from its own folder down: the stylesheet is found and applied.
    assert.ok(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href && sheet.cssRules.length > 20)), 'the stylesheet applies');
    const wasm = (line) => line.includes('.wasm') || line.includes('Failed to fetch') || line.includes('ERR_FAILED');
    assert.deepEqual(problems.failedRequests.filter((l) => !l.includes('.wasm')), [], 'every file the page names is found');
    assert.deepEqual(problems.consoleErrors.filter((l) => !wasm(l)), [], 'console errors');
  } finally {
    await context.close();
  }
});

test('a Chinese browser opening the root page gets the Chinese page; an English link on it goes back', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { locale: 'zh-CN' });
  try {
    await page.goto(env.site.url('?pos=12#rope'));
    await waitForApp(page);
    assert.match(page.url(), /\/zh\/\?.*pos=12.*#rope$/, 'the Chinese page, with the link\'s values and anchor');
    await page.goto(env.site.url('zh/?lang=en&pos=12'));
    await waitForApp(page);
    assert.doesNotMatch(page.url(), /\/zh\//, 'lang=en leaves the Chinese page');
    assert.equal(await page.getByTestId('app-title').textContent(), 'PE Explorer');
    // Switching the language on the page names it in the address; a reload opens that
    // language's page.
    await page.getByTestId('lang-zh').click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'zh');
    await page.reload();
    await waitForApp(page);
    assert.match(page.url(), /\/zh\/\?.*lang=zh/);
    assert.equal(await page.getByTestId('app-title').textContent(), '位置编码探索器');
    assertClean(problems);
  } finally {
    await context.close();
  }
});
