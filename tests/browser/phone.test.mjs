// A student's phone (issue 37): a link to a panel or a lab lands with its heading in view below
// the folded controls bar, and no part of the page, labs included, is wider than the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, assertClean, pageFor, courseMap } from './harness.mjs';

const env = useSite();
const PHONE = { width: 375, height: 812 };

/** Where `id`'s heading stands against the bottom of the sticky controls bar. */
const landing = (page, id) => page.evaluate((id) => {
  const heading = document.getElementById(id);
  const bar = document.querySelector('aside.controls').getBoundingClientRect();
  const box = heading.getBoundingClientRect();
  return { top: box.top, bar: bar.bottom, inView: box.top < innerHeight };
}, id);

// Links to a place on its chapter's page (a folded lab's link unfolds it).
for (const [link, id] of [[pageFor('rope', '?lang=zh#rope'), 'rope'], [pageFor('alibi', '?lang=en#alibi'), 'alibi'],
  [pageFor('lab-xpos', '?lang=en#lab-xpos'), 'lab-xpos']]) {
  test(`on a phone, ${link} lands with its heading below the controls bar`, async () => {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
    try {
      await page.goto(env.site.url(link));
      await waitForApp(page);
      await page.waitForFunction((id) => {
        const heading = document.getElementById(id);
        const box = heading?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < innerHeight;
      }, id, { timeout: 20000 });
      await page.waitForTimeout(300);
      const where = await landing(page, id);
      assert.ok(where.top >= where.bar - 1, `${link}: heading at ${where.top}, the bar ends at ${where.bar}`);
      assert.ok(where.inView, `${link}: the heading is on screen`);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

// Each chapter's labs (`lab-xpos` is the lab `xpos`), unfolded by the link's `labs=`.
const { chapters: CHAPTERS, where } = courseMap();
const labsOf = (chapter) => Object.keys(where).filter((a) => a.startsWith('lab-') && where[a] === chapter).map((a) => a.slice(4));

for (const lang of ['en', 'zh']) {
  test(`on a phone, ${lang}: nothing is wider than the screen once every lab is drawn`, async () => {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
    try {
      // The contents page, every chapter's page with all its labs unfolded, and the glossary.
      let labs = 0;
      for (const chapter of ['', ...CHAPTERS, 'glossary']) {
        const open = chapter ? labsOf(chapter) : [];
        const query = `?lang=${lang}${open.length ? `&labs=${open.join(',')}` : ''}`;
        const link = `${lang === 'zh' ? 'zh/' : ''}${chapter ? `${chapter}/` : ''}${query}`;
        await page.goto(env.site.url(link));
        await waitForApp(page);
        // Down the whole page, as a student scrolls, so every panel draws and asks for its labs.
        for (let n = 0; n < 200; n += 1) {
          const done = await page.evaluate(() => {
            scrollBy(0, innerHeight * 0.8);
            return innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
          });
          await page.waitForTimeout(60);
          if (done) break;
        }
        await page.waitForFunction((n) => document.querySelectorAll('[data-lab] details[open] h3[id^="lab-"]').length >= n,
          open.length, { timeout: 30000 });
        await page.waitForTimeout(500);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, `${link}: document width`);
        labs += open.length;
      }
      assert.equal(labs, 15, 'every lab');
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

test('on a phone, a check-yourself question\'s setup link opens its lesson step with a way out in the bar', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
  try {
    await page.goto(env.site.url(pageFor('heatmap', '?lang=zh')));
    await waitForApp(page);
    const setup = page.locator('.check-question a[data-step]').first();
    const step = await setup.getAttribute('data-step');
    await setup.click();
    await page.waitForFunction((step) => new URLSearchParams(location.search).get('step') === step &&
      document.querySelector('[data-testid="lesson-prompt"]'), step, { timeout: 30000 });
    // The way out is in the bar, on screen, and big enough to tap.
    const exit = page.getByTestId('lesson-exit');
    await exit.waitFor({ state: 'visible' });
    const box = await exit.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `exit at ${box.y}–${box.y + box.height}`);
    assert.ok(box.height >= 32, `exit ${box.height} px tall`);
    await exit.click();
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('step'));
    assert.equal(await page.getByTestId('lesson-bar').isHidden(), true, 'lesson mode left');
    assertClean(problems);
  } finally {
    await context.close();
  }
});
