// Variation drills (docs/practice.md, "Variation drills") and the card map
// step by step: a drill of V and Λ interchangeable asked from the practice
// tabs, one puzzle answered through the attempt route, and a written
// Solution's explanation with one map per step. Waits on the server's
// answers (elements the page adds when they arrive), never on a sleep.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, SHOTS, launch, newPage } from './helpers.mjs';

test('Variation drills: tick a variation, answer a puzzle where it matters', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/practice`);
    await page.click('#practice-tab-drills');
    await page.waitForURL(`${BASE}/practice/drills`);
    await page.waitForSelector('input[value="universe-empty-interchangeable"]');
    assert.equal(await page.locator('input[name=variation]').count(), 15);
    // unticked: refused, naming what is wrong
    await page.click('#drill-start');
    await page.waitForSelector('#drill-error');
    assert.match(await page.locator('#drill-error').innerText(), /no variation chosen/);
    await page.check('input[value="universe-empty-interchangeable"]');
    await page.selectOption('#drill-kind', 'challenge');
    await page.fill('#drill-count', '1');
    await page.fill('#drill-seed', '3');
    await page.click('#drill-start');
    await page.waitForSelector('.drill-puzzle .puzzle-choice');
    assert.match(await page.locator('#drill-board').innerText(), /XIII-A-4/);
    await page.locator('.drill-puzzle .puzzle-choice').first().click();
    await page.waitForSelector('.drill-verdict .good, .drill-verdict .bad');
    assert.match(await page.locator('.drill-verdict').innerText(), /Without it/);
    await page.screenshot({ path: path.join(SHOTS, 'practice-drills.png'), fullPage: true });
  } finally {
    await browser.close();
  }
});

test('The card map step by step in the explanation view', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/practice/drills`);
    await page.waitForSelector('#drill-form input[name=variation]');
    // the explanation view, drawn from the server's explanation of B ∪ R′
    const maps = await page.evaluate(async () => {
      const { fetchExplanation, renderExplanation } = await import('/js/explain.js');
      const position = {
        division: 'senior', adventurous: true, universe: 'B BR G RGY BRGY blank', goal: '5',
        required: '', permitted: '', forbidden: '', resources: 'B R ∪ ′', situation: 'impossible',
      };
      const e = await fetchExplanation(position, 'B ∪ R′');
      const el = renderExplanation(e, position);
      document.body.append(el);
      return [...el.querySelectorAll('.cardmap-step-list table.cardmap')].map((t) => ({
        caption: t.querySelector('caption')?.textContent,
        named: [...t.querySelectorAll('td.named')].map((c) => c.dataset.card).sort(),
      }));
    });
    // worked by hand: B names B BR BRGY; R names BR RGY BRGY; R′ names B G blank; the union five
    assert.deepEqual(maps.map((m) => m.named), [
      ['B', 'BR', 'BRGY'], ['BR', 'BRGY', 'RGY'], ['B', 'G', 'blank'], ['B', 'BR', 'BRGY', 'G', 'blank'],
    ]);
    assert.match(maps[3].caption ?? '', /^B ∪ R′ names 5 cards/);
  } finally {
    await browser.close();
  }
});
