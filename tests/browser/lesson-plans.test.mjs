// Lesson plans: a plan's link (`lesson=rope`) and a teacher's own list (`steps=…`)
// start lesson mode at their first step; Page Down walks their steps in their order, skipping a
// step whose panel the link hides, with `hide=` and `lock=` kept in the address throughout and
// after leaving; a bad list is corrected with a notice. Every plan, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, pageFor, lessonSteps, lessonPlans } from './harness.mjs';

const env = useSite();
const steps = lessonSteps();
const plans = lessonPlans();

const COUNTER = {
  en: (n, total) => `Step ${n} of ${total}`,
  zh: (n, total) => `第 ${n} 步，共 ${total} 步`,
};

/** Waits until lesson mode shows step `step` (its page live, its question asked). */
async function atStep(page, step) {
  await page.waitForFunction((s) => new URLSearchParams(location.search).get('step') === String(s) &&
    document.documentElement.hasAttribute('data-ready') &&
    document.documentElement.dataset.lessonPanel &&
    document.querySelector('[data-testid="lesson-bar"]')?.hidden === false &&
    !document.documentElement.hasAttribute('data-revealed'), step, { timeout: 30000 });
}

/**
 * Page-Downs through the lesson from where it is and returns the steps it showed, each with
 * what the address and the counter said; stops at the step whose Next is disabled, the last.
 */
async function walk(page, first) {
  const seen = [];
  let step = first;
  for (;;) {
    await atStep(page, step);
    const url = new URL(page.url());
    seen.push({
      step,
      hide: url.searchParams.get('hide'),
      lock: url.searchParams.get('lock'),
      counter: await page.getByTestId('lesson-step').textContent(),
    });
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
    // The bar's Next is disabled at the walk's last step: Page Down then stays where it is.
    const last = await page.getByTestId('lesson-next').isDisabled();
    await page.keyboard.press('PageDown');
    if (last) {
      await settle(page);
      assert.equal(new URL(page.url()).searchParams.get('step'), String(step), 'Page Down after the last step stays');
      return seen;
    }
    // The next step, on this page or another chapter's.
    await page.waitForURL((url) => url.searchParams.get('step') !== String(step), { timeout: 30000 });
    step = Number(new URL(page.url()).searchParams.get('step'));
  }
}

for (const lang of ['en', 'zh']) {
  test(`${lang}: each plan's link walks its steps in order, skipping a hidden panel's, keeping hide= and lock=`, async () => {
    const { context, page, problems } = await openPage(env.browser, env.site.origin);
    try {
      for (const [id, plan] of Object.entries(plans)) {
        // The link hides the panel of the plan's second step (and so every step on it).
        const hidden = steps[plan.steps[1]].panel;
        const expected = plan.steps.filter((s) => steps[s].panel !== hidden);
        assert.ok(expected.length < plan.steps.length && expected.length > 1, id);
        const query = `?lang=${lang}&lesson=${id}&hide=${hidden}&lock=d_model`;
        await page.goto(env.site.url(pageFor(steps[plan.steps[0]].panel, query)));
        await waitForApp(page);
        const seen = await walk(page, expected[0]);
        assert.deepEqual(seen.map((s) => s.step), expected, `${id} ${lang}: the steps walked`);
        seen.forEach((s, at) => {
          assert.equal(s.hide, hidden, `${id} step ${s.step}: hide=`);
          assert.equal(s.lock, 'd_model', `${id} step ${s.step}: lock=`);
          assert.equal(s.counter, COUNTER[lang](at + 1, expected.length), `${id} step ${s.step}: counter`);
        });
        // Leaving: the lesson's choice goes, the link's hide= and lock= stay.
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !new URLSearchParams(location.search).has('step'));
        const left = new URL(page.url()).searchParams;
        assert.deepEqual([left.get('lesson'), left.get('hide'), left.get('lock')], [null, hidden, 'd_model'], id);
      }
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

test('a teacher\'s own list: Page Down follows it, Page Up goes back along it; a bad list is corrected with a notice', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  try {
    await page.goto(env.site.url(pageFor(steps[17].panel, '?lang=en&steps=17,18,12')));
    await waitForApp(page);
    assert.deepEqual((await walk(page, 17)).map((s) => s.step), [17, 18, 12]);
    // The last step, revealed: the first Page Up hides its answer, the second goes back.
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-revealed'));
    await page.keyboard.press('PageUp');
    await page.waitForURL((url) => url.searchParams.get('step') === '18', { timeout: 30000 });
    assert.equal(new URL(page.url()).searchParams.get('steps'), '17,18,12');
    // A list with what is not a step: the rest is walked, and the notice says what is used.
    await page.goto(env.site.url(pageFor(steps[17].panel, '?lang=en&steps=17,x,99,12')));
    await waitForApp(page);
    await page.getByText('steps=17,x,99,12 is not a valid value; using 17,12').waitFor();
    assert.deepEqual((await walk(page, 17)).map((s) => s.step), [17, 12]);
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('the plan picker: every plan with its length and aim, in the page\'s language; a pick starts the plan', async () => {
  for (const [lang, viewport] of [['en', { width: 1920, height: 1080 }], ['zh', { width: 375, height: 812 }]]) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport });
    try {
      const presenter = lang === 'en' ? '&presenter=1' : '';
      await page.goto(env.site.url(pageFor('word-order', `?lang=${lang}${presenter}`)));
      await waitForApp(page);
      await page.getByTestId('lesson-toggle').click();
      const picker = page.getByTestId('plan-picker');
      await picker.waitFor();
      for (const [id, plan] of Object.entries(plans)) {
        const card = picker.getByTestId(`plan-${id}`);
        const text = await card.innerText();
        const minutes = plan.steps.reduce((sum, s) => sum + steps[s].minutes, 0);
        assert.ok(text.includes(plan.title[lang]) && text.includes(plan.aim[lang]), `${id}: title and aim`);
        assert.ok(text.includes(lang === 'zh' ? `${plan.steps.length} 步 · ${minutes} 分钟` : `${plan.steps.length} steps · ${minutes} min`), `${id}: ${text}`);
      }
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= viewport.width, `${lang}: ${wide}px wide`);
      await page.screenshot({ path: `artifacts/plan-picker-${lang}.png` });
      await picker.getByTestId('plan-start-rope').click();
      await atStep(page, plans.rope.steps[0]);
      assert.equal(new URL(page.url()).searchParams.get('lesson'), 'rope');
      assert.equal(await picker.isHidden(), true);
      assertClean(problems);
    } finally {
      await context.close();
    }
  }
});
