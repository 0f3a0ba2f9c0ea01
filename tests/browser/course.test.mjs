// The course of chapters: every page of the course, in both languages, walked as a
// student would. Prerendered text with scripts off, no English on a Chinese page, the contents
// naming every panel and lab at first paint, previous / next and the back button, every glossary
// link resolving and every term showing its definition in place, every check-yourself answer
// hidden until asked for, old links sent to their chapter, a teacher's values carried from
// chapter to chapter, and every chapter at most 15 phone screens and never wider than the phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useSite, openPage, waitForApp, assertClean, courseMap, lessonPlans, ROOT, settle, steady } from './harness.mjs';

const env = useSite();
const PHONE = { width: 375, height: 812 };
const LANGS = [['en', ''], ['zh', 'zh/']];

/** The course's English words a Chinese page must not show: titles, points, the course's labels. */
function englishOfTheCourse() {
  const words = [];
  for (const line of readFileSync(join(ROOT, 'assets', 'course.txt'), 'utf8').split('\n')) {
    const match = line.match(/^en (title|point|question|answer|note) (.*)$/);
    if (match) words.push(match[2]);
  }
  return [...words, 'Key points', 'Check yourself', 'Show the answer', 'Previous chapter', 'Next chapter',
    'Contents', 'Glossary', 'Lab: '];
}

/** Every page of the course in one language, as paths below the site's root. */
function pagesOf(prefix) {
  return ['', ...courseMap().chapters.map((c) => `${c}/`), 'summary/', 'glossary/'].map((p) => `${prefix}${p}`);
}

