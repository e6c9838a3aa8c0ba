// Accounts and tournaments in the browser (docs/tournaments.md): sign up, make an event,
// enter players, pair rounds, record scoresheets (XII-A match points), and a
// second browser watching the public standings follow the results.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import {
  BASE, SHOTS, launch, newPage, newerOnAny, press, sleep, versions,
} from './helpers.mjs';

/** XII-A: match points from scores (ties share the places' mean). */
function matchPoints(scores) {
  return scores.map((s) => {
    const above = scores.filter((o) => o > s).length;
    const level = scores.filter((o) => o === s).length;
    let sum = 0;
    for (let p = above + 1; p <= above + level; p += 1) sum += 8 - 2 * p;
    return sum / level;
  });
}

/**
 * Types a table's match points and presses its button in one go. The
 * organizer's controls are drawn again by a refresh that may already be on
 * its way (the live event of the last result, js/tournament.js) and would
 * take values typed meanwhile with it: seen under load as a refused award
 * that was never sent (docs/web.md, "Five runs in a row").
 * @param {import('playwright-core').Page} page
 * @param {number} table
 * @param {string[]} points the first players' match points, in seat order
 */
async function record(page, table, points) {
  await page.waitForSelector(`#result-${table}`);
  await page.evaluate(([t, mp]) => {
    mp.forEach((v, i) => {
      /** @type {HTMLInputElement} */ (document.getElementById(`mp-${t}-${i}`)).value = v;
    });
    /** @type {HTMLButtonElement} */ (document.getElementById(`result-${t}`)).click();
  }, /** @type {[number, string[]]} */ ([table, points]));
}

test('an organizer signs up and runs a two-round event; the public page follows', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const organizer = `Director ${Date.now() % 100000}`;
    await page.goto(`${BASE}/account`);
    await page.fill('#account-name', organizer);
    await page.fill('#account-password', 'short');
    await page.click('#sign-up');
    await page.waitForSelector('#account-error:not([hidden])');
    assert.match(await page.textContent('#account-error'), /at least 8/);
    await page.fill('#account-password', 'correct horse battery');
    await page.click('#sign-up');
    await page.waitForSelector('#profile-name');
    assert.equal(await page.textContent('#profile-name'), organizer);
    assert.ok(await page.isVisible('#no-ratings'));

    await page.click('a[href="/tournaments"]');
    await page.fill('#event-name', 'Spring Open');
    await page.selectOption('#event-division', 'junior');
    await page.fill('#event-rounds', '2');
    await page.click('#make-event');
    await page.waitForSelector('#add-entry');
    const url = page.url();
    assert.match(url, /\/tournaments\/[0-9a-f]+$/);

    const players = [['Ann', 'Reds'], ['Bo', 'Blues'], ['Cy', 'Reds'], ['Di', 'Blues'], ['Ed', '']];
    for (const [name, team] of players) {
      await page.fill('#entry-name', name);
      await page.fill('#entry-team', team);
      await page.click('#add-entry');
      await page.waitForFunction((n) => document.querySelector('#standings-table')?.textContent?.includes(n), name);
    }

    // A spectator's browser (not signed in): standings only.
    const watcher = await newPage(browser);
    await watcher.goto(url);
    await watcher.waitForSelector('#standings-table');
    assert.equal(await watcher.locator('#add-entry').count(), 0);

    const strength = { Ann: 40, Bo: 10, Cy: 30, Di: 20, Ed: 0 };
    for (let round = 1; round <= 2; round += 1) {
      await page.click('#pair-round');
      await page.waitForFunction((r) => document.querySelector('#round-tables h3')?.textContent === `Round ${r}`, round);
      const tables = await page.locator('.scoresheet').count();
      assert.equal(tables, 2, '5 entries: a table of three and one of two');
      for (let t = 1; t <= tables; t += 1) {
        const labels = await page.locator(`.scoresheet[data-table="${t}"] input.mp`).evaluateAll(
          (els) => els.map((e) => e.getAttribute('aria-label')?.replace('Match points of ', '') ?? ''));
        const mp = matchPoints(labels.map((n) => strength[n]));
        await record(page, t, mp.map(String));
        await page.waitForFunction((id) => document.querySelector(`#${id}`)?.textContent === 'Correct', `result-${t}`);
      }
      // An impossible award is refused with the rule's words.
      if (round === 1) {
        await record(page, 1, ['6', '6']);
        await page.waitForSelector('#event-error:not([hidden])');
        assert.match(await page.textContent('#event-error'), /XII-A/);
        await page.reload();
        await page.waitForSelector('#pair-round');
      }
    }
    // The public page has followed (polling): Ann leads with two wins.
    await watcher.waitForFunction(
      () => document.querySelector('#standings h2')?.textContent?.includes('round 2 of 2'));
    const first = await watcher.locator('#standings-table tbody tr').first().textContent();
    assert.match(first, /^1Ann/);
    assert.match(first, /12/);
    assert.equal(await watcher.locator('#team-standings tbody tr').count(), 2);
    await watcher.screenshot({ path: path.join(SHOTS, 'tournament.png'), fullPage: true });
    // The expected 401 (who am I, before signing up) and 400s (refused
    // inputs) are logged by Chromium as failed loads; nothing else may be.
    const unexpected = (errs) => errs.filter((e) => !/status of (400|401)/.test(e));
    assert.deepEqual(unexpected(page.errors), []);
    assert.deepEqual(unexpected(watcher.errors), []);
  } finally {
    await browser.close();
  }
});

