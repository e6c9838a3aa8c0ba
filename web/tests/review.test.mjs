// The Review view (/t/{id}/review) stepped with ← and →, and the judge's
// assistant (/judge) ruling on a typed position (docs/review.md). Screenshots:
// docs/screenshots/review.png, review-phone.png, judge.png.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BASE, LOADED, SHOTS, createTable, launch, newPage, press, seatPeople, sleep, toMoves, untilVersion } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A bot-only match of one minute, played to its end. */
async function finishedTable() {
  const t = await createTable({
    division: 'elementary',
    adventurous: false,
    seats: [{ kind: 'bot', level: 'expert' }, { kind: 'bot', level: 'beginner' }],
    round_minutes: 1,
    bot_pace: 0,
    seed: 16,
  });
  // The round's minute, then the last shake: a time limit for a loaded
  // machine, where the bots are slow to end the shake.
  const deadline = Date.now() + 8 * LOADED;
  while (Date.now() < deadline) {
    const info = await (await fetch(`${BASE}/api/tables/${t.id}`)).json();
    if (info.status === 'over') return t.id;
    await sleep(1000);
  }
  throw new Error(`the bot match did not finish in ${8 * LOADED / 60000} minutes`);
}

/** One finished match for the review tests (made once: it takes a few minutes on a loaded machine). */
let finished;
const finishedOnce = () => (finished ??= finishedTable());