for (const [lang, prefix] of LANGS) {
  test(`every page of the course in ${lang} is prerendered: its text with scripts off, in its language only`, async () => {
    const { context, page } = await openPage(env.browser, env.site.origin, { javaScriptEnabled: false });
    const english = englishOfTheCourse();
    try {
      for (const path of pagesOf(prefix)) {
        await page.goto(env.site.url(path));
        const text = await page.evaluate(() => document.body.innerText);
        assert.ok(text.length > (lang === 'zh' ? 500 : 1000), `${path}: the prerendered text is there (${text.length} characters)`);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-CN' : 'en');
        if (path.endsWith('/') && !/(glossary|summary)\/$/.test(path) && path !== prefix) {
          // A chapter: its number, title, 3 to 5 key points, its panels, its questions.
          assert.equal(await page.locator('.chapter-title').count(), 1, `${path}: the chapter's title`);
          const points = await page.locator('.key-points > li').count();
          assert.ok(points >= 3 && points <= 5, `${path}: ${points} key points`);
          assert.ok(await page.locator('main .panel').count() >= 1, `${path}: its panels`);
          assert.ok(await page.locator('.check-question').count() >= 2, `${path}: its questions`);
        }
        if (lang === 'zh') {
          const found = english.filter((words) => text.includes(words));
          assert.deepEqual(found, [], `${path}: English of the course on a Chinese page`);
        }
      }
    } finally {
      await context.close();
    }
  });

  test(`the contents in ${lang} name every panel and every lab at first paint, each linking to its chapter`, async () => {
    const { context, page } = await openPage(env.browser, env.site.origin, { javaScriptEnabled: false });
    try {
      const { where } = courseMap();
      for (const path of [prefix, `${prefix}rope/`]) {
        await page.goto(env.site.url(path));
        const selector = path === prefix ? 'main nav.toc a' : '#course-menu a';
        const links = await page.locator(selector).evaluateAll((as) => as.map((a) => new URL(a.href)));
        const named = new Map(links.filter((u) => u.hash).map((u) => [u.hash.slice(1), u.pathname]));
        for (const [anchor, chapter] of Object.entries(where)) {
          assert.ok(named.has(anchor), `${path}: the contents name #${anchor}`);
          assert.ok(named.get(anchor).endsWith(`/${prefix}${chapter}/`), `${path}: #${anchor} is in ${chapter}/, not ${named.get(anchor)}`);
        }
      }
    } finally {
      await context.close();
    }
  });

  test(`walking the chapters in ${lang}: next, next, …, back; every glossary link resolves; answers hidden until asked`, async () => {
    const { context, page, problems } = await openPage(env.browser, env.site.origin);
    try {
      const { chapters } = courseMap();
      await page.goto(env.site.url(`${prefix}glossary/`));
      const terms = new Set(await page.locator('dl.glossary dt').evaluateAll((dts) => dts.map((dt) => dt.id)));
      assert.ok(terms.size >= 17, `${terms.size} glossary terms`);
      await page.goto(env.site.url(`${prefix}${chapters[0]}/`));
      for (let n = 0; n < chapters.length; n += 1) {
        await waitForApp(page);
        assert.ok(page.url().includes(`/${prefix}${chapters[n]}/`), `chapter ${n + 1} at ${page.url()}`);
        // Each term's definition links to the glossary's entry.
        const targets = await page.locator('.term-def a').evaluateAll((as) => as.map((a) => new URL(a.href)));
        assert.ok(targets.length >= 3, `${chapters[n]}: ${targets.length} glossary links`);
        for (const target of targets) {
          assert.ok(target.pathname.endsWith(`/${prefix}glossary/`), `${target}: the glossary of the page's language`);
          assert.ok(terms.has(target.hash.slice(1)), `${chapters[n]}: ${target.hash} is a term of the glossary`);
        }
        // The terms the chapter first uses in a panel's explanation are buttons there in the
        // live page (a lab's once it is opened: the phone test), and every term button on the
        // page has its definition on the page.
        const termProblems = await page.evaluate(() => {
          const problems = [];
          for (const entry of (document.querySelector('meta[name="pe-course"]').dataset.terms || '').split(';').filter(Boolean)) {
            const [anchor, list] = [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)];
            if (anchor.startsWith('lab-')) continue;
            for (const [id, words] of list.split('|').map((e) => e.split('='))) {
              const button = document.querySelector(`#${anchor} > p button.term[popovertarget="def-${id}"]`);
              if (button?.textContent !== words) problems.push(`${anchor}: no button "${words}" for ${id}`);
            }
          }
          for (const button of document.querySelectorAll('button.term')) {
            if (!document.getElementById(button.getAttribute('popovertarget'))) problems.push(`no definition for ${button.textContent}`);
          }
          return problems;
        });
        assert.deepEqual(termProblems, [], `${chapters[n]}: the terms in its panels`);
        // Every answer is hidden until its question's button is pressed.
        const questions = page.locator('.check-question');
        const count = await questions.count();
        for (let q = 0; q < count; q += 1) {
          const answer = questions.nth(q).locator('details > p');
          assert.equal(await answer.isVisible(), false, `${chapters[n]}: answer ${q + 1} hidden before it is asked for`);
          await questions.nth(q).locator('summary').click();
          assert.equal(await answer.isVisible(), true, `${chapters[n]}: answer ${q + 1} shown once asked for`);
        }
        const next = page.locator('.chapter-nav a[rel="next"]');
        if (n + 1 < chapters.length) {
          await next.click();
          await page.waitForURL((url) => url.pathname.endsWith(`/${prefix}${chapters[n + 1]}/`));
        } else {
          assert.equal(await next.count(), 0, 'the last chapter has no next');
        }
      }
      // The back button goes back chapter by chapter.
      await page.goBack();
      await page.waitForURL((url) => url.pathname.endsWith(`/${prefix}${chapters.at(-2)}/`));
      await page.locator('.chapter-nav a[rel="prev"]').click();
      await page.waitForURL((url) => url.pathname.endsWith(`/${prefix}${chapters.at(-3)}/`));
      await waitForApp(page);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

test('on a phone, a term shows its definition in place, and the menu is always one tap away', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE, hasTouch: true });
  try {
    await page.goto(env.site.url('zh/rope/'));
    await waitForApp(page);
    const term = page.locator('.key-points button.term').first();
    const id = await term.getAttribute('popovertarget');
    await term.tap();
    const definition = page.locator(`#${id}`);
    assert.ok(await definition.isVisible(), 'the definition shows on a tap');
    const box = await definition.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the definition fits the phone: ${JSON.stringify(box)}`);
    assert.match(await definition.innerText(), /术语表/);
    await page.keyboard.press('Escape');
    assert.equal(await definition.isVisible(), false);
    // In a lab, once opened: its explanation's first uses in the chapter are buttons too. (The
    // page draws the labs' folds; opening one brings the tools, which draw the lab.)
    await page.locator('#rope canvas').first().scrollIntoViewIfNeeded();
    await page.locator('[data-testid="rope-extension-fold"]').tap();
    const labTerm = page.locator('#lab-rope-extension ~ p button.term, .lab-fold[open] p button.term').first();
    await labTerm.waitFor({ timeout: 30000 });
    const labDefinition = page.locator(`#${await labTerm.getAttribute('popovertarget')}`);
    await labTerm.tap();
    assert.ok(await labDefinition.isVisible(), 'a lab term\'s definition shows on a tap');
    await page.keyboard.press('Escape');
    // Far down the page the menu button is still on screen, in the controls' bar at the top
    // (no button floats over the text), and opens the contents.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    assert.equal(await page.locator('.menu-button').isVisible(), false, 'no floating menu button on a chapter');
    const button = page.locator('.controls-head .menu-in-bar');
    const where = await button.boundingBox();
    assert.ok(where.y >= 0 && where.y + where.height <= PHONE.height, 'the menu button is on screen');
    await button.tap();
    assert.ok(await page.locator('#course-menu').isVisible(), 'the menu is open');
    // A panel in another chapter, from the menu: its page, its heading below the controls bar.
    await page.locator('#course-menu a[href$="#alibi"]').tap();
    await page.waitForURL((url) => url.pathname.endsWith('/zh/schemes/') && url.hash === '#alibi');
    await waitForApp(page);
    const landing = await steady(page, () => ({
      heading: document.getElementById('alibi').getBoundingClientRect().top,
      bar: document.querySelector('aside.controls').getBoundingClientRect().bottom,
    }));
    assert.ok(landing.heading >= landing.bar - 1 && landing.heading < 812, `heading at ${landing.heading}, bar to ${landing.bar}`);
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('old links to the one long page land on their chapter: an anchor, a lab, a lesson step, the language', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  try {
    for (const [link, path, hash] of [
      ['?pos=12#rope', '/rope/', '#rope'],
      ['?lang=zh&d_model=64#heatmap', '/zh/sinusoidal/', '#heatmap'],
      ['?lang=en#lab-xpos', '/rope/', '#lab-xpos'],
      ['?lang=en&step=9', '/relative/', ''],
      ['zh/?lang=zh&step=21', '/zh/schemes/', ''],
      ['rope/?lang=zh#alibi', '/zh/schemes/', '#alibi'],
    ]) {
      await page.goto(env.site.url(link));
      await page.waitForURL((url) => url.pathname.endsWith(path));
      const url = new URL(page.url());
      assert.equal(url.hash, hash, `${link}: the anchor kept`);
      await waitForApp(page);
      if (link.includes('pos=12')) assert.equal(url.searchParams.get('pos'), '12', `${link}: the values kept`);
    }
    // The lab a link names is drawn, unfolded and in view.
    await page.goto(env.site.url('?lang=en#lab-xpos'));
    await page.waitForURL((url) => url.pathname.endsWith('/rope/'));
    await waitForApp(page);
    await page.waitForFunction(() => {
      const heading = document.getElementById('lab-xpos');
      const box = heading?.getBoundingClientRect();
      return heading?.closest('details')?.open && box.top >= 0 && box.top < innerHeight;
    }, null, { timeout: 20000 });
    assert.match(new URL(page.url()).searchParams.get('labs') ?? '', /xpos/, 'the opened lab is named in the link');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test("a teacher's values, hidden panels and locks go with the class from chapter to chapter", async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  try {
    await page.goto(env.site.url('zh/sinusoidal/?lang=zh&d_model=64&pos=12&hide=rope,base&lock=d_model'));
    await waitForApp(page);
    // The contents leave out the hidden panel.
    const hidden = (anchor) => page.locator(`#course-menu [data-toc-panel="${anchor}"]`).evaluate((li) => getComputedStyle(li).display === 'none');
    assert.equal(await hidden('rope'), true, 'the hidden panel is left out of the contents');
    assert.equal(await hidden('alibi'), false);
    await page.locator('.chapter-nav a[rel="next"]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/zh/relative/'));
    await waitForApp(page);
    const params = new URL(page.url()).searchParams;
    assert.equal(params.get('d_model'), '64');
    assert.equal(params.get('pos'), '12');
    assert.deepEqual(params.get('hide').split(',').sort(), ['base', 'rope']);
    assert.equal(params.get('lock'), 'd_model');
    assert.equal(await page.locator('aside.controls input[type="range"]').first().isDisabled(), true, 'd_model still locked');
    // Another language is the other language's page of the same chapter, with the same values.
    await page.locator('[data-testid="lang-en"]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/relative/') && !url.pathname.includes('/zh/'));
    await waitForApp(page);
    assert.equal(new URL(page.url()).searchParams.get('d_model'), '64');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('every chapter is at most 15 phone screens with its labs drawn, and never wider than the phone', async () => {
  const { chapters } = courseMap();
  for (const [lang, prefix] of LANGS) {
    for (const chapter of [...chapters, 'summary', 'glossary', '']) {
      const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
      try {
        const path = `${prefix}${chapter}${chapter ? '/' : ''}`;
        await page.goto(env.site.url(path));
        await waitForApp(page);
        // Down the page, past every panel and its folded labs (the page draws the folds).
        for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
          await page.evaluate((y) => window.scrollTo(0, y), y);
          await settle(page);
        }
        // Every chart drawn (each sized by its first drawing): the page stops growing.
        const { height, width } = await steady(page, () => ({
          height: document.documentElement.scrollHeight,
          width: document.documentElement.scrollWidth,
        }));
        // Whatever scrolls sideways inside its box shows that it does (style/main.css).
        const silent = await page.evaluate(() => [...document.querySelectorAll('main *')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(e).overflowX))
          .filter((e) => e.getClientRects().length > 0 && !getComputedStyle(e).backgroundImage.includes('radial-gradient'))
          .map((e) => `${e.tagName}.${e.className}`));
        assert.deepEqual(silent, [], `${path}: boxes that scroll sideways without showing it`);
        const screens = height / PHONE.height;
        console.log(`${lang} ${path || '(contents)'}: ${screens.toFixed(1)} screens`);
        if (chapter !== 'glossary') assert.ok(screens <= 15, `${path}: ${screens.toFixed(1)} screens`);
        assert.equal(width, PHONE.width, `${path}: document ${width} px wide`);
        assertClean(problems);
      } finally {
        await context.close();
      }
    }
  }
});

test('the contents page says what a teacher gets: each plan with its minutes, a link into lesson mode and its handouts; a student link without lesson mode does not show it', async () => {
  const plans = lessonPlans();
  const minutes = {};
  for (const line of readFileSync(join(ROOT, 'assets/lesson.txt'), 'utf8').split('\n')) {
    const m = line.match(/^(\d+) minutes (\d+)$/);
    if (m) minutes[Number(m[1])] = Number(m[2]);
  }
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 375, height: 812 } });
  try {
    for (const [lang, root] of [['en', ''], ['zh', 'zh/']]) {
      await page.goto(env.site.url(`${root}?lang=${lang}`));
      await waitForApp(page);
      const block = page.locator('.for-teachers');
      assert.equal(await block.isVisible(), true);
      const items = await block.locator('.plans li').allInnerTexts();
      assert.equal(items.length, Object.keys(plans).length);
      for (const [at, [code, plan]] of Object.entries(plans).entries()) {
        const total = plan.steps.reduce((sum, n) => sum + minutes[n], 0);
        assert.ok(items[at].startsWith(plan.title[lang]), `${lang}: ${items[at]}`);
        assert.ok(items[at].includes(lang === 'en' ? `${plan.steps.length} steps, about ${total} min` : `${plan.steps.length} 步，约 ${total} 分钟`), items[at]);
        assert.equal(await block.locator(`a[href="?lesson=${code}"]`).count(), 1);
        // Each handout is there, in the page's language.
        for (const href of await block.locator('.plans li').nth(at).locator('a[href^="print/"]').evaluateAll((links) => links.map((a) => a.href))) {
          const response = await page.request.get(href);
          assert.equal(response.status(), 200, href);
          assert.match(await response.text(), lang === 'zh' ? /lang="zh/ : /lang="en/, href);
        }
      }
      // The header's sharing button is named as it is written.
      assert.ok((await block.innerText()).includes(await page.getByTestId('share-open').innerText()));
    }
    // A plan's link starts lesson mode at the plan's first step.
    await page.locator('.for-teachers a[href="?lesson=rope"]').click();
    await page.waitForSelector('[data-testid="lesson-bar"]:not([hidden])', { timeout: 30000 });
    assert.equal(new URL(page.url()).searchParams.get('step'), String(plans.rope.steps[0]));
    assert.match(await page.getByTestId('lesson-step').innerText(), new RegExp(`1\\D+${plans.rope.steps.length}`));
    // A student link without lesson mode: no block about it.
    await page.goto(env.site.url('zh/?lang=zh&hide=step,presenter'));
    await waitForApp(page);
    assert.equal(await page.locator('.for-teachers').isVisible(), false);
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('the glossary has an index of every term, A to Z (Chinese by pinyin), and a search box that keeps the terms holding every word typed', async () => {
  for (const [lang, prefix, query, expected] of [['en', '', 'rotary', 'rope'], ['zh', 'zh/', '旋转 位置', 'rope']]) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
    await page.goto(env.site.url(`${prefix}glossary/?lang=${lang}`));
    await waitForApp(page);
    const terms = await page.locator('dl.glossary dt').evaluateAll((dts) => dts.map((dt) => dt.id));
    // The index: every term once, each link to its entry, the letters in order and each group sorted.
    const groups = await page.locator('.glossary-index li').evaluateAll((items) => items.map((li) => ({
      letter: li.querySelector('.letter').textContent,
      links: [...li.querySelectorAll('a')].map((a) => a.getAttribute('href').slice(1)),
    })));
    const indexed = groups.flatMap((g) => g.links);
    assert.deepEqual([...indexed].sort(), [...terms].sort(), `${lang}: the index names every term once`);
    const letters = groups.map((g) => g.letter);
    assert.deepEqual(letters, [...letters].sort(), `${lang}: letters in order`);
    assert.ok(letters.length >= 15, `${lang}: ${letters.length} letters`);
    if (lang === 'zh') {
      // 词元 (cí yuán) under C, 键 (jiàn) under J, 值 (zhí) under Z.
      for (const [id, letter] of [['term-token', 'C'], ['term-key', 'J'], ['term-value', 'Z']]) {
        assert.equal(groups.find((g) => g.links.includes(id))?.letter, letter, `${id} under ${letter}`);
      }
    }
    // The search box: live, its words all in each term kept, the count said; cleared, all back.
    const box = page.locator('#glossary-filter');
    assert.equal(await box.isDisabled(), false);
    await box.fill(query);
    await page.waitForFunction(() => document.querySelector('.glossary-search output').textContent !== '');
    const shown = await page.locator('dl.glossary dt:not([hidden])').evaluateAll((dts) => dts.map((dt) => dt.id));
    assert.ok(shown.includes(`term-${expected}`), `${lang}: "${query}" keeps ${expected}: ${shown}`);
    assert.ok(shown.length < terms.length / 3, `${lang}: "${query}" keeps ${shown.length} of ${terms.length}`);
    const words = query.toLowerCase().split(' ');
    for (const id of shown) {
      const text = (await page.evaluate((id) => {
        const dt = document.getElementById(id);
        return `${dt.textContent} ${dt.nextElementSibling.textContent}`;
      }, id)).toLowerCase();
      assert.ok(words.every((w) => text.includes(w)), `${lang}: ${id} kept without "${query}"`);
    }
    assert.match(await page.locator('.glossary-search output').textContent(), new RegExp(`${shown.length}`));
    assert.equal(await page.locator('.glossary-index').isVisible(), false, 'the index makes way for the terms found');
    await box.fill('');
    await page.waitForFunction(() => document.querySelectorAll('dl.glossary dt[hidden]').length === 0);
    assert.equal(await page.locator('.glossary-index').isVisible(), true);
    assertClean(problems);
    await context.close();
  }
  // Without the app the box is there but disabled: the index still works.
  const { context, page } = await openPage(env.browser, env.site.origin, { viewport: PHONE, javaScriptEnabled: false });
  await page.goto(env.site.url('glossary/'));
  assert.equal(await page.locator('#glossary-filter').isDisabled(), true);
  assert.ok(await page.locator('.glossary-index a').count() >= 90);
  await context.close();
});

/** How many pages a PDF has (its page objects). */
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

test('the exam summary: a sheet per chapter of 3 to 5 formulas, each within one 375 × 812 phone screen and linked from its chapter; printed, a page a chapter, and each sheet alone on one page', async () => {
  const { chapters } = courseMap();
  for (const [lang, prefix] of LANGS) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
    try {
      await page.goto(env.site.url(`${prefix}summary/`));
      await waitForApp(page);
      const sheets = await page.locator('.sheet').evaluateAll((all) => all.map((s) => ({
        id: s.id,
        height: s.getBoundingClientRect().height,
        formulas: s.querySelectorAll('.formula.equations math').length > 0 ? s.querySelectorAll('.formula.equations').length : 0,
        notes: [...s.querySelectorAll('.sheet-formulas p')].filter((p) => p.textContent.trim().length > 10).length,
      })));
      assert.deepEqual(sheets.map((s) => s.id), chapters.map((c) => `sheet-${c}`), `${lang}: a sheet per chapter, in order`);
      for (const sheet of sheets) {
        assert.ok(sheet.formulas >= 3 && sheet.formulas <= 5, `${lang} ${sheet.id}: ${sheet.formulas} formulas`);
        assert.equal(sheet.notes, sheet.formulas, `${lang} ${sheet.id}: a note for each formula`);
        // One phone screen, with room for the browser's own bars.
        assert.ok(sheet.height <= PHONE.height - 72, `${lang} ${sheet.id}: ${Math.round(sheet.height)} px tall`);
      }
      console.log(`${lang} sheets, px tall at 375: ${sheets.map((s) => Math.round(s.height)).join(' ')}`);
      // Each chapter's page links to its sheet, and the link lands on it.
      await page.goto(env.site.url(`${prefix}rope/`));
      await waitForApp(page);
      const link = page.locator('.check-yourself a[href*="summary/"][href$="#sheet-rope"]');
      assert.equal(await link.count(), 1, `${lang}: the chapter links to its sheet`);
      await link.click();
      await page.waitForFunction(() => location.pathname.endsWith('/summary/') && location.hash === '#sheet-rope');
      await page.waitForFunction(() => {
        const box = document.getElementById('sheet-rope')?.getBoundingClientRect();
        return box && box.top >= -1 && box.top < innerHeight / 2;
      });
      // The summary prints a page a chapter; a sheet's own page prints that chapter alone, on one.
      await page.goto(env.site.url(`${prefix}summary/`));
      await waitForApp(page);
      assert.equal(pdfPages(await page.pdf({ format: 'A4' })), chapters.length, `${lang}: the summary prints a page a chapter`);
      await page.locator('#sheet-rope a[href$="print/sheet-rope.html"]').click();
      await page.waitForURL(`**/${prefix}print/sheet-rope.html`);
      assert.equal(await page.locator('.sheet-formulas .formula math').count() >= 4, true, `${lang}: the sheet's formulas`);
      assert.equal(pdfPages(await page.pdf({ format: 'A4' })), 1, `${lang}: one chapter prints on one page`);
      assertClean(problems);
    } finally {
      await context.close();
    }
  }
});
