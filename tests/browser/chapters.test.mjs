// The course is one app: once the page is live, following a link between its pages (next,
// the contents, the glossary, a term's link, back and forward) or lesson mode's step on another
// chapter changes the chapter without a page load (src/ui/navigate.rs). What the tests watch:
// a marker on `window` that a page load would clear, the server's log (each page's text
// fetched once), the state in the address, and what is on screen at every frame of a change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, assertClean, courseMap, stepPage, lessonSteps, lessonPlans } from './harness.mjs';

const env = useSite();

/** Marks the document, so that a page load (which starts a new one) is seen. */
const mark = (page) => page.evaluate(() => { window.peSameDocument = true; });
const sameDocument = (page) => page.evaluate(() => window.peSameDocument === true);

/** Waits until the page at `path` (its folder below the site's root, e.g. `zh/relative/`) is live. */
async function arrived(page, path) {
  await page.waitForURL((url) => url.pathname === `/${path}`, { timeout: 30000 });
  await waitForApp(page);
}

test('chapters change inside the app: no page load, the state and a link\'s restrictions carried, each page fetched once, back and forward', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  try {
    const { chapters } = courseMap();
    // The page's own requests (not the offline copy's, which the service worker makes once the
    // page is live: assets/sw.js).
    const requested = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(env.site.url('zh/sinusoidal/?lang=zh&d_model=64&pos=12&hide=rope,base&lock=d_model'));
    await waitForApp(page);
    await mark(page);
    await page.locator('.chapter-nav a[rel="next"]').click();
    await arrived(page, 'zh/relative/');
    assert.ok(await sameDocument(page), 'next: the chapter changed without a page load');
    const params = new URL(page.url()).searchParams;
    assert.equal(params.get('d_model'), '64');
    assert.equal(params.get('pos'), '12');
    assert.deepEqual(params.get('hide').split(',').sort(), ['base', 'rope']);
    assert.equal(params.get('lock'), 'd_model');
    // The new chapter is live: its own panels, its controls, its key points and questions.
    assert.equal(await page.locator('.chapter-title').count(), 1);
    assert.ok(await page.locator('#rotation [data-testid]').count() > 0, 'the rotation panel is live');
    assert.equal(await page.locator('#heatmap').count(), 0, 'the last chapter\'s panels are gone');
    assert.equal(await page.locator('aside.controls input[type="range"]').first().isDisabled(), true, 'd_model still locked');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.page), 'relative');
    // Every link of the new page carries the state; the contents still leave out the hidden panel.
    const bare = await page.locator('a[data-keep-query]').evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')).filter((href) => !/hide=/.test(href)));
    assert.deepEqual(bare, [], 'links without the link\'s restrictions');
    assert.equal(await page.locator('#course-menu [data-toc-panel="rope"]').evaluate((li) => getComputedStyle(li).display), 'none');
    // A panel in another chapter, from the contents, opened from the controls' bar: it stays in
    // view down the page, and no button floats in a corner over the text.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    assert.equal(await page.locator('.menu-button').isVisible(), false, 'no floating menu button on a chapter');
    const inBar = await page.locator('.controls-head .menu-in-bar').boundingBox();
    assert.ok(inBar && inBar.y >= 0 && inBar.y + inBar.height <= page.viewportSize().height, `the menu's button in view halfway down: ${JSON.stringify(inBar)}`);
    await page.locator('.controls-head .menu-in-bar').click();
    await page.locator('#course-menu a[href*="schemes/"][href$="#alibi"]').click();
    await arrived(page, 'zh/schemes/');
    assert.equal(new URL(page.url()).hash, '#alibi');
    assert.ok(await sameDocument(page), 'the contents: no page load');
    await page.waitForFunction(() => {
      const top = document.getElementById('alibi').getBoundingClientRect().top;
      return top > -2 && top < innerHeight / 2;
    }, null, { timeout: 10000 });
    assert.equal(await page.locator('#course-menu').isVisible(), false, 'the menu closed');
    // The glossary, then back and forward.
    await page.locator('.controls-head .menu-in-bar').click();
    await page.locator('#course-menu a[href*="glossary/"]').first().click();
    await arrived(page, 'zh/glossary/');
    assert.ok(await page.locator('dl.glossary dt').count() > 10, 'the glossary\'s terms');
    await page.goBack();
    await arrived(page, 'zh/schemes/');
    await page.goBack();
    await arrived(page, 'zh/relative/');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.page), 'relative');
    assert.ok(await page.locator('#dot-product [data-testid]').count() > 0, 'back: the chapter is live');
    await page.goForward();
    await arrived(page, 'zh/schemes/');
    assert.ok(await sameDocument(page), 'back and forward: no page load');
    assert.equal(new URL(page.url()).searchParams.get('lock'), 'd_model', 'back and forward keep the state');
    // Each page's text was fetched once: the first load, then one fetch per page visited.
    const loads = (path) => requested.filter((p) => p === `/${path}` || p === `/${path}index.html`).length;
    for (const path of ['zh/relative/', 'zh/schemes/', 'zh/glossary/']) {
      assert.equal(loads(path), 1, `${path} fetched ${loads(path)} times`);
    }
    assert.equal(chapters.includes('relative'), true);
    // A reload keeps the link's word too.
    await page.reload();
    await waitForApp(page);
    assert.equal(new URL(page.url()).searchParams.get('lock'), 'd_model');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('a student link keeps its word on every page it reaches, two taps deep', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 375, height: 812 }, hasTouch: true });
  try {
    const link = 'zh/order/?lang=zh&hide=step,presenter,theme,base&lock=d_model';
    await page.goto(env.site.url(link));
    await waitForApp(page);
    await mark(page);
    const problemsSeen = [];
    /** What the link promised, checked on the page now on screen. */
    const check = async (where) => {
      const url = new URL(page.url());
      const hide = (url.searchParams.get('hide') ?? '').split(',');
      for (const field of ['step', 'presenter', 'theme', 'base']) {
        if (!hide.includes(field)) problemsSeen.push(`${where}: hide= lost ${field} (${url})`);
      }
      if (url.searchParams.get('lock') !== 'd_model') problemsSeen.push(`${where}: lock= lost (${url})`);
      const shown = await page.evaluate(() => ['lesson-toggle', 'share-open', 'presenter-toggle', 'select-theme']
        .filter((id) => document.querySelector(`[data-testid="${id}"]`)?.checkVisibility()));
      if (shown.length) problemsSeen.push(`${where}: ${shown.join(', ')} on screen`);
      if (await page.evaluate(() => document.documentElement.hasAttribute('data-lesson-panel'))) {
        problemsSeen.push(`${where}: lesson mode`);
      }
    };
    /** Every page of the course a tap on this page reaches (one link per page). */
    const targets = () => page.evaluate(() => {
      const site = new URL(document.documentElement.dataset.site);
      const seen = new Map();
      for (const a of document.querySelectorAll('a[href]')) {
        const url = new URL(a.href);
        if (url.origin !== site.origin || !url.pathname.startsWith(site.pathname)) continue;
        if (/\.(html|txt|pdf)$/.test(url.pathname) && !url.pathname.endsWith('index.html')) continue;
        const key = url.pathname.slice(site.pathname.length);
        // Not a link the page's rules keep off the screen (what the link hides, `data-hide-as`):
        // nobody can tap it. A link in a closed popover (the course's menu) is one tap away.
        const tappable = a.closest('[popover]') || a.checkVisibility();
        if (!seen.has(key) && !a.closest('[hidden]') && tappable) seen.set(key, a.getAttribute('href'));
      }
      return [...seen.entries()];
    });
    /** Follows the link to `path` (through the page's own click handling). */
    const follow = async (path, href) => {
      await page.evaluate((href) => {
        const a = [...document.querySelectorAll('a[href]')].find((l) => l.getAttribute('href') === href);
        a.click();
      }, href);
      await arrived(page, path);
    };
    await check('the link');
    const first = await targets();
    assert.ok(first.length >= 9, `${first.length} pages reachable from the first page`);
    for (const [path, href] of first) {
      await page.goto(env.site.url(link));
      await waitForApp(page);
      await follow(path, href);
      await check(`one tap: ${path}`);
      for (const [path2, href2] of await targets()) {
        await follow(path2, href2);
        await check(`two taps: ${path} → ${path2}`);
        await page.goBack();
        await waitForApp(page);
        await check(`back to ${path}`);
      }
    }
    assert.deepEqual(problemsSeen, []);
    assertClean(problems);
  } finally {
    await context.close();
  }
});

