import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const ctx = await b.newContext({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:18437' + process.argv[2]);
await page.waitForTimeout(2500);
await page.addScriptTag({ path: AXE });
const v = await page.evaluate(async () => {
  const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')} :: ${n.html.slice(0, 200)} :: ${n.any.map((a) => a.message).join(';')}`));
});
console.log(v.flat().join('\n'));
await b.close();