/**
 * One step of a person playing through the page (Basic game, judge
 * checking): roll, deal, set a Goal, move a cube, present a Solution,
 * accept. Returns what it did, or null.
 * @param {import('playwright-core').Page} page
 */
async function play(page) {
  const can = async (sel) => {
    const l = page.locator(sel).first();
    return (await l.count()) > 0 && (await l.isVisible()) && (await l.isEnabled());
  };
  for (const [sel, what] of [
    ['#now [data-key^="roll-"]', 'roll'], ['#now [data-key="deal"]', 'deal'],
    ['[data-key="set-goal"]', 'goal'], ['[data-key="accept"]', 'accept'],
    ['[data-key="agree-no-goal"]', 'agree']]) {
    // Each act waits for its answer (`press`): never the same button twice.
    if ((await can(sel)) && (await press(page, sel))) return what;
  }
  if (await can('[data-key="present"]')) {
    await page.click('#solution');
    await page.keyboard.type('B U R');
    if (await press(page, '[data-key="present"]')) return 'present';
  }
  const cube = page.locator('#sec-resources .cube.movable').first();
  if ((await page.locator('#now .hint').count()) && (await cube.count())) {
    await cube.click();
    await page.waitForSelector('.move-bar button.primary');
    if (await press(page, '.move-bar button.primary')) return 'move';
  }
  return null;
}

