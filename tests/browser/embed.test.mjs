// Embedding: `embed=<panel or lab>` shows that one panel or lab with its own controls
// and nothing else of the page, at 360 × 640 and 800 × 600, with no sideways scrolling, its
// controls working, the link's values applied; the share dialog's <iframe> code loads it inside
// another page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, pageFor, courseMap } from './harness.mjs';

const env = useSite();
const ANCHORS = Object.keys(courseMap().where);
// A lab that is a table to read, with links to try each scheme, and no control to move.
const WITHOUT_CONTROLS = ['lab-family-tree'];

/** What of the page is on screen besides `anchor`, and whether it overflows sideways. */
const layout = (page, anchor) => page.evaluate((anchor) => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const parts = ['header.app-header', 'aside.controls', '.toc', '.menu-button', '.chapter-opening',
    '.chapter-nav', '.check-yourself'].filter((s) => [...document.querySelectorAll(s)].some(shown));
  const panels = [...document.querySelectorAll('.panels > .panel')].filter(shown).map((p) => p.id);
  const labs = [...document.querySelectorAll('[id^="lab-"]')].filter(shown).map((l) => l.id);
  const target = document.getElementById(anchor);
  const holder = target?.closest('.lab-fold') ?? target;
  // Its controls: its own, and those of the page's values a lab follows (above it when embedded).
  const inputs = 'input[type="range"], select, input[type="checkbox"]';
  const controls = [...(holder?.querySelectorAll(inputs) ?? []), ...document.querySelectorAll(`.embed-controls :is(${inputs})`)]
    .filter((c) => shown(c) && !c.disabled);
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
  return {
    duplicateIds: [...new Set(ids.filter((id, at) => ids.indexOf(id) !== at))],
    brought: [...document.querySelectorAll('.embed-controls input[type="range"]')].map((c) => c.dataset.testid),
    parts,
    panels,
    labs,
    controls: controls.length,
    wide: document.documentElement.scrollWidth,
    inView: target ? target.getBoundingClientRect().top < innerHeight : false,
  };
}, anchor);

/** Moves the first control of `anchor`'s panel or lab, and returns whether the address changed. */
async function moveAControl(page, anchor) {
  const before = page.url();
  const inputs = 'input[type="range"]:visible, select:visible, input[type="checkbox"]:visible';
  const brought = page.locator('.embed-controls').locator(inputs);
  const control = (await brought.count()) > 0 ? brought.first()
    : page.locator(`#${anchor}`).locator('xpath=ancestor-or-self::*[contains(@class, "lab-fold") or contains(@class, "panel")][1]')
      .locator(inputs).first();
  const kind = await control.evaluate((c) => (c.tagName === 'SELECT' ? 'select' : c.type));
  if (kind === 'range') {
    const { min, max, value } = await control.evaluate((c) => ({ min: c.min, max: c.max, value: c.value }));
    await control.fill(value === max ? min : max);
  } else if (kind === 'select') {
    const values = await control.evaluate((c) => [...c.options].map((o) => o.value));
    const now = await control.inputValue();
    await control.selectOption(values.find((v) => v !== now));
  } else {
    await control.click();
  }
  await settle(page);
  return page.waitForURL((url) => url.href !== before, { timeout: 5000 }).then(() => true, () => false);
}

