// The 1969 table page's "What happened" (docs/review.md, "1969 games"): an
// old move is told with the faces of its own play's roll, not the faces
// rolled since, and a score note names the players (M69 3.8). Plain node,
// no browser and no server.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { facesAt, named } from '../js/claims1969.js';

/** A state after two plays, shaped as the server sends it (only what the history reads). */
const state = /** @type {any} */ ({
  players: ['Al', 'Bea'],
  cubes: [{ id: 0, face: '2' }, { id: 1, face: 'O' }, { id: 2, face: '∩' }],
  events: [
    { event: 'rolled', faces: ['1', 'R', '∪'] },
    { event: 'moved', player: 1, cube: 1, to: 'permitted' },
    { event: 'play_scored', scores: [0, 2], note: 'A-claim by player 1 against player 0' },
    { event: 'rolled', faces: ['2', 'O', '∩'] },
    { event: 'moved', player: 0, cube: 1, to: 'required' },
  ],
});

test('an old move is told with the faces of its own roll', () => {
  assert.deepEqual(facesAt(state, 1), ['1', 'R', '∪'], 'the first play rolled R as cube 1');
  assert.deepEqual(facesAt(state, 4), ['2', 'O', '∩'], 'the second play rolled O as cube 1');
});

test('a move whose roll is no longer kept is told by its cube, never by a later face', () => {
  const trimmed = { ...state, events: state.events.slice(1) };
  assert.equal(facesAt(trimmed, 0), null);
  const current = { ...state, events: [{ event: 'moved', player: 0, cube: 1, to: 'required' }] };
  assert.deepEqual(facesAt(current, 0), ['2', 'O', '∩'], 'no roll kept: the play in progress');
});

test('a score note names the players, never "player 1 against player 0"', () => {
  assert.equal(named('A-claim by player 1 against player 0', state.players), 'A-claim by Bea against Al');
});
