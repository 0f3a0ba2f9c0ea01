// Takes a screenshot of a served dist/ (for the README and for looking at the app by hand).
// node shot.mjs [query] [out.png] [width] [height]   (with a height: that viewport only)
import { serve, launch, openPage, waitForApp, ROOT } from './harness.mjs';
import { resolve } from 'node:path';

const [query = '', out = 'artifacts/screenshot.png', width = '1280', height] = process.argv.slice(2);
const server = await serve('dist');
const browser = await launch();
try {
  const { page, problems } = await openPage(browser, server.origin, {
    viewport: { width: Number(width), height: Number(height ?? 900) },
  });
  await page.goto(server.url(query));
  await waitForApp(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: resolve(import.meta.dirname, out), fullPage: !height });
  console.log(JSON.stringify(problems));
} finally {
  await browser.close();
  await server.close();
}
