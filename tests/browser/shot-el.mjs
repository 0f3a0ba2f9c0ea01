// Screenshot of one element: node shot-el.mjs <testid> [query] [out.png] [width]
import { serve, launch, openPage, waitForApp } from './harness.mjs';
import { resolve } from 'node:path';

const [testid, query = '', out = 'artifacts/element.png', width = '1400'] = process.argv.slice(2);
const server = await serve('dist');
const browser = await launch();
try {
  const { page, problems } = await openPage(browser, server.origin, { viewport: { width: Number(width), height: 900 } });
  await page.goto(server.url(query));
  await waitForApp(page);
  await page.waitForTimeout(300);
  await page.getByTestId(testid).screenshot({ path: resolve(import.meta.dirname, out) });
  console.log(JSON.stringify(problems));
} finally {
  await browser.close();
  await server.close();
}
