// Procedures through the page (VII-C, IX): objections, an ambiguity attempt,
// an accepted Solution the checker finds incorrect (VII-C-4), the shake's
// score with its reasons (X-B), "no Goal" (III-D), a charge of illegal
// procedure (IX-A), the challenge block's countdown (XI-A-1-f), drag and
// drop of cubes, the palette, and the server's reading of a draft.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { LOADED, caughtUp, cubesOnMat, launch, seatPeople, toMoves, visible } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Two people at a new Basic table; their pages, seated. */
function twoPeople(spec) {
  return seatPeople(browser, {
    division: 'middle', adventurous: false, bot_pace: 0,
    seats: [{ kind: 'human' }, { kind: 'human' }], ...spec,
  });
}

/** The mover moves one cube by clicking; the other page may then challenge. */
async function moveOne(page) {
  await page.locator('#sec-resources .cube.movable').first().click();
  await page.waitForSelector('.move-bar');
  await page.locator('.move-bar button.primary').first().click();
  await page.waitForFunction(() => !document.querySelector('#now .hint'));
}

/** Challenge Impossible from `challenger`; `mover` writes `solution` and presents it. */
async function impossibleThenPresent(challenger, mover, solution) {
  await challenger.waitForSelector('#now [data-key="ch-imp"]:not([disabled])');
  await challenger.click('#now [data-key="ch-imp"]');
  await mover.waitForSelector('[data-key="present"]');
  await mover.fill('#solution', solution);
  await mover.click('[data-key="present"]');
  await challenger.waitForSelector('#checked-solution');
}

async function logText(page) {
  return page.locator('#happenings').innerText();
}

