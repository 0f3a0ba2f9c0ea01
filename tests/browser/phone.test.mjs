// A student's phone (issue 37): a link to a panel or a lab lands with its heading in view below
// the folded controls bar, and no part of the page, labs included, is wider than the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, assertClean } from './harness.mjs';

const env = useSite();
const PHONE = { width: 375, height: 812 };

/** Where `id`'s heading stands against the bottom of the sticky controls bar. */
const landing = (page, id) => page.evaluate((id) => {
  const heading = document.getElementById(id);
  const bar = document.querySelector('aside.controls').getBoundingClientRect();
  const box = heading.getBoundingClientRect();
  return { top: box.top, bar: bar.bottom, inView: box.top < innerHeight };
}, id);

for (const [link, id] of [['zh/#rope', 'rope'], ['?lang=en#alibi', 'alibi'], ['?lang=en#lab-xpos', 'lab-xpos']]) {
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

for (const link of ['?lang=en', 'zh/']) {
  test(`on a phone, ${link}: nothing is wider than the screen once every lab is drawn`, async () => {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
    try {
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
      await page.waitForFunction(() => document.querySelectorAll('[data-lab] h3[id^="lab-"]').length >= 15, null, { timeout: 30000 });
      await page.waitForTimeout(500);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, `${link}: document width`);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}