test('an online three-round event: bots fill seats, a signed-in player plays their table to its end', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser, { width: 1280, height: 1000 });
    const me = `Pat ${Date.now() % 100000}`;
    await page.goto(`${BASE}/account`);
    await page.fill('#account-name', me);
    await page.fill('#account-password', 'correct horse battery');
    await page.click('#sign-up');
    await page.waitForSelector('#profile-name');

    await page.goto(`${BASE}/tournaments`);
    await page.fill('#event-name', 'Online Open');
    await page.selectOption('#event-division', 'elementary');
    await page.fill('#event-rounds', '3');
    await page.check('#event-online');
    await page.fill('#event-minutes', '1');
    await page.selectOption('#event-style', 'basic');
    await page.selectOption('#event-bot-pace', '0');
    await page.click('#make-event');
    await page.waitForSelector('#add-entry');
    const event = page.url().split('/').pop();

    // The organizer plays too; five bots fill the other seats: two tables of three.
    const entries = [[me, ''], ['Ada', 'beginner'], ['Boole', 'club'], ['Cantor', 'club'], ['Dedekind', 'strong'], ['Euler', 'expert']];
    for (const [name, level] of entries) {
      await page.fill('#entry-name', name);
      await page.selectOption('#entry-bot', level);
      await page.click('#add-entry');
      await page.waitForFunction((n) => document.querySelector('#standings-table')?.textContent?.includes(n), name);
    }

    const standing = async () => (await (await fetch(`${BASE}/api/tournaments/${event}/standings`)).json());
    for (let round = 1; round <= 3; round += 1) {
      await page.click('#pair-round');
      await page.waitForFunction((r) => document.querySelector('#pairings h2')?.textContent === `Round ${r} pairings`, round);
      const mine = page.locator('#pairings li', { hasText: me });
      // The player's own table is linked with their seat's key.
      const link = await mine.locator('a.table-link').getAttribute('href');
      assert.match(link, /^\/t\/[A-Za-z0-9_-]+\?key=[0-9a-f]{32}$/);
      const tableId = link.split('?')[0].split('/').pop();
      if (round === 1) {
        // The seat is reserved: a stranger with the plain link is refused it.
        const stranger = await newPage(browser, { width: 390, height: 844 });
        await stranger.goto(`${BASE}/t/${tableId}`);
        await stranger.waitForSelector('#join-form');
        await stranger.fill('#join-name', 'Mallory');
        await stranger.click('#join-form button[type=submit]');
        await stranger.waitForSelector('#join-form .notice.error');
        assert.match(await stranger.locator('#join-form .notice.error').innerText(), /reserved for its player/);
        await stranger.context().close();
        // Round 1: the player goes to their table, joins and plays it to its end.
        await mine.locator('a.table-link').click();
        await page.waitForSelector('#join-form');
        await page.fill('#join-name', me);
        await page.click('#join-form button[type=submit]');
        await page.waitForSelector(`.player.me:has-text("${me}")`);
        // The entries play under their names, the bots as "Name (bot)".
        const ev1 = await (await fetch(`${BASE}/api/tournaments/${event}`)).json();
        const bots = ev1.paired[0].tables.find((x) => x.online === tableId).players.filter((p) => p !== me);
        for (const b of bots) await page.waitForSelector(`.player:has-text("${b} (bot)")`);
        const seen = await page.locator('.player').allInnerTexts();
        assert.ok(!seen.some((x) => /(Beginner|Club|Strong|Expert) bot|a expert bot/.test(x)), seen.join(' | '));
        await page.screenshot({ path: path.join(SHOTS, 'tournament-named-seats.png'), fullPage: true });
        const deadline = Date.now() + 8 * 60000;
        let over = false;
        while (Date.now() < deadline) {
          const info = await (await fetch(`${BASE}/api/tables/${tableId}`)).json();
          if (info.status === 'over') {
            over = true;
            break;
          }
          // Nothing to do (the bots' turn): wait for the table's next version.
          const vs = await versions([page]);
          if (!(await play(page).catch(() => null))) await newerOnAny([page], vs);
        }
        assert.ok(over, 'the table did not finish in 8 minutes');
        await page.waitForSelector('#review-link');
        await page.screenshot({ path: path.join(SHOTS, 'tournament-table.png'), fullPage: true });
        // Back to the event: the result came in by itself.
        await page.goto(`${BASE}/tournaments/${event}`);
        await page.waitForSelector('#pairings li');
        const log = await (await fetch(`${BASE}/api/tables/${tableId}/log`)).text();
        assert.ok(log.length > 0);
        const ev = await (await fetch(`${BASE}/api/tournaments/${event}`)).json();
        const t = ev.paired[0].tables.find((x) => x.online === tableId);
        await page.waitForFunction((n) => [...document.querySelectorAll('#pairings li')]
          .some((li) => li.textContent?.includes(n) && li.textContent.includes('match points')), me);
        if (t.match_points) {
          const i = t.players.indexOf(me);
          const row = (await standing()).standings.find((s) => s.name === me);
          assert.equal(row.match_points, t.match_points[i], 'my match points in the standings');
          assert.equal(row.shake_points, t.scores[i], 'my match score as shake points');
        }
      } else {
        // Later rounds: the player's table is scored by the organizer over the
        // board (first place alone: 6); the bots' table plays itself.
        const table = Number(await mine.getAttribute('data-table'));
        const players = await page.locator(`.scoresheet[data-table="${table}"] input.mp`).evaluateAll(
          (els) => els.map((e) => e.getAttribute('aria-label')?.replace('Match points of ', '') ?? ''));
        const rest = [4, 2];
        const points = players.map((p) => (p === me ? 6 : rest.shift()));
        await record(page, table, points.map(String));
        await page.waitForFunction((id) => document.querySelector(`#${id}`)?.textContent === 'Correct', `result-${table}`);
      }
      // Every table of the round has its result (the bots' by itself).
      const deadline = Date.now() + 6 * 60000;
      while (!(await standing()).finished) {
        assert.ok(Date.now() < deadline, `round ${round} did not finish`);
        await sleep(1000);
      }
      await page.waitForFunction((r) => document.querySelector('#standings h2')?.textContent?.includes(`after round ${r} of 3`), round);
    }
    const final = await standing();
    assert.equal(final.standings.length, 6);
    assert.ok(final.standings.every((s) => s.played === 3), JSON.stringify(final.standings));
    await page.screenshot({ path: path.join(SHOTS, 'tournament-online.png'), fullPage: true });
    // The certificates: the awards page's link answers a PDF, a page per award.
    await page.click('#set-awards');
    await page.waitForSelector('#print-certificates');
    const certificates = await page.locator('#print-certificates').getAttribute('href');
    const pdf = await fetch(`${BASE}${certificates}`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(bytes.subarray(0, 4).toString(), '%PDF');
    const awards = await (await fetch(`${BASE}/api/tournaments/${event}/awards`)).json();
    const pages = (bytes.toString('latin1').replaceAll('/Type /', '/Type/').match(/\/Type\/Page\b(?!s)/g) ?? []).length;
    assert.equal(pages, awards.divisions.reduce((n, d) => n + d.places.length + d.schools.length, 0));
    // The profile lists the event.
    await page.goto(`${BASE}/players/${encodeURIComponent(me)}`);
    await page.waitForSelector('#events');
    assert.match(await page.locator('#events').innerText(), /Online Open/);
    assert.deepEqual(page.errors.filter((e) => !/status of (400|401)/.test(e)), []);
  } finally {
    await browser.close();
  }
});

