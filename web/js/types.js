// The shapes of the server's messages (docs/protocol.md), for the type checker.
// This module has no code: other modules import its types with JSDoc.

/**
 * @typedef {{seat: number, name: string, kind: 'human'|'bot', level?: string,
 *   taken: boolean, connected: boolean}} SeatInfo
 * @typedef {{id: string, link: string, division: string, adventurous: boolean,
 *   round_minutes: number, checking: string, seats: SeatInfo[],
 *   status: 'waiting'|'playing'|'over'|'abandoned', shake: number, spectators: number}} TableInfo
 * @typedef {{id: number, family: 'digit'|'color'|'operation'|'restriction',
 *   face: string, place: Place}} Cube
 * @typedef {'resources'|'goal'|'required'|'permitted'|'forbidden'} Place
 * @typedef {{player: number, task: string, due_ms: number, stage: number, penal: boolean, started_ms?: number}} Timer
 * @typedef {{shake: number, goal_setter: number, points: number[], penalties: number[],
 *   void: boolean, note: string}} ShakeRecord
 * @typedef {{player: number, variation: string, legal: boolean, withdrawn: boolean}} Selection
 * @typedef {{solution: string, goal: GoalSpec|null}} Presented
 * @typedef {{role: 'must'|'may'|'may_not', presented: Presented|null, declined: boolean,
 *   lapsed: boolean}} Writer
 * @typedef {{kind: 'challenge', challenge: string, challenger: number, mover: number}
 *   | {kind: 'forceout', mover: number, window_until: number}
 *   | {kind: 'end_of_round'}
 *   | {kind: 'no_goal', challenger: number, setter: number}} WritingKind
 * @typedef {string | {objected: {upheld: boolean}}} Decision
 * @typedef {{phase: 'setup', rolled: boolean, dealt: boolean}
 *   | {phase: 'variations', pos: number, picks: number, failures: number}
 *   | {phase: 'goal', bonus: number|null, revise: number[]}
 *   | {phase: 'no_goal', agreed: number[]}
 *   | {phase: 'moves', turn: number, bonus: number|null, first: boolean}
 *   | {phase: 'writing', kind: WritingKind, writers: Writer[]}
 *   | {phase: 'checking', kind: WritingKind, writers: Writer[], queue: number[], current: number,
 *      decisions: Decision[][], correct: (boolean|null)[], attempts: [number, number, string][]}
 *   | {phase: 'over'}} Phase
 * @typedef {string | {digits: number[], description: string}} GoalSpec
 * @typedef {{type: string, [key: string]: any}} Act
 * @typedef {{event: string, [key: string]: any}} GameEvent
 * @typedef {{version: number, now_ms: number, you: number|null, players: string[],
 *   division: string, adventurous: boolean, round_ms: number, checking: string,
 *   shake: number, goal_setter: number, dealer: number, last_mover: number|null,
 *   phase: Phase, cubes: Cube[], cards: string[], deck_left: number, goal: GoalSpec|null,
 *   selections: Selection[], variations: string[], timers: Timer[], totals: number[],
 *   penalties: number[], history: ShakeRecord[], pending: {offender: number, rule: string}[],
 *   block: number|null, block_until: number|null, round_up: boolean, stop_at: number|null,
 *   match_points: number[]|null, present: boolean[], seated: boolean[], legal: Act[]}} MatchView
 * @typedef {{type: string, v?: number, [key: string]: any}} ServerMsg
 * @typedef {{type: 'previewed', ref?: number, ok: boolean, reads?: string,
 *   solutions?: {set_names: number, restrictions: number, blanks: number}[],
 *   message?: string, line?: number, column?: number, rule?: string}} Preview
 */

export {};
