// The review of a 1969 game in the browser (docs/review.md, "1969 games"):
// a 1969 table played to the end through the API (the person sets a
// negative Goal — a P-claim Flub, M69 3.5 P — then plays plainly against
// two bots), the table's "Review" link, and the review page at
// /t69/{id}/review: the plays one at a time, the Flub and the challenge that
// caught it, the score sheet; and the page fits a 390 px phone.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, LOADED, SHOTS, launch, newPage, sleep } from './helpers.mjs';

/** @param {string} id @param {string} token @param {object} act */
async function act(id, token, act) {
  const r = await fetch(`${BASE}/api/tables1969/${id}/act`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, act }),
  });
  return { ok: r.ok, body: await r.json() };
}

/** The person's plain policy (the server test's): returns the next act. */
function plain(state, flubbed) {
  const ph = state.phase.phase;
  const digit = state.cubes.find((c) => c.family === 'digit' && c.place === 'resources');
  switch (ph) {
    case 'deal': return { type: 'deal', count: 6 };
    case 'roll': return { type: 'roll' };
    case 'goal': return { type: 'set_goal', goal: flubbed ? digit.face : `~${digit.face}` };
    case 'no_goal': return { type: 'accept_no_goal' };
    case 'moves': {
      const c = state.cubes.find((x) => x.place === 'resources' && x.family !== 'digit');
      return c ? { type: 'move', cube: c.id, to: 'permitted' } : { type: 'assert' };
    }
    case 'challenge': return state.phase.sides[0] === null ? { type: 'join', side: 'mover' } : { type: 'decline' };
    case 'assertion': return { type: 'decline' };
    default: return null;
  }
}

/** Plays a 1969 table to the end through the API; returns its id. */
async function playToTheEnd() {
  const r = await fetch(`${BASE}/api/tables1969`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ form: 'basic', seed: 17, plays: 3, challenge_window_ms: 0,
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'expert' }, { kind: 'bot', level: 'club' }] }),
  });
  assert.equal(r.status, 201, await r.clone().text());
  const made = await r.json();
  const { id } = made;
  const token = made.tokens[0];
  let flubbed = false;
  // A time limit for a loaded machine, not a count of polls: slow bots
  // would use up a count before the game ends (docs/web.md, "Five runs in a row").
  const deadline = Date.now() + 8 * LOADED;
  while (Date.now() < deadline) {
    const state = await (await fetch(`${BASE}/api/tables1969/${id}`)).json();
    if (state.over) return id;
    if (!state.awaiting[0]) {
      // The bots' turn: read the state again (the act below is sent only
      // when this seat is awaited, so a poll never acts twice).
      await sleep(50);
      continue;
    }
    const a = plain(state, flubbed);
    assert.ok(a, `nothing to do in ${state.phase.phase}`);
    let res = await act(id, token, a);
    if (a.type === 'set_goal') {
      // A negative Goal (upside-down) when the layouts allow it; else any.
      if (!res.ok) res = await act(id, token, { type: 'set_goal', goal: state.cubes.find((c) => c.family === 'digit' && c.place === 'resources').face });
      flubbed = true;
    }
    assert.ok(res.ok, JSON.stringify(res.body));
  }
  throw new Error('the game did not end');
}

test('1969 review: the finished table links to its review; plays, the Flub and the challenge are shown', async () => {
  const id = await playToTheEnd();
  const review = await (await fetch(`${BASE}/api/tables1969/${id}/review`)).json();
  assert.equal(review.edition, '1969');
  const flub = review.moves.findIndex((m) => m.flub);
  assert.ok(flub >= 0, 'the review finds the Flub');
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/t69/${id}`);
    await page.waitForSelector('#m69-review-link');
    await page.click('#m69-review-link');
    await page.waitForURL(new RegExp(`/t69/${id}/review$`));
    await page.waitForSelector('#r69-summary');
    const summary = await page.locator('#r69-summary').innerText();
    for (const name of review.players) assert.ok(summary.includes(name), summary);
    assert.match(await page.locator('#r69-pos').innerText(), new RegExp(`1 of ${review.moves.length}`));
    assert.match(await page.locator('#r69-verdict').innerText(), /Goal/);
    // → steps; the "Next Flub" button (or → to it) reaches the Flub.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#r69-pos')?.textContent?.includes('(2 of'));
    await page.keyboard.press('Home');
    if (flub > 0) await page.click('#r69-next-flub');
    await page.waitForFunction((n) => document.querySelector('#r69-pos')?.textContent?.includes(`(${n} of`), flub + 1);
    const verdict = await page.locator('#r69-verdict').innerText();
    assert.match(verdict, /A Flub: it broke the/, verdict);
    assert.match(await page.locator('#r69-class').getAttribute('class'), /bad/);
    const m = review.moves[flub];
    const caught = review.challenges.find((c) => c.against_move === flub);
    if (caught) {
      const text = await page.locator('#r69-challenges').innerText();
      assert.match(text, /challenged/, text);
    }
    assert.ok(m.correct_claims.length > 0);
    assert.match(await page.locator('#r69-sheet').innerText(), /Total/);
    await page.screenshot({ path: path.join(SHOTS, 'review1969.png'), fullPage: true });
    assert.deepEqual(page.errors, []);

    // A phone: the page fits 390 px.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.goto(`${BASE}/t69/${id}/review`);
    await phone.waitForSelector('#r69-verdict');
    const f = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
    assert.ok(f.scroll <= f.window, `the review is ${f.scroll} px wide in a ${f.window} px window`);
    await phone.screenshot({ path: path.join(SHOTS, 'review1969-phone.png'), fullPage: true });
    assert.deepEqual(phone.errors, []);

    // A table that does not exist: the page says so.
    const none = await newPage(browser);
    await none.goto(`${BASE}/t69/nosuchtable/review`);
    await none.waitForSelector('[role=alert]');
  } finally {
    await browser.close();
  }
});
