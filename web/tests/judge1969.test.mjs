// The judge's assistant (/judge) under the 1969 manual (docs/review.md,
// "The judge's assistant"): a 1969 position or game log offers the manual's
// claims (A, P, C from A or P, "No Goal") instead of Now and Impossible, and
// the ruling shows the alternative play of an A-claim; on a 390 px phone.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, launch, newPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const POSITION_1969 = JSON.stringify({
  edition: '1969', form: 'basic', universe: 'blank B R BR G BG BRG Y BY BRY', goal: '1',
  required: 'B', permitted: 'R', resources: 'G B ′ − −', situation: 'impossible',
});

// A 1969 Basic game (seed 11) cut right after an A-claim Flub (M69 3.5 A).
const LOG_1969 = [
  '{"format":"onsets-1969/1","seed":11,"players":["Bot1","Bot2"],"division":"middle","adventurous":false,"edition":"1969","form":"basic","round_ms":1800000,"checking":"judge","auto_charge":false,"settings":{"decision_ms":60000,"writing_ms":120000}}',
  '{"at_ms":1000,"type":"deal","player":1,"count":10}',
  '{"at_ms":2000,"type":"roll","player":0}',
  '{"at_ms":3000,"type":"set_goal","player":0,"goal":"1"}',
  '{"at_ms":4000,"type":"move","player":1,"cube":3,"to":"required","bonus":false}',
  '{"at_ms":5000,"type":"move","player":0,"cube":6,"to":"permitted","bonus":false}',
].join('\n');

/** @param {import('playwright-core').Page} page */
const options = (page) => page.$$eval('#judge-challenge option', (os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));

test("judge's assistant offers the 1969 claims for a 1969 position and log (390 px)", async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${BASE}/judge`);
  await page.waitForSelector('#judge-form');
  await page.selectOption('#judge-dispute', 'challenge');
  assert.deepEqual(await options(page), ['now', 'impossible', 'no_goal']);
  await page.selectOption('#judge-source', 'position');
  await page.fill('#judge-position', POSITION_1969);
  assert.deepEqual(await options(page), ['a', 'p', 'c_from_a', 'c_from_p', 'no_goal']);
  // The P-claim on the typed mat: the Mover can build a Solution (M69 3.5 P).
  await page.selectOption('#judge-challenge', 'p');
  await page.click('#judge-submit');
  await page.waitForFunction(() => /P-claim challenge is incorrect/.test(document.querySelector('#ruling-text')?.textContent ?? ''));
  assert.match(await page.locator('#ruling-reasons').textContent(), /M69 3\.5 \(P\)/);
  // The A-claim on the typed mat alone: not decided.
  await page.selectOption('#judge-challenge', 'a');
  await page.click('#judge-submit');
  await page.waitForFunction(() => /cannot be decided/.test(document.querySelector('#ruling-text')?.textContent ?? ''));
  assert.match(await page.locator('#ruling-by').textContent(), /Not decided/);
  // A 1969 game log: the A-claim by player 1, applied by the 1969 engine.
  await page.selectOption('#judge-source', 'log');
  await page.click('.source-fields details summary');
  await page.fill('#judge-log', LOG_1969);
  assert.deepEqual(await options(page), ['a', 'p', 'c_from_a', 'c_from_p', 'no_goal']);
  await page.selectOption('#judge-challenge', 'a');
  // The seat chosen by the log's names, not typed as a number.
  assert.deepEqual(await page.$$eval('#judge-player option', (os) => os.map((o) => o.textContent)).then((t) => t.slice(1)), ['Bot1', 'Bot2']);
  await page.selectOption('#judge-player', '1');
  await page.click('#judge-submit');
  await page.waitForSelector('#ruling-alternative');
  assert.match(await page.locator('#ruling-text').textContent(), /A-claim challenge .* is correct/);
  assert.match(await page.locator('#ruling-by').textContent(), /1969 manual/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
  // Back to a 2026-27 position: Now and Impossible again.
  await page.selectOption('#judge-source', 'position');
  await page.fill('#judge-position', '{"division": "junior", "universe": "B R G BR", "goal": "2", "resources": "B R ∪", "situation": "impossible"}');
  assert.deepEqual(await options(page), ['now', 'impossible', 'no_goal']);
  assert.deepEqual(page.errors, []);
});
