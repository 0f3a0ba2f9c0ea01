// Printing a page: the document has the explanations and the pictures, not the
// interface; nothing sticks over the text; the canvases are drawn; a lesson step printed does
// not carry the lesson bar or its answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, pageFor, stepPage } from './harness.mjs';

const env = useSite();

/** What print media shows: interface parts left, stuck elements, drawn canvases shown. */
const printed = (page) => page.evaluate(() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const interfaceParts = ['.classroom-tools', '.lang-toggle', 'aside.controls', '.toc', '.menu-button',
    '.export-tools', '.lesson-bar', '.chapter-nav', 'input[type="range"]']
    .filter((s) => [...document.querySelectorAll(s)].some(shown));
  const stuck = [...document.querySelectorAll('body *')]
    .filter((e) => shown(e) && ['sticky', 'fixed'].includes(getComputedStyle(e).position))
    .map((e) => `${e.tagName}.${e.className}`);
  const canvases = [...document.querySelectorAll('.panel canvas')].filter(shown);
  return {
    interfaceParts,
    stuck,
    canvases: canvases.length,
    blank: canvases.filter((c) => c.width === 0 || c.height === 0).length,
    panels: [...document.querySelectorAll('.panel')].filter(shown).length,
    background: getComputedStyle(document.body).backgroundColor,
    text: document.body.innerText,
  };
});

test('a chapter printed: its panels and pictures, none of the interface, nothing stuck over the text, dark text on white', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('heatmap', '?lang=en&theme=dark')));
  await waitForApp(page);
  // Every canvas drawn, as a reader who scrolled through before printing.
  await page.evaluate(async () => {
    for (const c of document.querySelectorAll('.panel canvas')) {
      c.scrollIntoView();
      await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    }
  });
  await settle(page);
  await page.emulateMedia({ media: 'print' });
  const doc = await printed(page);
  assert.deepEqual(doc.interfaceParts, [], 'interface in print');
  assert.deepEqual(doc.stuck, [], 'sticky or fixed in print');
  assert.ok(doc.panels >= 3 && doc.canvases >= 4, `${doc.panels} panels, ${doc.canvases} canvases`);
  assert.equal(doc.blank, 0);
  assert.equal(doc.background, 'rgb(255, 255, 255)');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).color), 'rgb(0, 0, 0)');
  assert.match(doc.text, /The whole encoding as a heatmap/);
  // Chromium's PDF of it has pages.
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10000 && pdf.subarray(0, 4).toString() === '%PDF', `${pdf.length} bytes`);
  assertClean(problems);
  await context.close();
});

test('a lesson step printed carries neither the lesson bar nor the answer', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(stepPage(9, '?lang=en&step=9')));
  await waitForApp(page);
  // The page is marked for the step from its first paint; lesson mode's bar comes with the tools.
  await page.waitForFunction(() => document.documentElement.dataset.lessonPanel === 'dot-product' &&
    document.querySelector('[data-testid="lesson-bar"]')?.hidden === false);
  await settle(page);
  await page.emulateMedia({ media: 'print' });
  const doc = await printed(page);
  assert.deepEqual(doc.interfaceParts, []);
  assert.ok(!doc.text.includes('47.066654143'), 'the answer is not filled in');
  assert.ok(!doc.text.includes('Predict:'), 'the lesson bar is not printed');
  assertClean(problems);
  await context.close();
});
