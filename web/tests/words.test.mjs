// The table's sentences speak to the player in the second person (docs/web.md:
// never "You's Solution is correct"). Plain node, no browser.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventWords, whose } from '../js/words.js';

const m = /** @type {any} */ ({ you: 0, players: ['Ann', 'Club bot'], cubes: [] });

test('possessives: Your / your / Club bot\'s, never You\'s', () => {
  assert.equal(whose(m, 0), 'Your');
  assert.equal(whose(m, 0, false), 'your');
  assert.equal(whose(m, 1), "Club bot's");
  const events = [
    { event: 'solution_judged', writer: 0, correct: true, reasons: [] },
    { event: 'accepted', checker: 1, writer: 0 },
    { event: 'objection_ruled', checker: 0, writer: 1, upheld: false, reason: 'r' },
    { event: 'objection_ruled', checker: 1, writer: 0, upheld: true, reason: 'r' },
    { event: 'challenge_set_aside', player: 0, rule: 'V-B', reason: 'r' },
    { event: 'charge_set_aside', by: 0, reason: 'r' },
    { event: 'insulated', offender: 0, rule: 'IX-A' },
    { event: 'selection_insulated', player: 0, variation: 'two-operations' },
    { event: 'ambiguity_attempt', checker: 1, writer: 0, grouping: '(B ∪ R)' },
    { event: 'illegal_procedure_charged', by: 1, offender: 0, rule: 'IV-D', correction: 'c' },
    { event: 'time_expired', player: 0, task: 'move', second: false },
  ];
  for (const e of events) {
    const w = eventWords(/** @type {any} */ (e), m);
    assert.ok(w, e.event);
    assert.doesNotMatch(w.text, /You's|you's|against You|for You|by You/, w.text);
  }
  assert.match(eventWords(/** @type {any} */ (events[0]), m).text, /^Your Solution is correct/);
  assert.match(eventWords(/** @type {any} */ (events[1]), m).text, /accepted your Solution/);
});

test('2019-20: a correct Third Party beside a wrong Now Challenger joined the Challenger and scores 4 (X-B-2)', async () => {
  const { scoreReasons } = await import('../js/words.js');
  const m19 = /** @type {any} */ ({ you: 0, players: ['Ann', 'Bob', 'Cy'], cubes: [], third_party_joins: true });
  const ctx = { kind: 'now', challenger: 0, mover: 1, presented: new Set([0, 2]), correct: { 0: false, 2: true } };
  const lines = scoreReasons(m19, ctx, [2, 2, 4]);
  assert.match(lines[2].why, /joined the Challenger/);
  assert.equal(lines[2].points, 4);
  // 2026-27: the same shake scores the Third Party 6, in its own words.
  const t26 = scoreReasons({ ...m19, third_party_joins: false }, ctx, [2, 2, 6]);
  assert.match(t26[2].why, /the Challenger did not/);
});

test('2019-20: a Third Party who joined the writer and presented nothing scores 2 (VII-A-3, X-A-1)', async () => {
  const { scoreReasons } = await import('../js/words.js');
  const m19 = /** @type {any} */ ({ you: 0, players: ['Ann', 'Bob', 'Cy'], cubes: [], third_party_joins: true });
  const ctx = { kind: 'now', challenger: 0, mover: 1, presented: new Set([0]), correct: { 0: false }, joined: { 2: 'challenger' } };
  const lines = scoreReasons(m19, ctx, [2, 6, 2]);
  assert.match(lines[2].why, /joined the Challenger and presented no Solution/);
  assert.equal(lines[2].rule, 'X-A-1');
  const words = eventWords(/** @type {any} */ ({ event: 'joined_side', player: 2, side: 'mover' }), m19);
  assert.match(words?.text ?? '', /Cy joins the Mover/);
});
