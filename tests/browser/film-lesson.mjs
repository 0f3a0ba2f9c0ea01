// Films one step change of lesson mode as a lecturer's projector shows it: presenter view at
// 1920 × 1080, lesson step STEP opened on its chapter's page, Page Down to reveal it, then Page
// Down to the next step, every frame the browser paints from 300 ms before the press to 1.5 s
// after it (DevTools' screencast: a frame each time the screen changes, so a gap between two
// frames is a time nothing changed). Not a test: a way to look at a transition.
//
//   node film-lesson.mjs STEP [en|zh]    frames in target/film/, named by their time from the press
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { serve, launch, ROOT, stepPage } from './harness.mjs';

const step = Number(process.argv[2] ?? 7);
const lang = process.argv[3] ?? 'en';
const out = resolve(ROOT, 'target', 'film');
await mkdir(out, { recursive: true });
const site = await serve(process.env.PE_DIST ?? 'dist');
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
  await page.goto(site.url(stepPage(step, `?lang=${lang}&presenter=1&step=${step}`)));
  await page.waitForSelector('html[data-ready]');
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson-prompt"]'));
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
  await page.waitForTimeout(800);
  const cdp = await context.newCDPSession(page);
  const frames = [];
  cdp.on('Page.screencastFrame', async (frame) => {
    frames.push({ at: frame.metadata.timestamp, data: frame.data });
    await cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId });
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  await page.waitForTimeout(300);
  const pressed = Date.now() / 1000;
  await page.keyboard.press('PageDown');
  await page.waitForTimeout(1500);
  await cdp.send('Page.stopScreencast');
  for (const [n, frame] of frames.entries()) {
    const ms = Math.round((frame.at - pressed) * 1000);
    await writeFile(resolve(out, `${lang}-step${step}-${String(n).padStart(3, '0')}-${ms}ms.png`), Buffer.from(frame.data, 'base64'));
  }
  console.log(`${frames.length} frames in ${out}; now at ${page.url()}`);
} finally {
  await browser.close();
  await site.close();
}
