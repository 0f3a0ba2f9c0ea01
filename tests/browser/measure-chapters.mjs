// Measures every chapter on a 375 × 812 phone, in both languages, with its labs drawn: its
// height in screens and the document's width (issue 37). node measure-chapters.mjs
import { serve, launch, openPage, waitForApp } from './harness.mjs';

const CHAPTERS = ['order', 'sinusoidal', 'relative', 'meeting', 'extrapolation', 'rope', 'schemes', 'real-model', 'glossary', ''];
const server = await serve('dist');
const browser = await launch();
try {
  for (const lang of ['', 'zh/']) {
    for (const chapter of CHAPTERS) {
      const { page, context, problems } = await openPage(browser, server.origin, { viewport: { width: 375, height: 812 } });
      await page.goto(server.url(`${lang}${chapter}${chapter ? '/' : ''}`));
      await waitForApp(page);
      // Scroll through so every lab comes near and is drawn, until the height stops changing.
      let last = 0;
      for (let n = 0; n < 40; n += 1) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.evaluate((y) => window.scrollTo(0, y), last);
        await page.waitForTimeout(150);
        if (last > height) break;
        last += 700;
      }
      await page.waitForTimeout(500);
      const { height, width } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth }));
      console.log(`${lang}${chapter || '(contents)'}: ${(height / 812).toFixed(1)} screens, width ${width}, labs ${await page.locator('[id^="lab-"]').count()}, problems ${JSON.stringify(problems).length > 80 ? JSON.stringify(problems) : 'none'}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
