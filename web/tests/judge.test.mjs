// The judge's assistant without JSON (docs/web-client.md, "The judge's
// assistant"): a position built on the mat editor by clicks (cards into the
// Universe, cubes into the sections, a Goal from digit cubes), a dispute, and
// a ruling in plain words that says who scores what, each rule linked to its
// plain-words line on /rules; the same from a table's log at a chosen moment.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BASE, SHOTS, launch, newPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Clicks cubes of the palette into a section of the mat editor. */
async function cubesInto(page, section, faces) {
  await page.check(`#judge-target-${section}`);
  for (const f of faces) await page.click(`#judge-palette button[data-face="${f}"]`);
}

/** The ruling's text, once one is drawn. */
async function ruled(page) {
  await page.waitForSelector('#ruling-headline');
  return page.locator('#ruling').textContent();
}

test("judge's assistant: a position built by clicks, a challenge and a Solution ruled in plain words", async () => {
  const page = await newPage(browser, { width: 1280, height: 1000 });
  await page.goto(`${BASE}/judge`);
  await page.waitForSelector('#judge-form');
  assert.equal(await page.locator('#judge-source').inputValue(), 'mat', 'the mat editor comes first');
  assert.equal(await page.locator('#judge-position').count(), 0, 'no JSON to type');
  await page.click('#judge-clear');
  await page.uncheck('#judge-adventurous');
  assert.equal(await page.locator('#judge-variations').count(), 0, 'Basic On-Sets: no variations asked');
  // The Universe: eight cards, by clicks.
  for (const c of ['B', 'R', 'G', 'Y', 'BR', 'BG', 'RG', 'BRG']) await page.click(`#judge-cards button[data-card="${c}"]`);
  assert.match(await page.locator('.universe-editor legend').textContent(), /\(8\)/);
  await cubesInto(page, 'required', ['B']);
  await cubesInto(page, 'permitted', ['R']);
  await cubesInto(page, 'resources', ['∪', 'G', '′', '∩', '=']);
  // A cube clicked on the mat goes back: = leaves Resources.
  await page.click('#judge-mat .sec-resources button[data-face="="]');
  assert.equal(await page.locator('#judge-mat .sec-resources button').count(), 4);
  // The Goal from digit cubes: two side by side, 3 + 2 = 5, drawn as cubes with its value.
  await page.check('#judge-layout-sum2');
  await page.click('#judge-goal button[data-face="3"]');
  await page.click('#judge-goal button[data-face="2"]');
  await page.waitForSelector('#judge-goal-view');
  assert.match(await page.locator('#judge-goal-view').textContent(), /= 5/);
  // A Now challenge: only the challenge is asked (no Solution, no seat).
  await page.selectOption('#judge-dispute', 'challenge');
  assert.equal(await page.locator('#judge-solution').count(), 0);
  assert.equal(await page.locator('#judge-player').count(), 0, 'no seat on a built mat');
  await page.selectOption('#judge-challenge', 'now');
  await page.click('#judge-submit');
  const text = await ruled(page);
  assert.match(await page.locator('#ruling-headline').textContent(), /^The Challenger is (right|wrong)$/);
  assert.ok((await page.locator('#ruling-scores li').count()) >= 1, 'who scores what');
  assert.match(await page.locator('#ruling-scores').textContent(), /scores \d/);
  assert.ok((await page.locator('#ruling-scores a.rule-link').count()) >= 1, 'each score with its rule linked');
  for (const bad of ['ruling ', 'field ', 'onsets-core', 'editions.md', 'Totals before', 'player 0']) {
    assert.ok(!text.includes(bad), `no “${bad}” on the page`);
  }
  const verdict = await page.locator('#ruling-text').textContent();
  const headline = await page.locator('#ruling-headline').textContent();
  assert.equal(/incorrect|not valid/.test(verdict), /wrong|set aside/.test(headline), 'one verdict: the heading and the sentence agree');
  // A Solution on the same mat, after a Now challenge.
  await page.selectOption('#judge-dispute', 'solution');
  await page.fill('#judge-solution', 'B ∪ R');
  await page.click('#judge-submit');
  await page.waitForFunction(() => /The Solution is/.test(document.querySelector('#ruling-headline')?.textContent ?? ''));
  assert.match(await page.locator('#ruling-scores').textContent(), /scores 2/);
  assert.ok((await page.locator('#judge-answer .explanation .mini-card').count()) >= 1, 'the Solution explained with cards');
  await page.screenshot({ path: path.join(SHOTS, 'judge.png'), fullPage: true });
  // A rule's link opens its plain-words line.
  const link = page.locator('#ruling-scores a.rule-link').first();
  const section = (await link.textContent()).replace(/\s*\(.*$/, '');
  await link.click();
  await page.waitForSelector('#rules-page');
  assert.match(await page.locator('.rule-target').textContent(), new RegExp(section.split('-')[0]));
  await page.screenshot({ path: path.join(SHOTS, 'rules.png') });
  assert.deepEqual(page.errors, []);
});

test("judge's assistant on a phone (390 px): the mat editor fits", async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${BASE}/judge`);
  await page.waitForSelector('#judge-form');
  await page.click('#judge-submit');
  await page.waitForSelector('#ruling-headline');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
  await page.screenshot({ path: path.join(SHOTS, 'judge-phone.png'), fullPage: true });
  await page.goto(`${BASE}/rules#rule-X-B-2`);
  await page.waitForSelector('#rules-page .rule-target');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the rules fit 390 px (${wide} px too wide)`);
  await page.screenshot({ path: path.join(SHOTS, 'rules-phone.png') });
  assert.deepEqual(page.errors, []);
});