for (const viewport of [{ width: 360, height: 640 }, { width: 800, height: 600 }]) {
  test(`embed= at ${viewport.width} × ${viewport.height}: each panel and lab alone, its controls working, no sideways scroll`, async () => {
    const failures = [];
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport });
    try {
      for (const anchor of ANCHORS) {
        await page.goto(env.site.url(pageFor(anchor, `?lang=en&embed=${anchor}`)));
        await waitForApp(page);
        await page.locator(`#${anchor}`).waitFor({ state: 'visible', timeout: 30000 });
        await settle(page);
        const seen = await layout(page, anchor);
        const isLab = anchor.startsWith('lab-');
        if (seen.duplicateIds.length) failures.push(`${anchor}: ids used twice: ${seen.duplicateIds.join(', ')}`);
        // The RoPE lab follows the query's and the key's positions: their sliders come with it.
        if (anchor === 'lab-rope-complex' && !['slider-m-lab-rope-complex', 'slider-n-lab-rope-complex'].every((id) => seen.brought.includes(id))) {
          failures.push(`${anchor}: brought ${seen.brought.join(', ')}, not the m and n sliders`);
        }
        if (seen.parts.length) failures.push(`${anchor}: ${seen.parts.join(', ')} shown`);
        if (seen.panels.length !== 1) failures.push(`${anchor}: panels shown ${seen.panels.join(', ')}`);
        if (isLab && seen.labs.join() !== anchor) failures.push(`${anchor}: labs shown ${seen.labs.join(', ')}`);
        if (seen.wide > viewport.width) failures.push(`${anchor}: ${seen.wide}px wide`);
        if (!seen.inView) failures.push(`${anchor}: not on screen`);
        if (WITHOUT_CONTROLS.includes(anchor)) {
          if (seen.controls !== 0) failures.push(`${anchor}: has controls now; test them`);
        } else if (seen.controls === 0) failures.push(`${anchor}: no control of its own`);
        else if (!(await moveAControl(page, anchor))) failures.push(`${anchor}: moving its first control changed nothing`);
        if (viewport.width === 360) await page.screenshot({ path: `artifacts/embed-${anchor}-360.png` });
      }
      assert.deepEqual(failures, []);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

test('embed=: the link\'s values apply; a bad part is a notice and the whole page', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 800, height: 600 } });
  try {
    await page.goto(env.site.url(pageFor('heatmap', '?lang=zh&pos=12&embed=heatmap')));
    await waitForApp(page);
    assert.equal(await page.getByTestId('value-pos-heatmap').inputValue(), '12');
    // A lab that follows the page's values carries their controls when embedded alone.
    await page.goto(env.site.url(pageFor('lab-numbering', '?lang=zh&pos=12&length=50&embed=lab-numbering')));
    await waitForApp(page);
    await page.locator('#lab-numbering').waitFor({ state: 'visible', timeout: 30000 });
    assert.equal(await page.getByTestId('value-length-lab-numbering').inputValue(), '50');
    assert.ok((await page.getByTestId('numbering-table').innerText()).includes('0.2400'), 'pos/length = 12/50');
    await page.goto(env.site.url(pageFor('heatmap', '?lang=en&embed=nowhere')));
    await waitForApp(page);
    await page.getByText('embed=nowhere is not a valid value').waitFor();
    assert.equal(await page.locator('header.app-header').isVisible(), true, 'the whole page');
    assertClean(problems);
  } finally {
    await context.close();
  }
});

test('the share dialog\'s <iframe> code embeds the chosen part, with the page\'s values, inside another page', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(env.site.url(pageFor('rope', '?lang=en&m=7#rope')));
    await waitForApp(page);
    await page.getByTestId('share-open').click();
    await page.getByTestId('share-dialog').waitFor({ state: 'visible' });
    // The panel being read is offered first.
    assert.equal(await page.getByTestId('embed-which').inputValue(), 'rope');
    const code = await page.getByTestId('embed-code').inputValue();
    assert.match(code, /^<iframe src="[^"]+embed=rope[^"]*" title="[^"]+" width="800" height="600"/);
    assert.match(code, /m=7/);
    await page.getByTestId('embed-which').selectOption('lab-xpos');
    const labCode = await page.getByTestId('embed-code').inputValue();
    assert.match(labCode, /embed=lab-xpos/);
    // A course page with the code pasted in.
    const host = await context.newPage();
    await host.setContent(`<!DOCTYPE html><title>A course page</title><h1>Week 5: RoPE</h1>${labCode}`);
    const frame = host.frameLocator('iframe');
    await frame.locator('#lab-xpos').waitFor({ state: 'visible', timeout: 30000 });
    assert.equal(await frame.locator('header.app-header').isVisible(), false);
    const box = await host.locator('iframe').boundingBox();
    assert.deepEqual([box.width, box.height], [800, 600]);
    await host.screenshot({ path: 'artifacts/embed-in-a-page.png' });
    assertClean(problems);
  } finally {
    await context.close();
  }
});
