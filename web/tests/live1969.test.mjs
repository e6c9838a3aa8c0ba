// 1969 tables live (docs/editions.md): a coach makes a 1969 table with an open seat
// from the lobby's panel; a second browser (its own context, its own
// storage) finds it in the lobby's list with its rules, joins it, and from
// then on what one person does appears on the other's page without a reload
// (the table's event stream; the page does not poll). A spectator on a
// phone (390 px, no seat, no token) watches from the lobby's Watch button and
// sees the same acts.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, launch, newPage } from './helpers.mjs';

const state = async (id) => (await fetch(`${BASE}/api/tables1969/${id}`)).json();

test('1969 table live: one joins from the lobby, each act shows on the other page', async () => {
  const browser = await launch();
  try {
    const coach = await newPage(browser);
    await coach.goto(`${BASE}/`);
    await coach.waitForSelector('#m69-create');
    await coach.fill('#m69-seats', '2');
    await coach.selectOption('#m69-bots', 'open');
    await coach.click('#m69-create-button');
    await coach.waitForURL(/\/t69\/[a-z0-9]+$/);
    const id = coach.url().split('/t69/').pop();
    await coach.waitForFunction(() => document.querySelector('#m69-phase')?.textContent?.includes('Waiting for players'));
    // From here on the coach's page must not poll the state.
    let polls = 0;
    coach.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/tables1969/${id}`) polls += 1;
    });

    const guest = await newPage(browser);
    await guest.goto(`${BASE}/`);
    await guest.fill('#create-name', 'Bea');
    const row = guest.locator(`tr[data-table="${id}"]`);
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /1969 rules/);
    assert.match(text, /Basic ON-SETS/);
    assert.match(text, /open seat/);
    assert.match(text, /waiting for players/);
    await guest.click(`button[data-join="${id}"]`);
    await guest.waitForURL(new RegExp(`/t69/${id}$`));
    await guest.waitForFunction(() => document.querySelector('#m69-seat-list')?.textContent?.includes('Bea (you)'));

    // The coach's page hears of the join: Bea sits, the game begins.
    await coach.waitForFunction(() => {
      const t = document.querySelector('#m69-phase')?.textContent ?? '';
      return document.querySelector('#m69-seat-list')?.textContent?.includes('Bea') && !t.includes('Waiting');
    });

    // A spectator on a phone: Watch from the lobby, no token.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.goto(`${BASE}/`);
    const prow = phone.locator(`tr[data-table="${id}"]`);
    await prow.waitFor();
    await prow.getByRole('button', { name: 'Watch' }).click();
    await phone.waitForURL(new RegExp(`/t69/${id}$`));
    await phone.waitForSelector('#m69-watching');
    assert.equal(await phone.locator('#m69-take-seat').count(), 0, 'no open seat is left');

    // Each act in one page shows in the other, without a reload.
    const pages = [coach, guest];
    let s = await state(id);
    for (let step = 0; step < 3; step++) {
      const p = s.awaiting.findIndex((a) => a);
      assert.ok(p >= 0, JSON.stringify(s.phase));
      const actor = pages[p];
      const other = pages[1 - p];
      const before = await other.locator('#m69-events').innerText();
      const phase = s.phase.phase;
      if (phase === 'deal') {
        await actor.fill('#m69-count', '7');
        await actor.click('#m69-deal');
        await other.waitForFunction(() => !document.querySelector('#m69-universe')?.textContent?.includes('not dealt'));
      } else if (phase === 'roll') {
        await actor.click('#m69-roll');
        await other.waitForFunction(() => document.querySelector('#m69-events')?.textContent?.includes('Rolled'));
      } else if (phase === 'goal') {
        const digit = s.cubes.find((c) => c.family === 'digit' && c.place === 'resources').face;
        await actor.fill('#m69-goal-input', digit);
        await actor.click('#m69-set-goal');
        await other.waitForFunction((g) => document.querySelector('#m69-goal')?.textContent?.includes(g), digit);
      } else {
        break;
      }
      assert.notEqual(await other.locator('#m69-events').innerText(), before);
      await phone.waitForFunction((t) => document.querySelector('#m69-events')?.textContent === t,
        await other.locator('#m69-events').textContent());
      s = await state(id);
    }
    assert.equal(polls, 0, 'the coach’s page follows the stream, it does not poll');
    const fit = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
    assert.ok(fit.scroll <= fit.window, `the watching phone fits: ${JSON.stringify(fit)}`);
    assert.deepEqual(phone.errors, []);
    assert.deepEqual(coach.errors, []);
    assert.deepEqual(guest.errors, []);
  } finally {
    await browser.close();
  }
});

test('1969 table live: a visitor with the link takes the open seat on the table’s page', async () => {
  const browser = await launch();
  try {
    const r = await fetch(`${BASE}/api/tables1969`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ form: 'advanced', seats: [{ kind: 'open' }, { kind: 'bot', level: 'expert' }] }),
    });
    assert.equal(r.status, 201);
    const { id } = await r.json();
    const page = await newPage(browser);
    await page.goto(`${BASE}/t69/${id}`);
    await page.waitForSelector('#m69-take-seat');
    assert.match(await page.locator('#m69-phase').innerText(), /Waiting for players: 1 open seat/);
    await page.fill('#m69-join-name', 'Cy');
    await page.click('#m69-take-seat');
    await page.waitForFunction(() => document.querySelector('#m69-seat-list')?.textContent?.includes('Cy (you)'));
    await page.waitForFunction(() => !document.querySelector('#m69-phase')?.textContent?.includes('Waiting'));
    assert.equal(await page.locator('#m69-take-seat').count(), 0);
    // The seat is kept: after a reload the page still acts for Cy.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#m69-seat-list')?.textContent?.includes('Cy (you)'));
    const s = await state(id);
    assert.equal(s.players[0], 'Cy');
    assert.equal(s.waiting, false);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