/**
 * Signs up `name` on its own page (its own cookies) and returns the page.
 * @param {import('playwright-core').Browser} browser
 * @param {string} name
 * @param {{width: number, height: number}} [viewport]
 */
async function signedUp(browser, name, viewport) {
  const page = await newPage(browser, viewport);
  await page.goto(`${BASE}/account`);
  await page.fill('#account-name', name);
  await page.fill('#account-password', 'correct horse battery');
  await page.click('#sign-up');
  await page.waitForSelector('#profile-name');
  return page;
}

/**
 * A judge's phone enters every table's scoresheet of the round shown, shake by
 * shake (the first seat wins the first shake, the last seat the second), and
 * waits for each to be in.
 * @param {import('playwright-core').Page} phone
 * @param {string} url the event's results page
 */
async function enterSheets(phone, url) {
  await phone.goto(url);
  await phone.waitForSelector('form.sheet');
  const tables = await phone.locator('form.sheet').evaluateAll((fs) => fs.map((f) => Number(f.getAttribute('data-table'))));
  for (const t of tables) {
    const seats = await phone.locator(`form.sheet[data-table="${t}"] thead th`).count() - 1;
    for (let i = 0; i < seats; i += 1) {
      await phone.fill(`#shake-${t}-1-${i}`, String(i === 0 ? 6 : 2));
      await phone.fill(`#shake-${t}-2-${i}`, String(i === seats - 1 ? 6 : 4 - i));
      await phone.fill(`#initials-${t}-${i}`, `P${i}`);
    }
    assert.match(await phone.textContent(`#sheet-totals-${t}`), /match points \(XII-A\)/);
    await phone.click(`#send-sheet-${t}`);
    await phone.waitForSelector(`form.sheet[data-table="${t}"] .sheet-in`);
  }
  return tables.length;
}

