// A student's phone: a link to a panel or a lab lands with its heading in view below
// the folded controls bar, and no part of the page, labs included, is wider than the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, assertClean, pageFor, courseMap, settle, steady, frames, eventually } from './harness.mjs';

const env = useSite();
const PHONE = { width: 375, height: 812 };

/** Where `id`'s heading stands against the bottom of the sticky controls bar (run in the page). */
const landingIn = (id) => {
  const heading = document.getElementById(id);
  const bar = document.querySelector('aside.controls').getBoundingClientRect();
  const box = heading.getBoundingClientRect();
  return { top: box.top, bar: bar.bottom, inView: box.top < innerHeight };
};

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
      const where = await steady(page, landingIn, id);
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
      for (const chapter of ['', ...CHAPTERS, 'summary', 'glossary']) {
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
          await settle(page);
          if (done) break;
        }
        await page.waitForFunction((n) => document.querySelectorAll('[data-lab] details[open] h3[id^="lab-"]').length >= n,
          open.length, { timeout: 30000 });
        const { width } = await steady(page, () => ({
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
        }));
        assert.equal(width, PHONE.width, `${link}: document width`);
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

test('every formula fits a 320 px and a 375 px screen in both languages, without scrolling sideways', async () => {
  const measured = [];
  for (const width of [320, 375]) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width, height: 800 } });
    try {
      for (const prefix of ['', 'zh/']) {
        for (const chapter of [...CHAPTERS, 'summary']) {
          await page.goto(env.site.url(`${prefix}${chapter}/`));
          await waitForApp(page);
          // Every piece of every formula ends inside its formula's box, and the box does not scroll.
          const formulas = await page.evaluate(() => [...document.querySelectorAll('.formula.equations')]
            .filter((f) => f.getClientRects().length > 0)
            .map((f) => {
              const room = f.getBoundingClientRect();
              const right = Math.max(...[...f.querySelectorAll('math *')].map((e) => e.getBoundingClientRect().right));
              return { where: f.closest('[id]')?.id, over: Math.round(right - room.right), scrolls: f.scrollWidth - f.clientWidth, width: Math.round(room.width) };
            }));
          assert.ok(formulas.length > 0 || !['order', 'sinusoidal', 'relative', 'meeting', 'rope', 'summary'].includes(chapter), `${prefix}${chapter}: formulas found`);
          for (const f of formulas) {
            assert.ok(f.over <= 1 && f.scrolls <= 1, `${width} px, ${prefix}${chapter}, ${f.where}: ${f.over} px past its ${f.width} px box`);
            measured.push(f.width);
          }
        }
      }
      assertClean(problems);
    } finally {
      await context.close();
    }
  }
  console.log(`formulas measured: ${measured.length}, narrowest box ${Math.min(...measured)} px`);
});

test('on a 375 px phone every control is a target a finger can hit, and no button floats over a page\'s text', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE });
  let counted = 0;
  try {
    for (const lang of ['zh', 'en']) {
      for (const chapter of ['', ...CHAPTERS, 'summary', 'glossary']) {
        const path = `${lang === 'zh' ? 'zh/' : ''}${chapter}${chapter ? '/' : ''}?lang=${lang}`;
        await page.goto(env.site.url(path));
        await waitForApp(page);
        const small = await page.evaluate(() => {
          const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
          const box = (e) => e.getBoundingClientRect();
          const problems = [];
          let counted = 0;
          for (const e of document.querySelectorAll('button, input, select, summary, a[href]')) {
            if (!shown(e) || e.closest('[popover]:not(:popover-open)')) continue;
            counted += 1;
            const r = box(e);
            const name = `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 20)}"`;
            const inText = e.matches('button.term') || (e.tagName === 'A' && e.closest('p, li, dd, td, figcaption, small') && !e.matches('a.up'));
            if (e.matches('input[type=checkbox], input[type=radio]')) {
              // The box and its label are one target: the label's row.
              const row = box(e.closest('label') ?? e);
              if (row.height < 44 - 0.5) problems.push(`${name} in a ${Math.round(row.height)} px row`);
            } else if (inText) {
              if (r.height < 24 - 0.5) problems.push(`${name} ${Math.round(r.height)} px tall in text`);
            } else if (r.width < 44 - 0.5 || r.height < 44 - 0.5) {
              problems.push(`${name} ${Math.round(r.width)} × ${Math.round(r.height)}`);
            }
          }
          return { problems, counted };
        });
        counted += small.counted;
        assert.deepEqual(small.problems, [], `${path}: targets too small`);
        if (chapter && !['summary', 'glossary'].includes(chapter)) {
          assert.equal(await page.locator('.menu-button').isVisible(), false, `${path}: a menu button floating over the text`);
        } else if (chapter) {
          // Without the controls' bar the contents button is a bar across the bottom, not a corner
          // over the ends of lines, and the page's last line scrolls above it.
          const bar = await page.evaluate(() => {
            scrollTo(0, document.documentElement.scrollHeight);
            const button = document.querySelector('.menu-button').getBoundingClientRect();
            const main = document.querySelector('main');
            const last = [...main.querySelectorAll('p, dd, dt, li, .formula')].at(-1).getBoundingClientRect();
            return { left: button.left, right: button.right, top: button.top, bottom: button.bottom, lastBottom: last.bottom, width: innerWidth, height: innerHeight };
          });
          assert.ok(bar.left <= 0 && bar.right >= bar.width && bar.bottom >= bar.height, `${path}: the contents button spans the bottom: ${JSON.stringify(bar)}`);
          assert.ok(bar.lastBottom <= bar.top, `${path}: the last line ends above the contents bar: ${JSON.stringify(bar)}`);
        }
      }
    }
    console.log(`targets measured at 375 px: ${counted}`);
    assertClean(problems);
  } finally {
    await context.close();
  }
});

