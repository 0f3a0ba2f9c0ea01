// A lesson a lecturer runs with a clicker on a 1920 × 1080 projector: presenter view,
// Page Down only, every step in both languages. Before Reveal none of the answer's words and
// numbers (their list per step is in assets/lesson.txt) is on screen; after the first Page Down
// all of them are, in the viewport, the answer the panel prints among them, without scrolling.
// The question is in slide type (at least 32 px), a read-out holding the answer at least 24 px,
// and the step's panel takes the width of the screen (at least 90 %), with no parameter column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, stepPage, onStepPage, pageFor, lessonSteps, steady } from './harness.mjs';

const env = useSite();

/**
 * Where each of `words` is seen on the page: for each, whether any element shows it (innerText
 * leaves out hidden and masked elements) and whether such an element is inside the viewport,
 * below the lesson bar's top edge and above the screen's bottom (the bar itself counts).
 */
const seen = (page, words) => page.evaluate((words) => words.map((word) => {
  const holders = [...document.querySelectorAll('body *')]
    .filter((e) => e.getClientRects().length > 0 && e.innerText?.includes(word))
    // The innermost: no child of it holds the whole word.
    .filter((e) => ![...e.children].some((c) => c.innerText?.includes(word)));
  const inView = holders.some((e) => {
    const r = e.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  });
  return { word, shown: holders.length > 0, inView };
}), words);