test('a two-division day: three schools, two rooms, check-in, judges’ phones, shake points and awards', async () => {
  const browser = await launch();
  try {
    const stamp = Date.now() % 100000;
    const org = await signedUp(browser, `Regional Director ${stamp}`);
    await org.goto(`${BASE}/tournaments`);
    await org.fill('#event-name', `Regional ${stamp}`);
    await org.selectOption('#event-division', 'middle');
    await org.check('#event-also-junior');
    await org.fill('#event-rounds', '2');
    await org.click('#make-event');
    await org.waitForSelector('#add-school');
    const url = org.url();
    const id = url.split('/').pop();
    assert.match(await org.textContent('#event-title'), /middle, junior/);

    // A refusal is shown with its reason, and cleared by the next success.
    await org.click('#add-school');
    await org.waitForSelector('#event-error:not([hidden])');
    assert.match(await org.textContent('#event-error'), /name/);
    // Three schools; each coach joins with its code and enters 2 + 2 players.
    for (const school of ['Adams', 'Banneker', 'Curie']) {
      await org.fill('#school-name', school);
      await org.click('#add-school');
      await org.waitForFunction((sc) => document.querySelector('#school-codes')?.textContent?.startsWith(sc), school);
      const code = (await org.textContent('#school-codes')).match(/code is (\w+)/)[1];
      assert.ok(await org.locator('#event-error').isHidden(), 'the old error is cleared');
      const coach = await signedUp(browser, `Coach ${school} ${stamp}`);
      await coach.goto(url);
      await coach.fill('#coach-code', code);
      await coach.click('#join-coach');
      await coach.waitForSelector('#coach-add');
      for (const [division, n] of [['middle', 1], ['middle', 2], ['junior', 3], ['junior', 4]]) {
        const name = `${school} ${division} ${n}`;
        await coach.fill('#coach-entry-name', name);
        await coach.selectOption('#coach-entry-division', division);
        await coach.click('#coach-add');
        await coach.waitForFunction((p) => document.querySelector('#coach-players')?.textContent?.includes(p), name);
      }
      await coach.close();
    }
    await org.reload();
    await org.waitForSelector('#registration');
    await org.click('#registration');
    await org.waitForFunction(() => document.querySelector('#registration')?.textContent === 'Reopen registration');
    for (const [room, tables] of [['Gym', '2'], ['Library', '2']]) {
      await org.fill('#room-name', room);
      await org.fill('#room-tables', tables);
      await org.click('#add-room');
      await org.waitForFunction((r) => document.querySelector('#rooms')?.textContent?.includes(r), room);
    }
    const judgeName = `Judge ${stamp}`;
    const phone = await signedUp(browser, judgeName, { width: 390, height: 844 });
    for (const [n, room] of [[1, 'Gym'], [2, 'Library']]) {
      await org.fill('#judge-name', judgeName);
      await org.selectOption('#judge-room', room);
      await org.click('#add-judge');
      await org.waitForFunction((k) => [...document.querySelectorAll('#rooms li')]
        .filter((li) => li.textContent?.includes('judged by')).length === k, n);
    }

    // Check-in on a phone: everyone but one, then the no-show is withdrawn.
    const door = await newPage(browser, { width: 390, height: 844 });
    await door.context().addCookies(await org.context().cookies());
    await door.goto(`${BASE}/tournaments/${id}/checkin`);
    await door.waitForSelector('#checkin-list button');
    const names = await door.locator('#checkin-list button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-name')));
    assert.equal(names.length, 12);
    for (const name of names.filter((n) => n !== 'Curie junior 4')) {
      await door.click(`#checkin-list button[data-name="${name}"]`);
      await door.waitForSelector(`#checkin-list button[data-name="${name}"][aria-pressed="true"]`);
    }
    await door.fill('#checkin-find', 'junior');
    await door.screenshot({ path: path.join(SHOTS, 'tournament-checkin.png'), fullPage: true });
    await door.click('#withdraw-no-shows');
    await door.waitForFunction(() => document.querySelector('#checkin-list')?.textContent?.includes('withdrawn'));

    for (let round = 1; round <= 2; round += 1) {
      await org.goto(url);
      await org.click('#pair-round');
      await org.waitForFunction((r) => document.querySelector('#round-tables h3')?.textContent === `Round ${r}`, round);
      // 6 middle (3 + 3) and 5 junior (3 + 2): four tables in two rooms.
      assert.match(await org.textContent('#tables-in'), /0 of 4 tables in/);
      assert.equal(await enterSheets(phone, `${BASE}/tournaments/${id}/results`), 4);
      assert.match(await phone.textContent('#sheets-status'), /4 of 4 tables in/);
      if (round === 1) {
        await phone.screenshot({ path: path.join(SHOTS, 'tournament-results-phone.png'), fullPage: true });
        const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= 390, `the judge's page fits 390 px (${wide})`);
      }
    }
    await org.goto(url);
    await org.waitForSelector('#all-paired');
    assert.equal(await org.locator('#pair-round').count(), 0, 'no round 3 offered on a 2-round event');
    // Standings per division: the shake points count.
    const top = await org.locator('#standings-middle tbody tr').first().locator('td').allTextContents();
    assert.ok(Number(top[4]) > 0, `shake points shown: ${top}`);
    await org.fill('#award-places', '3');
    await org.fill('#award-team-places', '2');
    await org.fill('#award-team-size', '2');
    await org.click('#set-awards');
    await org.waitForFunction(() => document.querySelector('#event-error')?.hidden);
    const pdf = await org.request.get(`${BASE}/api/tournaments/${id}/awards.pdf`);
    assert.equal(pdf.status(), 200);
    assert.equal((await pdf.body()).subarray(0, 4).toString(), '%PDF');
    await org.screenshot({ path: path.join(SHOTS, 'tournament-day.png'), fullPage: true });
    const watcher = await newPage(browser, { width: 390, height: 844 });
    await watcher.goto(`${BASE}/tournaments/${id}/pairings?division=junior`);
    await watcher.waitForSelector('#pairings-table tbody tr');
    assert.match(await watcher.textContent('#pairings-round'), /Round 2 of 2, junior/);
    await watcher.screenshot({ path: path.join(SHOTS, 'tournament-pairings.png'), fullPage: true });
    const unexpected = (errs) => errs.filter((e) => !/status of (400|401)/.test(e));
    for (const p of [org, phone, door, watcher]) assert.deepEqual(unexpected(p.errors), []);
  } finally {
    await browser.close();
  }
});