test('players check: an objection, an ambiguity attempt, and an accepted wrong Solution (VII-C-4, VII-C-5, X-B)', async () => {
  const { pages } = await twoPeople({ checking: 'players', seed: 21 });

  // Shake 1: an objection on its ground (VII-C-5-b).
  let { mover, other } = await toMoves(pages);
  await moveOne(mover);
  await impossibleThenPresent(other, mover, 'Λ');
  await other.check('[data-key="reason-wrong_value"]');
  await other.click('[data-key="object"]');
  await other.waitForSelector('#happenings li:has-text("objection to")');
  assert.match(await logText(other), /Your objection to (Ann|Bob)'s Solution was (upheld|overruled)/);
  // The score comes with its reasons (X-B): who was correct and why.
  await other.waitForSelector('#score-why');
  const why = await other.locator('#score-why').innerText();
  assert.match(why, /challenged Impossible/, why);
  assert.match(why, /\d points?/, why);
  assert.match(await logText(mover), /is scored\. .*(challenged Impossible|presented was not correct)/);

  // Shake 2: an ambiguity attempt with a grouping (VII-C-5-c).
  ({ mover, other } = await toMoves(pages));
  // The last shake's verdicts and score are gone once the cubes are rolled.
  assert.equal(await other.locator('#score-why').count(), 0, 'the previous score is cleared');
  assert.doesNotMatch(await other.locator('#verdicts').innerText(), /Λ/);
  await moveOne(mover);
  await impossibleThenPresent(other, mover, 'B ∪ G − R');
  await other.check('[data-key="reason-ambiguous"]');
  await other.fill('#grouping', 'B ∪ (G − R)');
  await other.click('[data-key="object"]');
  await other.waitForSelector('#happenings li:has-text("handed in a grouping")');
  await other.waitForSelector('#happenings li:has-text("objection to")');
  assert.match(await logText(other), /You handed in a grouping to show (Ann|Bob)'s Solution is ambiguous/);

  // Shake 3: the checker accepts a wrong Solution: it stands, and the page says so.
  ({ mover, other } = await toMoves(pages));
  await moveOne(mover);
  await impossibleThenPresent(other, mover, 'Λ');
  await other.click('[data-key="accept"]');
  await mover.waitForSelector('#verdicts li:has-text("checker finds it incorrect")');
  const v = await mover.locator('#verdicts').innerText();
  assert.match(v, /Your Solution Λ is correct ✓/, v);
  assert.match(v, /the players accepted it, so it stands as correct \(?VII-C-4\)?, but the checker finds it incorrect: /, v);
  for (const p of pages) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('no Goal, a charge of illegal procedure, the block countdown, drag and drop, the palette and the preview', async () => {
  const { t, pages } = await twoPeople({ checking: 'judge', seed: 22 });

  // III-D: the Goal-setter declares "no Goal", the other agrees: the shake is void.
  const { setter, other: agreer } = await toMoves(pages, { noGoal: true });
  assert.ok(setter, 'the Goal-setter is offered "no Goal"');
  await setter.click('[data-key="no-goal"]');
  await agreer.waitForSelector('[data-key="agree-no-goal"]');
  assert.ok(await visible(agreer, '[data-key="challenge-no-goal"]'), 'the others may challenge "no Goal"');
  await agreer.click('[data-key="agree-no-goal"]');
  await agreer.waitForSelector('#happenings li:has-text("Everybody agreed: no Goal")');
  await agreer.waitForSelector('#scoresheet-table tr.void');

  // Drag and drop: the mover drags a cube to a section of the mat.
  const { mover, other } = await toMoves(pages);
  const before = await cubesOnMat(mover);
  const cube = mover.locator('#sec-resources .cube.movable').first();
  assert.equal(await cube.getAttribute('draggable'), 'true');
  await cube.dragTo(mover.locator('#sec-required'));
  await mover.waitForFunction((n) => document.querySelectorAll('#sec-required .cube, #sec-permitted .cube, #sec-forbidden .cube').length > n, before);
  assert.match(await logText(mover), /You moved .* to Required/);

  // IX-A: `other` moves out of turn (over its own connection, as a page
  // that was late to update would); the mover charges it from the page.
  const id = t.id;
  const outOfTurn = await other.locator('#sec-resources .cube').evaluateAll((els) => {
    const c = els.find((e) => /^[BRGY∪∩−′]$/.test(/** @type {HTMLElement} */ (e).dataset.face ?? ''));
    return c ? Number(/** @type {HTMLElement} */ (c).dataset.cube) : null;
  });
  assert.notEqual(outOfTurn, null);
  // Whose turn now: the other's, after the drag. The one who moved last acts out of turn.
  await other.waitForSelector('#now .hint');
  const reply = await mover.evaluate(async ({ table, cube, timeout }) => {
    const key = Object.keys(localStorage).find((k) => k.includes(table));
    const seat = JSON.parse(localStorage.getItem(key ?? '') ?? 'null');
    const ws = new WebSocket(`ws://${location.host}/ws`);
    const frames = [];
    ws.onmessage = (e) => frames.push(JSON.parse(e.data));
    // Each step waits for the server's frame, never a fixed time: the
    // rejoin's state, then the answer to the act (docs/protocol.md).
    const frame = (/** @type {(f: any) => boolean} */ want) => new Promise((resolve) => {
      const seen = frames.find(want);
      if (seen) return resolve(seen);
      const t = setTimeout(() => resolve(null), timeout);
      ws.addEventListener('message', (e) => {
        const f = JSON.parse(e.data);
        if (want(f)) { clearTimeout(t); resolve(f); }
      });
    });
    await new Promise((r) => { ws.onopen = r; });
    ws.send(JSON.stringify({ v: 1, type: 'rejoin', table, token: seat.token }));
    await frame((f) => f.type === 'state' || f.type === 'error');
    ws.send(JSON.stringify({ v: 1, type: 'act', ref: 77, token: seat.token, act: { type: 'move', cube, to: 'permitted' } }));
    const answer = await frame((f) => f.ref === 77);
    ws.close();
    return answer;
  }, { table: id, cube: outOfTurn, timeout: LOADED });
  assert.equal(reply?.type, 'accepted', JSON.stringify(reply));
  await other.waitForSelector('[data-key="charge"]');
  await other.click('[data-key="charge"]');
  await other.waitForSelector('#happenings li:has-text("Illegal procedure charged by you")');

  // The palette's `||` and `blank:` buttons, and the server's reading of the draft.
  await other.fill('#solution', 'B u R');
  await other.waitForSelector('#solution-preview:has-text("Reads as: B ∪ R")');
  assert.match(await other.locator('#solution-feedback').innerText(), /Reads well/);
  await other.click('.palette [data-sym="||"]');
  await other.keyboard.type("G'");
  await other.waitForSelector('#solution-preview:has-text("Reads as: B ∪ R || G′")');
  assert.match(await other.locator('#solution-feedback').innerText(), /2 Solutions/);
  await other.click('.palette [data-sym="blank:"]');
  await other.keyboard.type('BG');
  await other.waitForSelector('#solution-preview:has-text("blank: BG")');
  await other.fill('#solution', 'B ∪ (R');
  await other.waitForSelector('#solution-feedback:has-text("column")');
  assert.match(await other.locator('#solution-feedback').innerText(), /VII-C-5-d/);
  // The draft never reaches the other page.
  assert.ok(!(await mover.content()).includes('B ∪ (R'), 'a draft is private');
  await other.fill('#solution', '');

  // XI-A-1-f: after a move, the other player picks up the block and sees 15 seconds run.
  await other.waitForSelector('#now .hint');
  await moveOne(other);
  await mover.waitForSelector('[data-key="pick-up"]');
  await mover.click('[data-key="pick-up"]');
  await mover.waitForSelector('#block-timer');
  const shown = await mover.locator('#block-timer .timer-text').innerText();
  assert.match(shown, /^0:(1[0-5]|0\d)$/, shown);
  // Everybody sees the countdown: the other page once it has the same version.
  await caughtUp(other, mover);
  assert.ok(await visible(other, '#block-timer'), 'everybody sees the countdown');
  // The Turn badge keeps its shape: a small pill, not a circle.
  const badge = await mover.locator('#players .badge.turn').boundingBox();
  assert.ok(badge && badge.height < 30 && badge.width > badge.height, JSON.stringify(badge));
  await mover.click('#now [data-key="ch-imp"]');
  await mover.waitForSelector('#happenings li:has-text("challenged Impossible")');

  for (const p of pages) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('one parser: the page has no reader of Solutions of its own', () => {
  const src = readFileSync(path.resolve(import.meta.dirname, '../js/notation.js'), 'utf8');
  assert.doesNotMatch(src, /readSolution|tokenize|export function canonical/);
  // The Solution editor (js/table/editor.js) asks the server's reading of a draft.
  const editor = readFileSync(path.resolve(import.meta.dirname, '../js/table/editor.js'), 'utf8');
  assert.match(editor, /tv\.conn\.preview\(/);
});