for (const [lang, view] of [['en', 'presenter'], ['en', 'plain'], ['zh', 'presenter'], ['zh', 'plain']]) {
  test(`lesson mode, ${lang}, ${view} view: every plan by Page Down, chapters changed inside the app, no frame shows a step's answer before Reveal`, async () => {
    const steps = lessonSteps();
    const plans = lessonPlans();
    const viewport = view === 'presenter' ? { width: 1920, height: 1080 } : { width: 1280, height: 900 };
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport });
    const failures = [];
    const changes = [];
    try {
      for (const [plan, { steps: walked }] of Object.entries(plans)) {
        const presenter = view === 'presenter' ? '&presenter=1' : '';
        await page.goto(env.site.url(stepPage(walked[0], `?lang=${lang}${presenter}&lesson=${plan}&step=${walked[0]}`)));
        await waitForApp(page);
        await mark(page);
        for (let at = 0; at + 1 < walked.length; at += 1) {
          const [n, next] = [walked[at], walked[at + 1]];
          // The page is marked for the step from its first paint. On the plan's link the key is
          // pressed as soon as lesson mode's bar is there, the lesson perhaps still on its way (a
          // press then waits for it); later, once the step's page is live.
          await page.waitForFunction(({ s, first }) => new URLSearchParams(location.search).get('step') === String(s) &&
            document.documentElement.dataset.lessonPanel &&
            (first || document.documentElement.hasAttribute('data-ready')) &&
            document.querySelector('[data-testid="lesson-prompt"]'), { s: n, first: at === 0 }, { timeout: 30000 });
          await page.keyboard.press('PageDown');
          await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'), null, { timeout: 30000 });
          // Every frame from the press on: none of the next step's answer words on screen once
          // the lesson has moved to it, until its panel is live.
          await page.evaluate(({ next, words }) => {
            window.peFrames = { seen: [], done: false, pressed: performance.now(), shownAt: null };
            const look = () => {
              const frames = window.peFrames;
              const moved = new URLSearchParams(location.search).get('step') === String(next);
              if (moved) {
                const text = document.body.innerText;
                for (const word of words) if (text.includes(word)) frames.seen.push(word);
                const prompt = document.querySelector('[data-testid="lesson-prompt"]');
                if (frames.shownAt === null && document.getElementById(document.documentElement.dataset.lessonPanel ?? '') &&
                    prompt?.checkVisibility()) frames.shownAt = performance.now();
              }
              if (moved && document.documentElement.hasAttribute('data-ready') && frames.shownAt !== null) {
                frames.done = true;
                return;
              }
              requestAnimationFrame(look);
            };
            requestAnimationFrame(look);
          }, { next, words: [steps[next].answer[lang], ...steps[next].words[lang]] });
          const chapterBefore = await page.evaluate(() => document.documentElement.dataset.page);
          await page.keyboard.press('PageDown');
          await page.waitForFunction(() => window.peFrames.done, null, { timeout: 30000 });
          const frames = await page.evaluate(() => window.peFrames);
          const chapterAfter = await page.evaluate(() => document.documentElement.dataset.page);
          if (frames.seen.length) failures.push(`${plan}, step ${n} → ${next}: shown before Reveal: ${[...new Set(frames.seen)].join(' | ')}`);
          if (chapterBefore !== chapterAfter) changes.push(Math.round(frames.shownAt - frames.pressed));
        }
        if (!(await sameDocument(page))) failures.push(`${plan}: a page load during the plan`);
      }
      assert.ok(changes.length >= 12, `${changes.length} chapter changes`);
      console.log(`lesson mode, ${lang}, ${view}: ${changes.length} chapter changes, question on screen ${changes.join(', ')} ms after the key`);
      assert.deepEqual(failures, []);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

test('keys pressed while a chapter arrives are applied after it, none lost', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    const { steps } = courseMap();
    // Step 7 is the last of its chapter; 8 and 9 are the next chapter's.
    assert.notEqual(steps[6], steps[7]);
    assert.equal(steps[7], steps[8]);
    await page.goto(env.site.url(stepPage(7, '?lang=en&presenter=1&step=7')));
    await waitForApp(page);
    await page.waitForFunction(() => document.documentElement.dataset.lessonPanel && document.querySelector('[data-testid="lesson-prompt"]'));
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    await mark(page);
    // Three presses at once: to step 8 (another chapter), its Reveal, to step 9.
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.waitForFunction((chapter) => new URLSearchParams(location.search).get('step') === '9' &&
      document.documentElement.hasAttribute('data-ready') && document.documentElement.dataset.page === chapter,
    steps[8], { timeout: 30000 });
    assert.ok(await sameDocument(page));
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-revealed')), false, 'step 9 waits for its Reveal');
    assert.match(await page.locator('[data-testid="lesson-prompt"]').innerText(), /./);
    assert.ok(await page.evaluate(() => document.getElementById(document.documentElement.dataset.lessonPanel)?.checkVisibility()),
      'step 9\'s panel on screen');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('a lesson step link\'s page is masked from its first paint, before any wasm', async () => {
  const steps = lessonSteps();
  const { context, page } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    // No wasm at all: what the prerendered page and its scripts paint by themselves.
    await context.route('**/*.wasm*', (route) => route.abort());
    const shown = [];
    for (const lang of ['en', 'zh']) {
      for (let n = 1; n <= 24; n += 1) {
        await page.goto(env.site.url(stepPage(n, `?lang=${lang}&step=${n}${n % 2 ? '&presenter=1' : ''}`)));
        const seen = await page.evaluate(({ words, panel }) => ({
          words: words.filter((w) => document.body.innerText.includes(w)),
          panel: document.documentElement.dataset.lessonPanel === panel,
        }), { words: [steps[n].answer[lang], ...steps[n].words[lang]], panel: steps[n].panel });
        if (seen.words.length) shown.push(`${lang} step ${n}: ${seen.words.join(' | ')}`);
        if (!seen.panel) shown.push(`${lang} step ${n}: its panel is not marked`);
      }
    }
    // A plan's or a list's link without a step (on the contents page): its first step's
    // chapter and mask, the first step whose panel the link does not hide.
    const plans = lessonPlans();
    const links = [
      ...Object.entries(plans).map(([plan, { steps: walked }]) => [`lesson=${plan}`, walked[0]]),
      ['plan=ROPE', plans.rope.steps[0]],
      ['steps=22,3', 22],
      [`lesson=sinusoidal&hide=${steps[plans.sinusoidal.steps[0]].panel}`, plans.sinusoidal.steps[1]],
    ];
    const { steps: chapters } = courseMap();
    for (const [query, first] of links) {
      assert.notEqual(steps[first].panel, undefined);
      await page.goto(env.site.url(`?lang=zh&${query}`));
      const seen = await page.evaluate(({ words, panel }) => ({
        words: words.filter((w) => document.body.innerText.includes(w)),
        panel: document.documentElement.dataset.lessonPanel,
        page: document.documentElement.dataset.page,
      }), { words: [steps[first].answer.zh, ...steps[first].words.zh], panel: steps[first].panel });
      if (seen.words.length) shown.push(`${query}: ${seen.words.join(' | ')}`);
      if (seen.panel !== steps[first].panel) shown.push(`${query}: panel ${seen.panel}, not step ${first}'s ${steps[first].panel}`);
      if (seen.page !== chapters[first - 1]) shown.push(`${query}: page ${seen.page}, not step ${first}'s chapter ${chapters[first - 1]}`);
    }
    assert.deepEqual(shown, []);
  } finally {
    await context.close();
  }
});

test('back and forward in lesson mode: each chapter comes back at the step it showed, without a page load', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
  try {
    const { rope } = lessonPlans();
    const { steps: chapters } = courseMap();
    // Two consecutive steps of the plan on different chapters, and the next chapter change.
    const at = rope.steps.findIndex((n, i) => i + 1 < rope.steps.length && chapters[n - 1] !== chapters[rope.steps[i + 1] - 1]);
    const [first, second] = [rope.steps[at], rope.steps[at + 1]];
    const stepShown = (n) => page.waitForFunction((s) => new URLSearchParams(location.search).get('step') === String(s) &&
      document.documentElement.hasAttribute('data-ready') && document.querySelector('[data-testid="lesson-prompt"]') &&
      document.getElementById(document.documentElement.dataset.lessonPanel ?? '')?.checkVisibility(), n, { timeout: 30000 });
    await page.goto(env.site.url(stepPage(first, `?lang=en&lesson=rope&step=${first}`)));
    await waitForApp(page);
    await stepShown(first);
    await mark(page);
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    await page.keyboard.press('PageDown');
    await stepShown(second);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.page), chapters[second - 1]);
    await page.goBack();
    await stepShown(first);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.page), chapters[first - 1], 'back: the first chapter');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.lessonPanel), lessonSteps()[first].panel);
    await page.goForward();
    await stepShown(second);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.page), chapters[second - 1], 'forward: the second chapter');
    // The lesson goes on from there.
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    await page.keyboard.press('PageDown');
    await stepShown(rope.steps[at + 2]);
    assert.ok(await sameDocument(page), 'no page load');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('a frame a chart asked for just before its chapter was left finds the chart gone and does nothing', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  try {
    await page.goto(env.site.url('sinusoidal/?lang=en'));
    await waitForApp(page);
    // The next chapter once, so that it is kept and the change below swaps in a task, before
    // the next frame, as lesson mode's prefetched chapters do.
    await page.locator('.chapter-nav a[rel="next"]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/relative/'));
    await waitForApp(page);
    await page.locator('.chapter-nav a[rel="prev"]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/sinusoidal/'));
    await waitForApp(page);
    await page.getByTestId('canvas-pe-vector').scrollIntoViewIfNeeded();
    const held = await page.evaluate(async () => {
      // The frames wait: each chart on screen draws a move at once and asks for a frame; a
      // second move within that frame is left for it. The chapter is left before it comes.
      const frames = [];
      const real = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (frame) => frames.push(frame);
      const slider = document.querySelector('[data-testid="slider-pos"]');
      for (const value of [3, 7, 11]) {
        slider.value = String(value);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((next) => setTimeout(next, 0));
      }
      document.querySelector('.chapter-nav a[rel="next"]').click();
      while (document.getElementById('vector')) await new Promise((next) => setTimeout(next, 5));
      window.requestAnimationFrame = real;
      for (const frame of frames) frame(performance.now());
      return frames.length;
    });
    assert.ok(held > 0, 'the moves asked for a frame');
    await waitForApp(page);
    assertClean(problems);
  } finally {
    await context.close();
  }
});