test('review: step through a finished match with ← and →, mat and verdict at each move', async () => {
  const id = await finishedOnce();
  const page = await newPage(browser, { width: 1280, height: 1000 });
  // The finished table links to its review.
  await page.goto(`${BASE}/t/${id}?watch`);
  await page.waitForSelector('#review-link', { timeout: 30000 });
  await page.click('#review-link');
  await page.waitForURL(`**/t/${id}/review`);
  // The review is judged by the engine and the solver first: minutes for a
  // debug server on a loaded machine.
  await page.waitForSelector('#review-pos', { timeout: 8 * LOADED });
  const pos = () => page.locator('#review-pos').textContent();
  assert.match(await pos(), /^Move 1 of \d+/);
  await page.keyboard.press('ArrowRight');
  assert.match(await pos(), /^Move 2 of /);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await pos(), /^Move 4 of /);
  await page.keyboard.press('ArrowLeft');
  assert.match(await pos(), /^Move 3 of /);
  await page.click('#review-prev');
  assert.match(await pos(), /^Move 2 of /);
  // Each move: its verdict, the mat drawn with cubes and cards, the chart.
  assert.match(await page.locator('#review-class').textContent(), /safe move|Flub/);
  assert.ok((await page.locator('#review-mat .card-view').count()) >= 1, 'the Universe is drawn as cards');
  assert.ok((await page.locator('#review-mat .cube-view').count()) >= 1, 'the mat is drawn as cubes');
  assert.equal(await page.locator('#review-chart svg.advantage-chart').count(), 1);
  assert.ok((await page.locator('#review-summary tr').count()) >= 3, 'a row per player');
  // Go to a Flub if there is one, for the screenshot.
  const review = await (await fetch(`${BASE}/api/tables/${id}/review`)).json();
  const flub = review.moves.findIndex((m) => m.class !== 'safe');
  if (flub > 1) {
    for (let k = 1; k < flub; k++) await page.keyboard.press('ArrowRight');
    assert.match(await pos(), new RegExp(`^Move ${flub + 1} of `));
    assert.match(await page.locator('#review-class').textContent(), /Flub/);
  }
  await page.screenshot({ path: path.join(SHOTS, 'review.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('review: the page is patched — the focused button, an open "Why?" and the scroll survive stepping', async () => {
  const id = await finishedOnce();
  const review = await (await fetch(`${BASE}/api/tables/${id}/review`)).json();
  // A challenge with a Solution, and the first move of its shake: the Challenges
  // panel shows it (with its "Why?") at every move of that shake.
  const c = review.challenges.find((x) => x.witness);
  assert.ok(c, 'a challenge with a Solution in the match');
  const first = review.moves.findIndex((m) => m.shake === c.shake);
  const inShake = review.moves.filter((m) => m.shake === c.shake).length;
  assert.ok(inShake >= 3, `three moves in shake ${c.shake}`);
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(`${BASE}/t/${id}/review`);
  await page.waitForSelector('#review-pos', { timeout: 120000 });
  const pos = () => page.locator('#review-pos').textContent();
  for (let k = 0; k < first; k++) await page.keyboard.press('ArrowRight');
  assert.match(await pos(), new RegExp(`^Move ${first + 1} of `));

  // Enter on the focused "Next →" twice: the button is the same element after
  // the first step, so it still has the focus for the second.
  await page.focus('#review-next');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.match(await pos(), new RegExp(`^Move ${first + 3} of `));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'review-next', 'the focus stays on Next');

  // Open the challenge's "Why?", scrolled to it; step back with the keyboard.
  await page.keyboard.press('ArrowLeft');
  const why = page.locator('#review-challenges details.why').first();
  await why.locator(':scope > summary').click();
  await why.locator('.explanation .card-view, .explanation .mini-card').first().waitFor();
  await why.evaluate((d) => { d.scrollIntoView({ block: 'center' }); /** @type {any} */ (d).kept = true; });
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.ok(scrolled > 0, 'the page is scrolled down to the "Why?"');
  await page.keyboard.press('ArrowLeft');
  assert.match(await pos(), new RegExp(`^Move ${first + 1} of `));
  assert.ok(await why.evaluate((d) => d.open && /** @type {any} */ (d).kept === true), 'the same "Why?", still open');
  assert.ok((await why.locator('.explanation').count()) === 1, 'its explanation still drawn');
  assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'the scroll stays');
  assert.deepEqual(page.errors, []);

  // On a phone (390 px): no wider than the window, the "Why?" open.
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto(`${BASE}/t/${id}/review`);
  await phone.waitForSelector('#review-pos', { timeout: 120000 });
  for (let k = 0; k < first; k++) await phone.keyboard.press('ArrowRight');
  const phoneWhy = phone.locator('#review-challenges details.why').first();
  await phoneWhy.locator(':scope > summary').click();
  await phoneWhy.locator('.explanation').first().waitFor();
  const f = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
  assert.ok(f.scroll <= f.window, `the review is ${f.scroll} px wide in a ${f.window} px window`);
  await phone.screenshot({ path: path.join(SHOTS, 'review-phone.png'), fullPage: true });
  assert.deepEqual(phone.errors, []);

  // No serious or critical axe-core violation (WCAG 2.1 A/AA) on the review with its "Why?" open.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const ax = await ctx.newPage();
  await ax.goto(`${BASE}/t/${id}/review`);
  await ax.waitForSelector('#review-pos', { timeout: 120000 });
  for (let k = 0; k < first; k++) await ax.keyboard.press('ArrowRight');
  const axWhy = ax.locator('#review-challenges details.why').first();
  await axWhy.locator(':scope > summary').click();
  await axWhy.locator('.explanation').first().waitFor();
  await ax.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const violations = await ax.evaluate(async () => {
    // @ts-ignore axe is the injected script's global
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  assert.deepEqual(violations, [], 'the review passes axe-core');
  await ctx.close();
});

test("judge's assistant: the example mat and a Solution, then a challenge, then a typed position", async () => {
  const page = await newPage(browser, { width: 1280, height: 1000 });
  await page.goto(`${BASE}/judge`);
  await page.waitForSelector('#judge-form');
  await page.fill('#judge-solution', 'B ∪ G − R');
  await page.click('#judge-submit');
  await page.waitForSelector('#ruling-text');
  assert.match(await page.locator('#ruling-text').textContent(), /Solution “B ∪ G − R” is (in)?correct/);
  assert.ok((await page.locator('#ruling-reasons li').count()) >= 1, 'reasons with their sections');
  assert.ok((await page.locator('#judge-answer .explanation .mini-card').count()) >= 1, 'cards drawn as cards');
  // A challenge on the same position: the solver rules.
  await page.selectOption('#judge-dispute', 'challenge');
  await page.selectOption('#judge-challenge', 'impossible');
  await page.click('#judge-submit');
  await page.waitForFunction(() => /Impossible challenge/.test(document.querySelector('#ruling-text')?.textContent ?? ''));
  // A malformed position: the field is named, no crash.
  await page.selectOption('#judge-dispute', 'solution');
  await page.selectOption('#judge-source', 'position');
  await page.fill('#judge-position', '{"division": "senior"}');
  await page.click('#judge-submit');
  await page.waitForSelector('#judge-error');
  assert.match(await page.locator('#judge-error').textContent(), /position/);
  assert.deepEqual(page.errors.filter((e) => !/status of 400/.test(e)), []);
});

test('a judged Solution at the table has a "Why?" that explains it with cards', async () => {
  // Two people play a shake through their pages to a judged Solution while a
  // third page watches. Every wait is on the table's events (its version, a
  // verdict), never on a bot's speed: a one-minute bot table under load may
  // end before any Solution is judged (docs/web.md, "Five runs in a row").
  const { t, pages } = await seatPeople(browser, {
    division: 'middle', adventurous: false, checking: 'judge', bot_pace: 0, seed: 21,
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  const page = await newPage(browser);
  await page.goto(`${BASE}/t/${t.id}?watch`);
  await untilVersion(page, 0);
  const { mover, other } = await toMoves(pages);
  await mover.locator('#sec-resources .cube.movable').first().click();
  await mover.waitForSelector('.move-bar button.primary');
  assert.ok(await press(mover, '.move-bar button.primary'), 'the mover moved');
  await press(other, '#now [data-key="ch-imp"]');
  await mover.waitForSelector('[data-key="present"]');
  await mover.fill('#solution', 'Λ');
  await mover.click('[data-key="present"]');
  // The watcher sees the shake's verdicts with a "Why?" per Solution.
  await page.waitForSelector('#verdicts details.shake-verdicts details.why', { state: 'attached', timeout: LOADED });
  const record = page.locator('#verdicts details.shake-verdicts:has(details.why)').first();
  if (!(await record.evaluate((d) => d.open))) await record.locator(':scope > summary').click();
  await record.locator('details.why > summary').first().click();
  await record.locator('details.why[open] .explanation .mini-card').first().waitFor({ timeout: LOADED });
  assert.deepEqual(page.errors, []);
  for (const p of [...pages, page]) await p.context().close();
});
