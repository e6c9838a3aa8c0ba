// Practice (docs/practice.md): a Storm played with the keyboard from the
// Puzzles page and counted by the server (the page shows the server's score,
// the same as the player's history), a Streak with its one skip, the
// dashboard of weak spots with a weak-spot puzzle answered, and the Storm on
// a phone. Waits on the page's data attributes (set when the server has
// answered), never on a sleep.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, LOADED, SHOTS, launch, newPage } from './helpers.mjs';

/** Answers the current puzzle with the key 1 and waits for the server's verdict. */
async function answerWithKey(page, n) {
  await page.waitForSelector(`#practice-board[data-index="${n}"] .puzzle-choice`);
  await page.keyboard.press('1');
  await page.waitForFunction((k) => {
    const b = document.getElementById('practice-board');
    return b && (Number(b.dataset.answered ?? 0) > k || b.dataset.state !== 'playing');
  }, n);
}

test('Storm: keyboard play, the score counted by the server, the history', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/puzzles`);
    await page.click('#puzzles-storm');
    await page.waitForURL(`${BASE}/storm`);
    await page.waitForSelector('#practice-start');
    await page.selectOption('#practice-kind', 'challenge');
    await page.locator('#practice-start').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#practice-question');
    assert.match(await page.locator('#practice-clock').innerText(), /^[23]:\d\d$/);
    for (let n = 0; n < 6; n += 1) await answerWithKey(page, n);
    await page.screenshot({ path: path.join(SHOTS, 'practice-storm.png'), fullPage: true });
    const flash = await page.locator('#practice-flash').innerText();
    assert.match(flash, /✓|✗ −10 s/);
    await page.click('#practice-end');
    await page.waitForSelector('#practice-board[data-state="done"]');
    const score = Number(await page.locator('#practice-board').getAttribute('data-score'));
    assert.equal(await page.locator('.practice-run > tbody > tr').count(), 6);
    assert.equal(await page.locator('.practice-run > tbody > tr.ok').count(), score, 'the page shows the server\'s count');
    const player = await page.evaluate(() => localStorage.getItem('onsets-puzzle-player'));
    const h = await (await fetch(`${BASE}/api/puzzles/storm/history?player=${player}`)).json();
    assert.equal(h.runs[0].score, score);
    assert.equal(h.runs[0].moves, 6);
    await page.screenshot({ path: path.join(SHOTS, 'practice-storm-result.png'), fullPage: true });

    // Streak: one skip (Esc), then until the first miss
    await page.click('#practice-tab-streak');
    await page.waitForURL(`${BASE}/streak`);
    await page.selectOption('#practice-kind', 'challenge');
    await page.click('#practice-start');
    await page.waitForSelector('#practice-board[data-index="0"] .puzzle-choice');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#practice-board[data-index="1"] .puzzle-choice');
    assert.equal(await page.locator('#practice-skip').isDisabled(), true, 'one skip only');
    for (let n = 1; n < 60; n += 1) {
      if ((await page.locator('#practice-board').getAttribute('data-state')) !== 'playing') break;
      await answerWithKey(page, n);
    }
    await page.waitForSelector('#practice-board[data-state="done"]');
    const streak = Number(await page.locator('#practice-board').getAttribute('data-score'));
    assert.equal(await page.locator('.practice-run > tbody > tr.ok').count(), streak);
    assert.match(await page.locator('.practice-run').innerText(), /skipped/);

    // My weaknesses: the storm's and the streak's answers by theme; a weak spot practised
    await page.click('#practice-tab-practice');
    await page.waitForURL(`${BASE}/practice`);
    await page.waitForSelector('.practice-themes tbody tr[data-theme]');
    assert.ok(await page.locator('tr[data-theme="now-challenges"], tr[data-theme="no-challenge"]').count() >= 1);
    await page.click('#practice-weak');
    await page.waitForSelector('#practice-drill[data-puzzle] #practice-question');
    const choices = await page.locator('#practice-drill .puzzle-choice').count();
    if (choices > 0) await page.locator('#practice-drill .puzzle-choice').first().click();
    else {
      // a written answer: a Solution, or a Goal of one rolled digit cube (III-B-1)
      const id = await page.locator('#practice-drill').getAttribute('data-puzzle');
      const p = await (await fetch(`${BASE}/api/puzzles/${id}`)).json();
      const digit = String(p.position.resources).split(/\s+/).find((f) => /^[0-9]$/.test(f));
      await page.fill('#practice-answer', p.kind === 'goal' ? String(digit) : 'Λ');
      await page.press('#practice-answer', 'Enter');
    }
    await page.waitForSelector('#practice-verdict');
    await page.screenshot({ path: path.join(SHOTS, 'practice-dashboard.png'), fullPage: true });
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

test('Storm on a phone: the clock, the choices and the bar fit the screen', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${BASE}/storm`);
    await page.selectOption('#practice-kind', 'challenge');
    await page.click('#practice-start');
    await page.waitForSelector('#practice-board[data-index="0"] .puzzle-choice');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling: ${width}`);
    await page.locator('.puzzle-choice').first().tap().catch(() => page.locator('.puzzle-choice').first().click());
    await page.waitForSelector('#practice-board[data-answered="1"]');
    await page.screenshot({ path: path.join(SHOTS, 'practice-phone.png') });
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

/** A bot-only match of one minute between beginners (who flub), played to its end. */
async function finishedTable() {
  const r = await fetch(`${BASE}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      division: 'elementary', adventurous: false, round_minutes: 1, bot_pace: 0, seed: 3,
      seats: [{ kind: 'bot', level: 'beginner' }, { kind: 'bot', level: 'beginner' }],
    }),
  });
  const t = await r.json();
  // The round's minute, then the last shake: a time limit for a loaded machine.
  const deadline = Date.now() + 8 * LOADED;
  while (Date.now() < deadline) {
    const info = await (await fetch(`${BASE}/api/tables/${t.id}`)).json();
    if (info.status === 'over') return t.id;
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error(`the bot match did not finish in ${8 * LOADED / 60000} minutes`);
}

