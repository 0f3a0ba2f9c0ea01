// Text before wasm (src/bin/prerender.rs, src/ui/prerendered.rs): the HTML the server sends
// already holds each page's text, in English (index.html, rope/index.html, …) or Chinese
// (zh/index.html, zh/rope/index.html, …): the contents page at the site's root, each chapter's
// panels on its own page; the app then takes it over without moving anything, in the link's state,
// so a link with other values keeps the text they do not change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, courseMap, frames, MANIFEST } from './harness.mjs';

const env = useSite();

// Every panel's anchor, in page order (the app's chapters, src/lesson/chapters.rs).
const PANEL_IDS = MANIFEST.chapters.flatMap((chapter) => chapter.panels);
// The course's pages of one language: the contents (the site's root) and each chapter's.
const { chapters: CHAPTERS } = courseMap();
const PAGES = ['', ...CHAPTERS.map((chapter) => `${chapter}/`)];

/**
 * The page with its wasm refused: what a reader sees before the app has arrived. (No service
 * worker: one would serve the wasm to the next page of the course, past the refusal.)
 */
async function staticPage(viewport, query = '') {
  const opened = await openPage(env.browser, env.site.origin, { viewport, serviceWorkers: 'block' });
  await opened.page.route('**/*.wasm', (route) => route.abort());
  await opened.page.goto(env.site.url(query));
  await opened.page.waitForLoadState('load');
  return opened;
}

