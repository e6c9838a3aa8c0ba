// Puzzle Race (docs/practice.md, "Race") in the browser: two pages and a bot
// on one race; both see each other's bars (and the bot's) move, the ranking
// is shown to both, the rematch takes both to a new race with the same
// players; axe-core finds no serious or critical violation on the race page.
// Waits on the race's state as the page shows it (its status, version and
// each bar's index, set from the server's frames), never on a sleep or on
// a bot's speed.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, SHOTS, launch } from './helpers.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A page in its own context (its own storage: its own place in the race), axe-injectable. */
async function newPage(browser) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** The serious and critical axe-core violations on the page as it is now. */
async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    // @ts-ignore axe is the injected script's global
    const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** Joins the race at `link` under `name`. */
async function join(page, link, name) {
  await page.goto(`${BASE}${link}`);
  await page.waitForSelector('#race-name');
  await page.fill('#race-name', name);
  await page.click('#race-join');
  await page.waitForSelector(`#race-bars .race-bar.me[data-name="${name}"]`);
}

/** Waits until the bar of `name` on `page` has answered more than `n` puzzles. */
async function barPast(page, name, n) {
  await page.waitForFunction(([who, k]) => {
    const bar = document.querySelector(`#race-bars .race-bar[data-name="${who}"]`);
    return bar instanceof HTMLElement && Number(bar.dataset.index) > k;
  }, [name, n], { timeout: 60000 });
}

/** Answers with the key 1 until this page's player is done or the race is over. */
async function race(page, name, most) {
  for (let i = 0; i < most; i += 1) {
    const state = await page.locator('#race-board').getAttribute('data-status');
    if (state !== 'racing' || await page.locator('#race-done').count()) return;
    const sel = `.race-puzzle[data-index="${i}"] .puzzle-choice`;
    await page.waitForSelector(`${sel}, #race-done, #race-board[data-status="finished"]`, { timeout: 60000 });
    if (!(await page.locator(sel).count())) return;
    await page.keyboard.press('1');
    await page.waitForFunction(([who, k]) => {
      const bar = document.querySelector(`#race-bars .race-bar[data-name="${who}"]`);
      const board = document.getElementById('race-board');
      return (bar instanceof HTMLElement && Number(bar.dataset.index) > k) || board?.dataset.status === 'finished';
    }, [name, i], { timeout: 60000 });
  }
}

test('Race: two pages and a bot, live bars, the ranking, a rematch with the same players', async () => {
  const browser = await launch();
  try {
    const r = await fetch(`${BASE}/api/races`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ players: 3, bots: ['club'], kind: 'challenge', bot_pace: 10, countdown_s: 2, seconds: 20 }),
    });
    assert.equal(r.status, 201);
    const { link } = await r.json();
    const ann = await newPage(browser);
    const bob = await newPage(browser);
    await join(ann, link, 'Ann');
    await join(bob, link, 'Bob');
    // both lobbies list the three players
    for (const p of [ann, bob]) {
      await p.waitForFunction(() => document.querySelectorAll('#race-bars .race-bar').length === 3);
    }
    await ann.screenshot({ path: path.join(SHOTS, 'race-lobby.png'), fullPage: true });
    await bob.click('#race-start');
    for (const p of [ann, bob]) await p.waitForSelector('#race-board[data-status="racing"]', { timeout: 60000 });

    // Ann answers three, and Bob sees her bar move; then Bob answers and Ann sees his
    await race(ann, 'Ann', 3);
    await barPast(bob, 'Ann', 0);
    await race(bob, 'Bob', 3);
    await barPast(ann, 'Bob', 0);
    await barPast(ann, 'Club bot', 0);
    await ann.screenshot({ path: path.join(SHOTS, 'race-racing.png'), fullPage: true });
    assert.deepEqual(await audit(ann), [], 'axe during the race');

    // the race ends by the clock (or every list answered); both see the ranking
    for (const p of [ann, bob]) await p.waitForSelector('#race-board[data-status="finished"]', { timeout: 60000 });
    const names = await ann.locator('#race-ranking li').allInnerTexts();
    assert.equal(names.length, 3);
    assert.deepEqual(await bob.locator('#race-ranking li').allInnerTexts(), names);
    await ann.screenshot({ path: path.join(SHOTS, 'race-finished.png'), fullPage: true });

    assert.deepEqual(await audit(ann), [], 'axe on the ranking');

    // rematch: Ann asks, both follow to the new race with the same players
    const old = new URL(ann.url()).pathname;
    await ann.click('#race-rematch');
    await ann.waitForURL((u) => u.pathname !== old && u.pathname.startsWith('/race/'), { timeout: 60000 });
    await bob.waitForSelector('#race-rematch:text("Join the rematch")', { timeout: 60000 });
    await bob.click('#race-rematch');
    await bob.waitForURL(ann.url(), { timeout: 60000 });
    for (const p of [ann, bob]) {
      await p.waitForSelector('#race-board[data-status="waiting"]');
      await p.waitForFunction(() => ['Ann', 'Bob', 'Club bot'].every((n) => document.querySelector(`#race-bars .race-bar[data-name="${n}"]`)));
    }
    assert.equal(await ann.locator('#race-bars .race-bar.me').getAttribute('data-name'), 'Ann');
    assert.equal(await bob.locator('#race-bars .race-bar.me').getAttribute('data-name'), 'Bob');
    await ann.waitForSelector('#race-start');
    assert.deepEqual(await audit(ann), [], 'axe in the lobby');
    assert.deepEqual([...ann.errors, ...bob.errors], []);
  } finally {
    await browser.close();
  }
});