test('My mistakes: one click from the review, the Flubs and missed challenges of a seat', async () => {
  const id = await finishedTable();
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/t/${id}/review`);
    // the review is judged by the engine and the solver first (the link is on the review)
    // (minutes for a debug server on a loaded machine: 190 s seen at load 13)
    await page.waitForSelector('#review-mistakes-link', { timeout: 8 * LOADED });
    await page.click('#review-mistakes-link');
    await page.waitForURL(`${BASE}/t/${id}/mistakes`);
    await page.waitForSelector('#app[data-mistakes]');
    const api = await (await fetch(`${BASE}/api/tables/${id}/mistakes?seat=0`)).json();
    assert.equal(await page.locator('#mistakes-list > li').count(), api.puzzles.length);
    const other = await (await fetch(`${BASE}/api/tables/${id}/mistakes?seat=1`)).json();
    await page.selectOption('#mistakes-seat', '1');
    await page.waitForFunction((n) => document.querySelectorAll('#mistakes-list > li').length === n
      && document.getElementById('mistakes-seat')?.getAttribute('aria-label') === 'Seat', other.puzzles.length);
    const missed = page.locator('.mistake[data-source="missed-challenge"] .puzzle-choice').first();
    if (await missed.count()) {
      await missed.click();
      await page.waitForSelector('.mistake-verdict:not(:empty)');
      // the answer is judged and stored by the server: the dashboard's theme `mistakes`
      const player = await page.evaluate(() => localStorage.getItem('onsets-puzzle-player'));
      const d = await (await fetch(`${BASE}/api/puzzles/dashboard?player=${player}&days=1`)).json();
      assert.equal(d.themes.find((/** @type {any} */ t) => t.theme === 'mistakes')?.attempts, 1);
    }
    await page.screenshot({ path: path.join(SHOTS, 'practice-mistakes.png') });
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