/** A finger on `locator`'s track: down at `from` px from its left end, then `moves` steps of `by`
 * px sideways, then up (Chromium's touch input, as a phone sends it). */
async function fingerDrag(page, locator, from, moves, by) {
  const cdp = await page.context().newCDPSession(page);
  const box = await locator.boundingBox();
  const y = box.y + box.height / 2;
  let x = box.x + from;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let n = 0; n < moves; n += 1) {
    x += by;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a touch phone a finger moves a slider at most one step per 3 px, from where it stood; a tap moves nothing', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: PHONE, hasTouch: true, isMobile: true });
  try {
    await page.goto(env.site.url(pageFor('heatmap', '?lang=zh&pos=50')));
    await waitForApp(page);
    assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true, 'a touch screen');
    const slider = page.locator('#heatmap [data-testid^="slider-pos"]').first();
    await slider.scrollIntoViewIfNeeded();
    const width = (await slider.boundingBox()).width;
    // A tap far from the thumb: the value stays.
    await fingerDrag(page, slider, width - 4, 0, 0);
    await frames(page, 2);
    assert.equal(await slider.inputValue(), '50', 'a tap leaves the value');
    // 30 px to the right, in ten moves: ten steps at most (pos 0…99 on a short track).
    await fingerDrag(page, slider, 10, 10, 3);
    await eventually(page, () => new URLSearchParams(location.search).get('pos') !== '50', null, 'the drag reaches the link');
    const pos = Number(await slider.inputValue());
    console.log(`finger: 30 px on a ${Math.round(width)} px track for pos 0…99 moved it 50 → ${pos}`);
    assert.ok(pos > 50 && pos <= 60, `pos ${pos} after 30 px`);
    assert.equal(new URL(page.url()).searchParams.get('pos'), String(pos));
    // Back 30 px: where it started.
    await fingerDrag(page, slider, 40, 10, -3);
    await eventually(page, () => new URLSearchParams(location.search).get('pos') === '50', null, 'back to 50');
    // A lab's slider too: the xPos lab's distance, 0…1024 on its track.
    await page.goto(env.site.url(pageFor('lab-xpos', '?lang=zh&labs=xpos#lab-xpos')));
    await waitForApp(page);
    const lab = page.getByTestId('xpos-distance');
    await lab.waitFor({ timeout: 30000 });
    await lab.scrollIntoViewIfNeeded();
    const before = Number(await lab.inputValue());
    await fingerDrag(page, lab, 10, 10, 3);
    await eventually(page, (b) => Number(document.querySelector('[data-testid="xpos-distance"]').value) !== b, before, 'the lab\'s slider moves');
    const after = Number(await lab.inputValue());
    assert.ok(after > before && after <= before + 10, `lab distance ${before} → ${after} after 30 px`);
    assertClean(problems);
  } finally {
    await context.close();
  }
});