/** Position and size of the page's landmarks: headings, canvases, controls, sections. */
function landmarks(page) {
  return page.evaluate(() =>
    // Rendered ones only: a hidden part the tools add (lesson mode's bar, not shown until asked
    // for) takes no room and moves nothing.
    [...document.querySelectorAll('h1, h2, canvas, input, select, section, nav, header, output')]
      .filter((e) => e.getClientRects().length > 0).map((e) => {
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
    // The contents page: the header and the course's contents, every chapter with its panels and labs.
    assert.equal(await page.locator('#prerendered h1').textContent(), 'PE Explorer');
    assert.equal(await page.locator('#prerendered').getAttribute('inert'), '', 'the static copy takes no input');
    assert.equal(await page.locator('#prerendered [data-testid]').count(), 0, 'the static copy carries no test ids');
    assert.equal(await page.locator('nav.toc > ol > li').count(), CHAPTERS.length, 'the contents: every chapter');
    assert.deepEqual(await page.locator('nav.toc [data-toc-panel]').evaluateAll((l) => l.map((e) => e.dataset.tocPanel)),
      PANEL_IDS, 'the contents: every panel, in page order');
    const labs = await page.locator('nav.toc .toc-labs a').allTextContents();
    assert.equal(labs.length, 15, `every lab in the contents before the wasm: ${labs.join(' | ')}`);
    assert.ok(labs.every((l) => l.startsWith('Lab: ')), labs.join(' | '));
    // Each chapter's page: the header, and its panels' headings, texts and formulas.
    const ids = [];
    let formulas = 0;
    for (const chapter of CHAPTERS) {
      await page.goto(env.site.url(`${chapter}/`));
      await page.waitForLoadState('load');
      assert.equal(await page.locator('#prerendered h1').textContent(), 'PE Explorer', chapter);
      assert.equal(await page.locator('#prerendered').getAttribute('inert'), '', `${chapter}: the static copy takes no input`);
      assert.equal(await page.locator('#prerendered [data-testid]').count(), 0, `${chapter}: the static copy carries no test ids`);
      // The course's menu holds the same contents, every lab included.
      assert.equal(await page.locator('nav#course-menu.toc > ol > li').count(), CHAPTERS.length, `${chapter}: the menu's chapters`);
      assert.deepEqual(await page.locator('#course-menu [data-toc-panel]').evaluateAll((l) => l.map((e) => e.dataset.tocPanel)),
        PANEL_IDS, `${chapter}: the menu's panels`);
      assert.deepEqual(await page.locator('#course-menu .toc-labs a').allTextContents(), labs, `${chapter}: the menu's labs`);
      const here = await page.locator('section.panel').evaluateAll((s) => s.map((e) => e.id));
      assert.ok(here.length > 0, `${chapter}: its panels`);
      for (const id of here) {
        const title = (await page.locator(`#${id}-title`).textContent()).trim();
        const text = (await page.locator(`#${id} > p`).first().textContent()).trim();
        assert.ok(title.length > 5 && text.length > 40, `${id}: heading and explanation present`);
      }
      ids.push(...here);
      formulas += await page.locator('math').count();
    }
    assert.deepEqual(ids, PANEL_IDS, 'every panel, on its chapter\'s page, in page order');
    assert.ok(formulas >= 5, 'the formulas, as MathML');
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
    // The contents page and every chapter's page: each page that moved, with its first box that did.
    let compared = 0;
    const moved = [];
    for (const path of PAGES) {
      const before = await staticPage(viewport, path);
      const prerendered = await landmarks(before.page);
      await before.context.close();

      const after = await openPage(env.browser, env.site.origin, { viewport });
      try {
        await after.page.goto(env.site.url(path));
        await waitForApp(after.page);
        assert.equal(await after.page.locator('[inert]').count(), 0, `/${path}: no static copy left`);
        const live = await landmarks(after.page);
        const at = live.findIndex((box, n) => box !== prerendered[n]);
        if (at !== -1 || live.length !== prerendered.length) {
          moved.push(`${viewport.width} px, /${path}: before ${prerendered[at] ?? '(none)'}, after ${live[at] ?? '(none)'}`);
        }
        compared += prerendered.length;
        assertClean(after.problems);
      } finally {
        await after.context.close();
      }
    }
    assert.ok(compared > 60, `${compared} landmarks compared`);
    assert.deepEqual(moved, [], `${viewport.width} px: the same boxes before and after`);
  }
});

test('nothing changes language or wording when the app takes over: each page\'s text live is its prerendered text', async () => {
  // The words a reader sees in the page's panels and controls, line by line: the static copy
  // against the live page, in both languages (numbers included: the same state prints the same).
  const words = (page) => page.evaluate(() => [...document.querySelectorAll('#panels .panel, .controls')]
    .filter((e) => e.getClientRects().length > 0)
    .flatMap((e) => e.innerText.split('\n')).map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean));
  let compared = 0;
  const changed = [];
  for (const path of [...PAGES.slice(1), ...PAGES.slice(1).map((p) => `zh/${p}`)]) {
    const before = await staticPage({ width: 375, height: 812 }, path);
    const prerendered = await words(before.page);
    await before.context.close();
    const after = await openPage(env.browser, env.site.origin, { viewport: { width: 375, height: 812 } });
    try {
      await after.page.goto(env.site.url(path));
      await waitForApp(after.page);
      const live = await words(after.page);
      const gone = prerendered.filter((line) => !live.includes(line));
      const added = live.filter((line) => !prerendered.includes(line));
      if (gone.length || added.length) changed.push(`/${path}: before ${JSON.stringify(gone.slice(0, 3))}, live ${JSON.stringify(added.slice(0, 3))}`);
      compared += prerendered.length;
    } finally {
      await after.context.close();
    }
  }
  assert.ok(compared > 500, `only ${compared} lines compared`);
  assert.deepEqual(changed, [], 'the same words before and after');
});

test('before the app draws it, every chart box says it is loading, in the page\'s language, and stops saying so once drawn', async () => {
  // What the skeleton shows: the text inside the canvas's background image (a data: SVG).
  const skeletons = (page) => page.evaluate(() => [...document.querySelectorAll('.panel canvas:not(.overlay)')]
    .filter((c) => c.getClientRects().length > 0)
    .map((c) => decodeURIComponent(getComputedStyle(c).backgroundImage).match(/<text[^>]*>([^<]*)</)?.[1] ?? ''));
  for (const [query, words] of [['sinusoidal/', 'Loading the chart'], ['zh/sinusoidal/', '正在载入图表……']]) {
    const { context, page } = await staticPage({ width: 375, height: 812 }, query);
    const before = await skeletons(page);
    assert.ok(before.length >= 4, `${query}: only ${before.length} charts`);
    for (const text of before) assert.ok(text.startsWith(words), `${query}: a chart box says "${text}"`);
    await context.close();
    // Live: a chart on screen is drawn, and its box no longer says it is loading.
    const live = await openPage(env.browser, env.site.origin, { viewport: { width: 375, height: 812 } });
    await live.page.goto(env.site.url(`${query}?lang=${query.startsWith('zh') ? 'zh' : 'en'}#vector`));
    await waitForApp(live.page);
    await live.page.waitForFunction(() => document.querySelector('#vector canvas[style*="height"]'));
    const drawn = await live.page.evaluate(() => getComputedStyle(document.querySelector('#vector canvas')).backgroundImage);
    assert.equal(drawn, 'none', `${query}: a drawn chart keeps its skeleton`);
    assertClean(live.problems);
    await live.context.close();
  }
});

