// The position the "Why?" disclosure sends (built from the table's view) is
// one the server reads, and the review chart's advantage counts as
// docs/review.md says. Plain node against the running server, no browser.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE } from './helpers.mjs';
import { positionFromView } from '../js/explain.js';
import { advantage } from '../js/review/advantage.js';

/** A view in checking after a Now challenge, shaped as the server sends it. */
const view = /** @type {any} */ ({
  division: 'Middle',
  adventurous: true,
  cards: ['B', 'R', 'G', 'Y', 'BR', 'BG', 'RG', 'BRG'],
  goal: '5',
  variations: ['shift-from-permitted'],
  phase: { phase: 'checking', kind: { kind: 'challenge', challenge: 'now', challenger: 1, mover: 0 } },
  cubes: [
    { id: 1, family: 'color', face: 'B', place: 'required' },
    { id: 2, family: 'color', face: 'R', place: 'permitted' },
    { id: 3, family: 'operation', face: '∪', place: 'resources' },
    { id: 4, family: 'color', face: 'Y', place: 'resources' },
    { id: 5, family: 'digit', face: '5', place: 'goal' },
    { id: 6, family: 'digit', face: '3', place: 'resources' },
    { id: 7, family: 'restriction', face: 'Λ', place: 'forbidden' },
  ],
});

test('the Why? position is the mat in the challenge\'s situation, and the server explains it', async () => {
  const p = positionFromView(view);
  assert.ok(p);
  assert.deepEqual(
    { ...p },
    {
      division: 'middle', adventurous: true, universe: 'B R G Y BR BG RG BRG', goal: '5',
      required: 'B', permitted: 'R', forbidden: 'Λ', resources: '∪ Y', variations: ['shift-from-permitted'],
      situation: 'now',
    },
  );
  const r = await fetch(`${BASE}/api/explain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ position: p, solution: 'B ∪ R' }),
  });
  const e = await r.json();
  assert.equal(r.status, 200, JSON.stringify(e));
  assert.equal(typeof e.correct, 'boolean');
  assert.ok(e.solutions[0].steps.length >= 3);
  // No verdict to explain outside writing and checking.
  assert.equal(positionFromView({ ...view, phase: { phase: 'moves', turn: 0, bonus: null, first: false } }), null);
});

test('advantage: +1 a safe move, −2 a Flub, −1 each chance let pass', () => {
  const mv = (/** @type {number} */ player, /** @type {string} */ cls) => ({ shake: 1, player, class: cls });
  const review = /** @type {any} */ ({
    players: ['A', 'B'],
    moves: [mv(0, 'safe'), mv(1, 'now-wins'), mv(0, 'safe'), mv(1, 'safe')],
    missed_challenges: [{ shake: 1, after_move: 1, kind: 'now', players: [0] }],
  });
  assert.deepEqual(advantage(review, 1).map((x) => x.values), [[1, 0], [1, -2], [1, -2], [1, -1]]);
});