test('the organizer’s typing survives a live refresh; what was sent is drawn afresh', async () => {
  const browser = await launch();
  try {
    const page = await signedUp(browser, `Typist ${Date.now() % 100000}`);
    await page.click('a[href="/tournaments"]');
    await page.fill('#event-name', 'Typing Open');
    await page.fill('#event-rounds', '2');
    await page.click('#make-event');
    await page.waitForSelector('#add-entry');
    const id = page.url().split('/').pop();
    // Half an entry typed, then the focus elsewhere (a refresh comes only then).
    await page.fill('#entry-name', 'Zo');
    await page.fill('#entry-team', 'Greens');
    await page.locator('#event-title').click();
    // Another change of the event (as from a second organizer's device):
    // its live event redraws the organizer's controls.
    const made = await page.evaluate(async (event) => {
      const r = await fetch(`/api/tournaments/${event}/entries`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ann' }),
      });
      return r.status;
    }, id);
    assert.equal(made, 201);
    await page.waitForFunction(() => document.querySelector('#standings-table')?.textContent?.includes('Ann'));
    await page.waitForFunction(() => document.querySelector('#organizer')?.textContent?.includes('1 entry.'));
    assert.equal(await page.inputValue('#entry-name'), 'Zo');
    assert.equal(await page.inputValue('#entry-team'), 'Greens');
    // Sent: the entry is made and the fields are drawn empty again.
    await page.click('#add-entry');
    await page.waitForFunction(() => document.querySelector('#standings-table')?.textContent?.includes('Zo'));
    await page.waitForFunction(() => document.querySelector('#organizer')?.textContent?.includes('2 entries'));
    assert.equal(await page.inputValue('#entry-name'), '');
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