test('while the page loads nothing shifts: no layout-shift entry at all', async () => {
  // Every page of the course, in English with the defaults and in Chinese with other values.
  for (const query of ['', '?lang=zh&d_model=256&pos=40']) {
    for (const path of PAGES) {
      const link = `${query ? 'zh/' : ''}${path}${query}`;
      const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 412, height: 823 } });
      try {
        await page.addInitScript(() => {
          window.__shifts = [];
          new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value)))
            .observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(env.site.url(link));
        await waitForApp(page);
        // Any shift the first drawings cause is reported by the frame after it.
        await frames(page, 10);
        assert.deepEqual(await page.evaluate(() => window.__shifts), [], `/${link}: layout shifts`);
        assertClean(problems);
      } finally {
        await context.close();
      }
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
    // The root page sends it to the Chinese contents page, …
    await page.goto(env.site.url('?lang=zh&d_model=256&pos=40&base=500'));
    await waitForApp(page);
    assert.match(page.url(), /\/zh\/\?/, 'the address names the Chinese page');
    assert.equal(await page.getByTestId('app-title').textContent(), '位置编码探索器');
    // … and a chapter's English page to its Chinese page, in the link's state.
    await page.goto(env.site.url(`${CHAPTERS[0]}/?lang=zh&d_model=256&pos=40&base=500`));
    await waitForApp(page);
    assert.match(page.url(), new RegExp(`/zh/${CHAPTERS[0]}/\\?`), 'the address names the chapter\'s Chinese page');
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
  const query = '?d_model=64&pos=12&hide=base,layout';
  const { context, page, problems } = await staticPage({ width: 375, height: 812 }, `zh/${query}`);
  try {
    // The contents page, then every chapter's Chinese page with its panels.
    const seen = [];
    for (const path of PAGES) {
      if (path !== '') {
        await page.goto(env.site.url(`zh/${path}${query}`));
        await page.waitForLoadState('load');
      }
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN', `zh/${path}`);
      assert.equal(await page.locator('#prerendered h1').textContent(), '位置编码探索器', `zh/${path}`);
      for (const id of await page.locator('section.panel').evaluateAll((s) => s.map((e) => e.id))) {
        const title = (await page.locator(`#${id}-title`).textContent()).trim();
        const text = (await page.locator(`#${id} > p`).first().textContent()).trim();
        assert.match(title, /[\u4e00-\u9fff]/, `${id}: a Chinese heading (${title})`);
        assert.match(text, /[\u4e00-\u9fff]/, `${id}: a Chinese explanation`);
        seen.push(id);
      }
      const labs = await page.locator('nav.toc .toc-labs a').allTextContents();
      assert.equal(labs.length, 15, `zh/${path}: every lab in the contents before the wasm`);
      assert.ok(labs.every((l) => l.startsWith('实验：')), labs.join(' | '));
      // The page's stylesheet (inlined, allowed by its hash in the policy) applies.
      assert.ok(await page.evaluate(() => [...document.styleSheets].some((sheet) => !sheet.href && sheet.cssRules.length > 20)), `zh/${path}: the stylesheet applies`);
    }
    assert.deepEqual(seen, PANEL_IDS, 'every panel, in Chinese');
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
    assert.match(page.url(), /\/zh\/rope\/\?.*pos=12.*#rope$/, 'the Chinese page of RoPE\'s chapter, with the link\'s values and anchor');
    // A root link with neither anchor nor step: the Chinese contents page.
    await page.goto(env.site.url('?pos=12'));
    await waitForApp(page);
    assert.match(page.url(), /\/zh\/\?.*pos=12/, 'the Chinese contents page');
    for (const path of ['', 'rope/']) {
      await page.goto(env.site.url(`zh/${path}?lang=en&pos=12`));
      await waitForApp(page);
      assert.doesNotMatch(page.url(), /\/zh\//, `zh/${path}: lang=en leaves the Chinese page`);
      assert.equal(new URL(page.url()).pathname, new URL(env.site.url(path)).pathname, 'for the English page of the same place');
      assert.equal(await page.getByTestId('app-title').textContent(), 'PE Explorer');
      // Switching the language on the page goes to that language's page of the same place, named
      // in the address; a reload stays there.
      await page.getByTestId('lang-zh').click();
      await page.waitForFunction(() => new URLSearchParams(location.search).get('lang') === 'zh');
      await waitForApp(page);
      await page.reload();
      await waitForApp(page);
      assert.equal(new URL(page.url()).pathname, new URL(env.site.url(`zh/${path}`)).pathname);
      assert.match(page.url(), /\?.*lang=zh/);
      assert.match(page.url(), /pos=12/);
      assert.equal(await page.getByTestId('app-title').textContent(), '位置编码探索器');
    }
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('a Chinese page asks for its texts once, with the page, and its wasm only once its text is painted', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  try {
    const asked = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop();
      if (file === 'zh.txt' || file.endsWith('_bg.wasm') || file === 'teacher.js') asked.push({ file, at: Date.now() });
    });
    await page.goto(env.site.url('zh/rope/?lang=zh'));
    await waitForApp(page);
    const painted = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByName('first-contentful-paint')[0].startTime);
    assert.deepEqual(asked.map((a) => a.file).filter((f) => f === 'zh.txt'), ['zh.txt'], 'the texts once: the preload is what the wasm reads');
    assert.equal(asked[0].file, 'zh.txt', 'the texts before the wasm');
    const wasm = asked.find((a) => a.file.endsWith('_bg.wasm'));
    assert.ok(wasm.at >= painted - 5, 'the wasm is fetched once the text is painted');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('a student link hides what it hides from the first paint: nothing hidden has a box before the wasm, and nothing shifts as the page goes live', async () => {
  // A header tool (lesson mode and sharing), a control, a panel and its contents entry.
  const link = 'zh/sinusoidal/?lang=zh&hide=step,presenter,theme,base,waves&lock=d_model';
  const hidden = ['[data-hide-as="step"]', '[data-hide-as="presenter"]', '[data-hide-as="theme"]', '[data-hide-as="base"]', '#waves', '[data-toc-panel="waves"]'];
  for (const wasm of [false, true]) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 412, height: 823 } });
    try {
      if (!wasm) await context.route('**/*.wasm*', (route) => route.abort());
      await page.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value)))
          .observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(env.site.url(link));
      if (wasm) await waitForApp(page);
      else await page.waitForLoadState('load');
      const boxes = await page.evaluate((selectors) => selectors.flatMap((s) => [...document.querySelectorAll(s)]
        .filter((e) => e.getClientRects().length > 0).map(() => s)), hidden);
      assert.deepEqual(boxes, [], `${wasm ? 'live' : 'static'}: hidden things with a box`);
      // Each selector names something on the page (a test of the names, not of nothing).
      for (const s of hidden) assert.ok(await page.locator(s).count() > 0, `${s} is on the page`);
      if (wasm) {
        await settle(page);
        assert.deepEqual(await page.evaluate(() => window.__shifts), [], 'layout shifts');
        assertClean(problems);
      }
    } finally {
      await context.close();
    }
  }
});

test('a Chinese lesson step link fetches the texts once: the teacher\'s tools read the page\'s copy', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  try {
    await page.goto(env.site.url('zh/extrapolation/?lang=zh&step=12'));
    await waitForApp(page);
    await page.waitForSelector('[data-testid="lesson-bar"]:not([hidden])', { timeout: 30000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-bar"]').textContent.includes('第'));
    // The page's own requests (the offline copy's, made by the service worker, are not among them).
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.split('/').pop()));
    assert.ok(fetched.includes('teacher.js'), 'the tools came');
    assert.deepEqual(fetched.filter((f) => f === 'zh.txt'), ['zh.txt']);
    assertClean(problems);
  } finally {
    await context.close();
  }
});