for (const lang of ['en', 'zh']) {
  test(`presenter view, ${lang}: Page Down reveals each step, then moves on; the answer is off the screen before and on it after`, async () => {
    const steps = lessonSteps();
    // Every step is walked; what fails is reported together at the end.
    const failures = [];
    const check = (ok, message) => { if (!ok) failures.push(message); };
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
    try {
      await page.goto(env.site.url(stepPage(1, `?lang=${lang}&presenter=1&step=1`)));
      await waitForApp(page);
      for (let n = 1; n <= 24; n += 1) {
        const { panel, lab, answer, words } = steps[n];
        await onStepPage(page, n);
        await page.waitForFunction((s) => document.documentElement.dataset.lessonPanel &&
          /^(Predict|先猜一猜)/.test(document.querySelector('[data-testid="lesson-prompt"]')?.textContent ?? '') &&
          new URLSearchParams(location.search).get('step') === String(s), n, { timeout: 30000 });
        if (lab) await page.waitForSelector(`[data-testid="${lab}-title"]`, { timeout: 30000 });
        if (panel === 'real-data') {
          await page.waitForFunction(() => /e-/.test(document.querySelector('[data-testid="real-fit-sinusoidal"]')?.textContent ?? ''), null, { timeout: 60000 });
        }
        await settle(page);
        const slide = await page.evaluate((id) => ({
          question: parseFloat(getComputedStyle(document.querySelector('[data-testid="lesson-prompt"]')).fontSize),
          panel: document.getElementById(id).getBoundingClientRect().width,
          controls: document.querySelector('aside.controls').getClientRects().length,
          wide: document.documentElement.scrollWidth,
        }), panel);
        check(slide.question >= 32, `step ${n}: the question is ${slide.question}px`);
        check(slide.panel >= 0.9 * 1920, `step ${n}: the panel is ${slide.panel}px wide`);
        check(slide.controls === 0, `step ${n}: a parameter column`);
        check(slide.wide <= 1920, `step ${n}: the page is ${slide.wide}px wide`);
        const before = (await seen(page, [answer[lang], ...words[lang]])).filter((w) => w.shown).map((w) => w.word);
        check(before.length === 0, `step ${n}: on screen before Reveal: ${before.join(' | ')}`);

        await page.keyboard.press('PageDown');
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
        await settle(page);
        // The payoff is brought on screen after the panel's redraw and the bar's growth: the
        // scroll comes to rest.
        await steady(page, () => [scrollY, document.documentElement.scrollHeight]);
        const after = (await seen(page, words[lang])).filter((w) => !w.inView).map((w) => w.word);
        check(after.length === 0, `step ${n}: not in the viewport after Reveal: ${after.join(' | ')}`);
        const payoff = await page.evaluate(({ id, answer }) => {
          const holders = [...document.getElementById(id).querySelectorAll('*')]
            .filter((e) => e.getClientRects().length > 0 && e.innerText?.includes(answer));
          const inner = holders.filter((e) => ![...e.children].some((c) => c.innerText?.includes(answer)));
          return inner.map((e) => {
            const r = e.getBoundingClientRect();
            return {
              top: r.top,
              bottom: r.bottom,
              size: parseFloat(getComputedStyle(e).fontSize),
              readout: e.closest('.numbers, .readout, [data-readout], dd, td') !== null,
            };
          });
        }, { id: panel, answer: answer[lang] });
        check(payoff.some((r) => r.top >= 0 && r.bottom <= 1080), `step ${n}: the panel's answer ${answer[lang]} is off screen (${JSON.stringify(payoff)})`);
        // A read-out holding the answer is read from the back row: at least 24 px.
        for (const r of payoff.filter((r) => r.readout)) check(r.size >= 24, `step ${n}: the answer's read-out is ${r.size}px`);
        if (n < 24) await page.keyboard.press('PageDown');
      }
      assert.deepEqual(failures, []);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

/** A CSS colour (`#rgb`, `#rrggbb` or `rgb(…)`) as [r, g, b]. */
function rgb(text) {
  const t = text.trim();
  if (t.startsWith('#')) {
    const hex = t.length === 4 ? [...t.slice(1)].map((c) => c + c).join('') : t.slice(1);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  }
  return t.match(/\d+/g).slice(0, 3).map(Number);
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('every chart\'s text and markers are drawn in the theme\'s text colour, at least 4.5 : 1 on the panel: dark theme, presenter view dark and light', async () => {
  // Charts with axis text, one page each: their labels are drawn in the theme's text colour
  // (read from the stylesheet, ui/canvas.rs: ThemeColors), measured here on the canvas pixels.
  const charts = [
    ['waves', 'canvas-waves'], ['frequencies', 'canvas-frequencies'],
    ['dot-product', 'canvas-dot-curve'], ['extrapolation', 'canvas-extrap-neighbours'],
    ['rope', 'canvas-rope-decay'], ['alibi', 'canvas-alibi-slopes'], ['rotation', 'canvas-rotation'],
  ];
  const failures = [];
  for (const look of ['theme=dark', 'presenter=1&theme=dark', 'presenter=1&theme=light']) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
    let visited;
    for (const [panel, testid] of charts) {
      const address = env.site.url(pageFor(panel, `?lang=en&${look}`));
      // Charts of one chapter are measured on one visit.
      if (visited !== address) {
        visited = address;
        await page.goto(address);
        await waitForApp(page);
      }
      await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).scrollIntoView({ block: 'center' }), testid);
      // Seen by the observer, drawn at the next frame, at rest.
      await steady(page, (id) => {
        const canvas = document.querySelector(`[data-testid="${id}"]`);
        return [scrollY, canvas.width, canvas.height];
      }, testid);
      await settle(page);
      // Counted in the page: the canvas's pixels would be megabytes to hand over.
      const read = await page.evaluate((id) => {
        const canvas = document.querySelector(`[data-testid="${id}"]`);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const root = getComputedStyle(document.documentElement);
        // The stylesheet's colour as the canvas draws it: through a 1-pixel canvas.
        const probe = document.createElement('canvas').getContext('2d');
        probe.fillStyle = root.getPropertyValue('--fg').trim();
        probe.fillRect(0, 0, 1, 1);
        const fg = Array.from(probe.getImageData(0, 0, 1, 1).data.slice(0, 3));
        let text = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] >= 250 && Math.abs(data[i] - fg[0]) <= 2 && Math.abs(data[i + 1] - fg[1]) <= 2 && Math.abs(data[i + 2] - fg[2]) <= 2) text += 1;
        }
        return { text, fg: root.getPropertyValue('--fg'), panel: root.getPropertyValue('--panel') };
      }, testid);
      const fg = rgb(read.fg);
      const bg = rgb(read.panel);
      const { text } = read;
      const ratio = contrast(fg, bg);
      console.log(`${look} ${testid}: ${text} pixels in the text colour ${read.fg.trim()} on ${read.panel.trim()}, contrast ${ratio.toFixed(1)}`);
      if (text < 30) failures.push(`${look} ${testid}: only ${text} pixels in the text colour`);
      if (ratio < 4.5) failures.push(`${look}: text colour contrast ${ratio.toFixed(2)}`);
    }
    assertClean(problems);
    await context.close();
  }
  assert.deepEqual(failures, []);
});
