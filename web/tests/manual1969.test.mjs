// The 1969 game in the browser (docs/editions.md): a 1969 table made from the
// lobby's panel, played to the end by a person clicking the 1969 buttons
// against two careless bots (they make Flubs); the challenge buttons, the
// joining Third Party and the writing form appear when the rules allow them.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, LOADED, SHOTS, launch, newPage, visible } from './helpers.mjs';

test('1969 table: made from the lobby, played to the end with the 1969 buttons', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/`);
    await page.waitForSelector('#m69-create');
    await page.fill('#m69-seats', '3');
    await page.selectOption('#m69-bots', 'club');
    await page.click('#m69-create-button');
    await page.waitForURL(/\/t69\/[a-z0-9]+$/);
    await page.waitForSelector('#m69-phase');
    const id = page.url().split('/t69/').pop();

    const seen = new Set();
    let shot = false;
    // The page follows the table's stream: every wait is on what it shows
    // next (its events, its phase), never on a fixed time or a step count
    // that slow bots would use up (docs/web.md, "Five runs in a row").
    /** What the page shows of the table now. */
    const shown = () => page.evaluate(() => ['#m69-events', '#m69-phase'].map((s) => document.querySelector(s)?.textContent ?? '').join('\n'));
    /** Waits until the page shows something new since `before` (or an error, or no decision of mine). */
    const next = (before) => page.waitForFunction((b) => !!document.querySelector('#m69-error:not([hidden])')
      || !document.querySelector('#m69-yours')
      || ['#m69-events', '#m69-phase'].map((s) => document.querySelector(s)?.textContent ?? '').join('\n') !== b, before, { timeout: LOADED })
      .catch(() => {});
    const deadline = Date.now() + 8 * LOADED;
    while (Date.now() < deadline) {
      const state = await (await fetch(`${BASE}/api/tables1969/${id}`)).json();
      if (state.over) break;
      await page.waitForFunction(
        (n) => document.querySelector('#m69-phase')?.textContent?.includes(`Play ${n}`),
        state.play,
      );
      if (!state.awaiting[0]) {
        const before = await shown();
        // A bot's play waits for the person's challenge: let it pass.
        if (state.bots_waiting && (await visible(page, '#m69-pass'))) {
          seen.add('#m69-pass');
          await page.click('#m69-pass');
        }
        // The bots' next play (or the pass) as the page shows it.
        await page.waitForFunction((b) => ['#m69-events', '#m69-phase'].map((s) => document.querySelector(s)?.textContent ?? '').join('\n') !== b
          || !!document.querySelector('#m69-yours'), before, { timeout: LOADED }).catch(() => {});
        continue;
      }
      await page.waitForSelector('#m69-yours');
      const phase = state.phase.phase;
      seen.add(phase);
      const before = await shown();
      for (const b of ['#m69-challenge-a', '#m69-challenge-p', '#m69-assert', '#m69-join-mover']) {
        if (await visible(page, b)) seen.add(b);
      }
      if (phase === 'deal') {
        await page.fill('#m69-count', '7');
        await page.click('#m69-deal');
      } else if (phase === 'roll') {
        await page.click('#m69-roll');
      } else if (phase === 'goal') {
        const digit = state.cubes.find((c) => c.family === 'digit' && c.place === 'resources').face;
        await page.fill('#m69-goal-input', digit);
        await page.click('#m69-set-goal');
      } else if (phase === 'moves') {
        if (!shot) {
          // The Universe is drawn as cards, one picture per card dealt, in
          // the 1969 colors (an orange card shows an orange dot, never yellow).
          const drawn = await page.$$eval('#m69-universe .mini-card', (cards) => cards.map((c) => c.getAttribute('title')));
          assert.equal(drawn.length, state.universe.length, `cards drawn: ${drawn}`);
          const orange = state.universe.some((c) => c.includes('O'));
          if (orange) assert.ok(drawn.some((t) => t.includes('orange')), `orange named: ${drawn}`);
          assert.ok(!drawn.some((t) => t.includes('yellow')), `no yellow in 1969: ${drawn}`);
          // Moves are told by the cube's face, never an internal number.
          const told = await page.textContent('#m69-events');
          assert.ok(!/moved cube \d/.test(told ?? ''), `moves told by face: ${told}`);
          await page.screenshot({ path: path.join(SHOTS, 'table1969.png'), fullPage: true });
          shot = true;
        }
        const cube = state.cubes.find((c) => c.place === 'resources' && c.family !== 'digit');
        if (cube) {
          await page.click(`#m69-cube-${cube.id}`);
          await page.click('#m69-to-permitted');
        } else {
          await page.click('#m69-assert');
        }
      } else if (phase === 'no_goal') {
        await page.click('#m69-accept');
      } else if (phase === 'challenge') {
        if (await visible(page, '#m69-join-mover')) await page.click('#m69-join-mover');
        else await page.click('#m69-decline');
      } else if (phase === 'assertion') {
        await page.click('#m69-decline');
      }
      // The page shows the server's answer before the next step.
      await next(before);
      const error = await page.locator('#m69-error').innerText().catch(() => '');
      assert.equal(await visible(page, '#m69-error'), false, `refused: ${error}`);
    }
    const final = await (await fetch(`${BASE}/api/tables1969/${id}`)).json();
    assert.equal(final.over, true, 'the game ends');
    assert.equal(final.history.length, 3, 'one play per player');
    await page.waitForFunction(() => document.querySelector('#m69-phase')?.textContent?.includes('over'));
    assert.equal(await page.locator('#m69-scores tbody tr').count(), 4, 'three plays and the total');
    assert.ok(seen.has('moves') && seen.has('goal'), [...seen].join(' '));
    assert.ok(seen.has('#m69-challenge-p'), 'the challenge buttons are offered after another player’s move');
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
