// Coaches and their classes in the browser (docs/classes.md): a coach makes a
// class of three managed students and assigns five puzzles; each student signs
// in in a browser of their own and solves some; the coach's progress table
// shows exactly that; then the classroom board with two students answering.
// Every wait is on the page's state (a verdict, the board's version and
// answer count), never on a sleep.

import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { BASE, SHOTS, launch, newPage } from './helpers.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical axe-core violations (WCAG 2.1 A, AA) of `path` once `ready` shows, as the a11y test audits. */
async function audit(browser, cookies, path, ready) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  await ctx.addCookies(cookies);
  const page = await ctx.newPage();
  await page.goto(`${BASE}${path}`);
  await page.waitForSelector(ready);
  await page.addScriptTag({ path: AXE });
  const v = await page.evaluate(async () => {
    // @ts-ignore axe is the injected script's global
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')
      .map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  await ctx.close();
  return v;
}

/** A puzzle's answer, asked anonymously (judged, not stored for anyone). */
async function answerOf(id) {
  const r = await fetch(`${BASE}/api/puzzles/${id}/attempt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ player: 'browser-test-probe', answer: 'now' }),
  });
  const body = await r.json();
  assert.equal(r.status, 200, JSON.stringify(body));
  return body.answer;
}

async function signIn(page, name, password) {
  await page.goto(`${BASE}/account`);
  await page.fill('#account-name', name);
  await page.fill('#account-password', password);
  await page.click('#sign-in');
  await page.waitForSelector('#profile-name');
}

/** A student answers puzzle `n` (1-based) of their first assignment. */
async function solve(page, n, answer) {
  await page.click(`#my-assignments .class-puzzle >> nth=${n - 1}`);
  await page.waitForSelector('.class-work .puzzle-choice');
  await page.getByRole('button', { name: answer, exact: true }).click();
  await page.waitForSelector('#class-puzzle-verdict');
}

test('a coach, three managed students, five puzzles, the progress table and the board', async () => {
  const browser = await launch();
  try {
    const coach = await newPage(browser);
    const coachName = `Coach ${Date.now() % 100000}`;
    await coach.goto(`${BASE}/account`);
    await coach.fill('#account-name', coachName);
    await coach.fill('#account-password', 'correct horse battery');
    await coach.click('#sign-up');
    await coach.waitForSelector('#profile-name');
    await coach.click('#my-assignments-link');
    await coach.fill('#class-name', 'Room 12 club');
    await coach.click('#class-create');
    await coach.waitForSelector('#class-title');
    const classUrl = coach.url();
    await coach.fill('#student-names', 'Ann Lee\nBo Chen\nCy Diaz');
    await coach.click('#add-students');
    await coach.waitForSelector('#made-students tbody tr >> nth=2');
    const made = await coach.$$eval('#made-students tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    assert.deepEqual(made.map((r) => r[0]), ['Ann Lee', 'Bo Chen', 'Cy Diaz']);
    await coach.screenshot({ path: path.join(SHOTS, 'classes-roster.png'), fullPage: true });

    // five challenge puzzles, the same set for everyone (a seed)
    await coach.selectOption('#assign-puzzle-kind', 'challenge');
    await coach.fill('#assign-count', '5');
    await coach.fill('#assign-seed', '42');
    await coach.click('#assign');
    await coach.waitForSelector('#assignments li');
    const classId = classUrl.split('/').pop();
    const detail = await coach.evaluate(async (id) => (await fetch(`/api/classes/${id}`)).json(), classId);
    const puzzles = detail.assignments[0].puzzles;
    assert.equal(puzzles.length, 5);
    const right = [];
    for (const id of puzzles) right.push(await answerOf(id));
    const wrongOf = async (page, n) => page.$$eval('.class-work .puzzle-choice', (bs, r) => bs.map((b) => b.dataset.answer).find((a) => a !== r), right[n - 1]);

    // each student in a browser of their own: Ann 3 tried (2 right), Bo 1 (right), Cy none
    const students = [];
    for (const [name, username, password] of made) {
      const page = await newPage(browser);
      await signIn(page, username, password);
      assert.ok(!(await page.textContent('#profile-name')).includes(name.split(' ')[0]), 'the public name is the username');
      await page.click('#my-assignments-link');
      await page.waitForSelector('#my-assignments, #no-assignments');
      students.push(page);
    }
    const [ann, bo] = students;
    await solve(ann, 1, right[0]);
    await ann.click('#my-assignments .class-puzzle >> nth=1');
    await ann.waitForSelector(`.class-work[data-puzzle="${puzzles[1]}"] .puzzle-choice`);
    await ann.getByRole('button', { name: await wrongOf(ann, 2), exact: true }).click();
    await ann.waitForSelector('#class-puzzle-verdict[data-correct="false"]');
    await solve(ann, 3, right[2]);
    await solve(bo, 1, right[0]);

    // the coach's progress table shows exactly that
    await coach.goto(classUrl);
    await coach.waitForSelector('#progress-table tbody tr >> nth=2');
    const cell = async (username) => coach.$eval(`#progress-table tr[data-username="${username}"] td[data-assignment]`, (td) => [td.dataset.done, td.dataset.correct]);
    assert.deepEqual(await cell(made[0][1]), ['3', '2']);
    assert.deepEqual(await cell(made[1][1]), ['1', '1']);
    assert.deepEqual(await cell(made[2][1]), ['0', '0']);
    const tried = async (username) => coach.$eval(`#progress-table tr[data-username="${username}"] td[data-col="attempts"]`, (td) => td.textContent);
    assert.equal(await tried(made[0][1]), '3');
    // sortable: by puzzles tried, most first after two clicks
    await coach.click('button.sort[data-sort="attempts"]');
    await coach.click('button.sort[data-sort="attempts"]');
    assert.equal(await coach.$eval('#progress-table tbody tr', (tr) => tr.dataset.username), made[0][1]);
    assert.equal(await coach.locator('#progress-table svg.class-chart').count(), 3);
    await coach.screenshot({ path: path.join(SHOTS, 'classes-progress.png'), fullPage: true });
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.context().addCookies(await coach.context().cookies());
    await phone.goto(classUrl);
    await phone.waitForSelector('#progress-table tbody tr >> nth=2');
    // on a 390 px phone the table keeps its heading: the sort buttons are
    // there and work, and the table scrolls in its box, not the page
    const sortOnPhone = phone.locator('#progress-table button.sort[data-sort="attempts"]');
    assert.ok(await sortOnPhone.isVisible(), 'the sort control shows at 390 px');
    await sortOnPhone.click();
    await sortOnPhone.click();
    assert.equal(await phone.$eval('#progress-table tbody tr', (tr) => tr.dataset.username), made[0][1]);
    assert.equal(await phone.$eval('#progress-table th[aria-sort="descending"] button', (b) => b.dataset.sort), 'attempts');
    assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page itself does not scroll sideways');
    await phone.evaluate(() => { const s = document.querySelector('.class-scroll'); if (s) s.scrollLeft = 0; window.scrollTo(0, 0); });
    await phone.screenshot({ path: path.join(SHOTS, 'classes-progress-phone.png'), fullPage: true });

    // the classroom board: two students answer, the coach sees them arrive
    await coach.goto(`${classUrl}/board`);
    await coach.waitForSelector('#board-show');
    for (const p of [ann, bo]) {
      await p.goto(`${classUrl}/board`);
      await p.waitForSelector('#board-waiting');
    }
    await coach.selectOption('#board-puzzle', puzzles[0]);
    await coach.click('#board-show');
    await coach.waitForSelector('#class-board[data-version="1"]');
    for (const p of [ann, bo]) await p.waitForSelector('#class-board[data-version="1"] .puzzle-choice');
    await ann.getByRole('button', { name: right[0], exact: true }).click();
    await coach.waitForSelector('#class-board[data-answered="1"]');
    const boWrong = await bo.$$eval('.puzzle-choice', (bs, r) => bs.map((b) => b.dataset.answer).find((a) => a !== r), right[0]);
    await bo.getByRole('button', { name: boWrong, exact: true }).click();
    await coach.waitForSelector('#class-board[data-answered="2"]');
    assert.equal(await coach.textContent('#board-counts'), '2 of 3 answered · 1 right · 1 wrong');
    assert.match(await coach.textContent('#board-common'), /Bo Chen/);
    assert.equal(await coach.locator('#board-answers tr[data-correct="true"]').count(), 1);
    await coach.screenshot({ path: path.join(SHOTS, 'classes-board.png'), fullPage: true });
    await coach.click('#board-reveal');
    for (const p of [ann, bo]) await p.waitForSelector('#class-board[data-revealed="true"] #board-revealed');
    assert.match(await ann.textContent('#board-revealed'), /You were right/);
    assert.match(await bo.textContent('#board-revealed'), /was not right/);
    const kid = await newPage(browser, { width: 390, height: 844 });
    await kid.context().addCookies(await bo.context().cookies());
    await kid.goto(`${classUrl}/board`);
    await kid.waitForSelector('#board-revealed');
    await kid.screenshot({ path: path.join(SHOTS, 'classes-board-phone.png'), fullPage: true });

    // a typed position (the notation's JSON) with the kind of question: the
    // students answer it like a puzzle and the key is the solver's
    const asked = await (await fetch(`${BASE}/api/puzzles/${puzzles[1]}`)).json();
    await coach.click('#board-typed summary');
    await coach.fill('#board-position', JSON.stringify(asked.position));
    await coach.selectOption('#board-position-kind', 'challenge');
    await coach.click('#board-show-typed');
    await coach.waitForSelector('#class-board[data-version="2"] #board-source[data-source="typed"]');
    assert.equal(await coach.getAttribute('#board-key', 'data-key'), right[1]);
    for (const p of [ann, bo]) {
      await p.goto(`${classUrl}/board`);
      await p.waitForSelector('#class-board[data-version="2"] .puzzle-choice');
    }
    await ann.getByRole('button', { name: right[1], exact: true }).click();
    await coach.waitForSelector('#class-board[data-answered="1"]');
    const boWrong2 = await bo.$$eval('.puzzle-choice', (bs, r) => bs.map((b) => b.dataset.answer).find((a) => a !== r), right[1]);
    await bo.getByRole('button', { name: boWrong2, exact: true }).click();
    await coach.waitForSelector('#class-board[data-answered="2"]');
    assert.equal(await coach.textContent('#board-counts'), '2 of 3 answered · 1 right · 1 wrong');
    // what the coach typed stays in the form while the answers arrive
    assert.equal(await coach.inputValue('#board-position'), JSON.stringify(asked.position));
    await coach.screenshot({ path: path.join(SHOTS, 'classes-board-typed.png'), fullPage: true });
    // a position the solver cannot ask is refused, naming the field
    await coach.fill('#board-position', '{"universe": 3}');
    await coach.click('#board-show-typed');
    await coach.waitForSelector('#board-error .notice.error');
    assert.match(await coach.textContent('#board-error'), /\(position\)/);
    // the browser logs the refused request (400) as a console error: expected once
    assert.equal(coach.errors.filter((e) => /status of 400/.test(e)).length, 1, coach.errors.join('\n'));
    coach.errors = coach.errors.filter((e) => !/status of 400/.test(e));
    // a match's move: the form sends the table and the move (a table that
    // does not exist is refused by name; tests/classes.rs shows a real one)
    await coach.click('#board-review summary');
    await coach.fill('#board-table', 'no-such-table-here');
    await coach.fill('#board-move', '3');
    await coach.selectOption('#board-review-kind', 'safe-move');
    await coach.click('#board-show-review');
    await coach.waitForSelector('#board-error .notice.error');
    assert.match(await coach.textContent('#board-error'), /no match table `no-such-table-here` \(table\)/);
    assert.equal(coach.errors.filter((e) => /status of 404/.test(e)).length, 1, coach.errors.join('\n'));
    coach.errors = coach.errors.filter((e) => !/status of 404/.test(e));
    await coach.click('#board-reveal');
    for (const p of [ann, bo]) await p.waitForSelector('#class-board[data-version="2"][data-revealed="true"] #board-revealed');
    assert.match(await bo.textContent('#board-revealed'), /was not right/);
    for (const p of [coach, ...students]) assert.deepEqual(p.errors, []);

    // no serious or critical axe-core violation on the coach's and a student's pages
    const coachCookies = await coach.context().cookies();
    const classPath = new URL(classUrl).pathname;
    for (const [where, ready] of [['/classes', '#coached-classes'], [classPath, '#progress-table tbody tr'], [`${classPath}/board`, '#board-revealed']]) {
      assert.deepEqual(await audit(browser, coachCookies, where, ready), [], where);
    }
    const annCookies = await ann.context().cookies();
    for (const [where, ready] of [['/classes', '#my-assignments'], [`${classPath}/board`, '#board-revealed']]) {
      assert.deepEqual(await audit(browser, annCookies, where, ready), [], `${where} (a student)`);
    }
  } finally {
    await browser.close();
  }
});
