// A 1969 table made with `POST /api/tables` (`"edition": "1969"`, as any
// table) is played at its link `/t69/{id}` over the table's WebSocket: a
// visitor takes the open seat under a name, the person's acts are accepted
// and shown, the bot's answer arrives without a reload, and after a reload
// the seat is rejoined with its token.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, launch, newPage } from './helpers.mjs';

const state = async (id) => (await fetch(`${BASE}/api/tables1969/${id}`)).json();

/** The text of "What happened" on a page. */
const events = (page) => page.locator('#m69-events').innerText();

test('1969 table of POST /api/tables: played at its link over /ws', async () => {
  const r = await fetch(`${BASE}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      edition: '1969',
      form: 'basic',
      seed: 21,
      plays: 2,
      challenge_window_ms: 0,
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'expert' }],
    }),
  });
  assert.equal(r.status, 201);
  const made = await r.json();
  assert.equal(made.edition, '1969');
  assert.equal(made.link, `/t69/${made.id}`);
  const id = made.id;
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const frames = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.goto(`${BASE}${made.link}`);
    await page.waitForSelector('#m69-take-seat');
    await page.fill('#m69-join-name', 'Di');
    await page.click('#m69-take-seat');
    await page.waitForFunction(() => document.querySelector('#m69-seat-list')?.textContent?.includes('Di (you)'));
    await page.waitForFunction(() => !document.querySelector('#m69-phase')?.textContent?.includes('Waiting'));
    assert.ok(frames.some((f) => f.includes('"type":"joined"')), 'the seat was taken over /ws');
    assert.equal((await state(id)).players[0], 'Di');

    // The person plays three decisions; each is accepted and shown.
    let acted = 0;
    for (let step = 0; step < 40 && acted < 3; step++) {
      await page.waitForSelector('#m69-yours');
      const s = await state(id);
      if (s.over) break;
      const before = await events(page);
      const phase = s.phase.phase;
      if (phase === 'deal') {
        await page.fill('#m69-count', '7');
        await page.click('#m69-deal');
      } else if (phase === 'roll') {
        await page.click('#m69-roll');
      } else if (phase === 'goal') {
        const digit = s.cubes.find((c) => c.family === 'digit' && c.place === 'resources').face;
        await page.fill('#m69-goal-input', digit);
        await page.click('#m69-set-goal');
      } else if (phase === 'moves') {
        await page.locator('.m69-cube:not([disabled])').first().click();
        await page.click('#m69-to-forbidden');
      } else if (phase === 'no_goal') {
        await page.click('#m69-accept');
      } else if (await page.locator('#m69-decline').count()) {
        await page.click('#m69-decline');
      } else {
        break;
      }
      // The act's update: "What happened" grows.
      await page.waitForFunction((b) => document.querySelector('#m69-events')?.textContent !== b, before);
      acted += 1;
    }
    assert.ok(acted >= 2, `the person acted ${acted} times`);
    assert.ok(frames.some((f) => f.includes('"type":"accepted"')), 'acts were accepted over /ws');
    assert.equal(await page.locator('#m69-error:not([hidden])').count(), 0, await page.locator('#m69-error').innerText());

    // After a reload the seat is rejoined with its token.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#m69-seat-list')?.textContent?.includes('Di (you)'));
    assert.ok(frames.some((f) => f.includes('"type":"joined"') && f.includes('"name":"Di"')));
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
