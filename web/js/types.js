// The shapes of the server's messages (docs/protocol.md), for the type checker.
// This module has no code: other modules import its types with JSDoc.

/**
 * @typedef {{seat: number, name: string, kind: 'human'|'bot', level?: string,
 *   taken: boolean, connected: boolean}} SeatInfo
 * @typedef {{id: string, link: string, division: string, adventurous: boolean, edition?: string,
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
 *   | {phase: 'goal', bonus: number|null, revise: number[], arranged?: GoalSpec}
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
 *   division: string, adventurous: boolean, edition?: string, third_party_joins?: boolean,
 *   round_ms: number, checking: string,
 *   shake: number, goal_setter: number, dealer: number, last_mover: number|null,
 *   phase: Phase, cubes: Cube[], cards: string[], deck_left: number, goal: GoalSpec|null,
 *   selections: Selection[], variations: string[], timers: Timer[], totals: number[],
 *   penalties: number[], history: ShakeRecord[], pending: {offender: number, rule: string}[],
 *   block: number|null, block_until: number|null, round_up: boolean, stop_at: number|null,
 *   match_points: number[]|null, present: boolean[], seated: boolean[], legal: Act[]}} MatchView
 * @typedef {{type: string, v?: number, [key: string]: any}} ServerMsg
 * @typedef {{division: string, adventurous: boolean, universe: string, goal: string,
 *   required: string, permitted: string, forbidden: string, resources: string,
 *   variations: string[], situation: string, edition?: string}} PositionJson
 * @typedef {{grouped: string, cards: string[], value: number}} Reading
 * @typedef {{text: string, universe: string[], restrictions: {restriction: string, readings: {grouped: string, removes: string[]}[]}[],
 *   kept: string[]|null, steps: {expr: string, cards: string[]|null, interpretations?: Reading[]}[],
 *   interpretations: Reading[], truncated?: boolean,
 *   cubes: {possible: boolean, symbols: {part: string, symbol: string, line: number, column: number, cube: string|null, section: string|null}[]}}} SolutionExplanation
 * @typedef {{correct: boolean, verdict: any, solutions: SolutionExplanation[],
 *   failures: {code: string, section: string, fact: string}[]}} Explanation
 * @typedef {{shake: number, line: number, player: number, mv: string, position_after: PositionJson,
 *   now_correct: boolean, impossible_correct: boolean, class: 'safe'|'now-wins'|'impossible-wins',
 *   witness: string|null, best_alternative: string|null}} MoveReview
 * @typedef {{players: string[], moves: MoveReview[],
 *   missed_challenges: {shake: number, after_move: number, kind: string, players: number[], witness: string|null}[],
 *   challenges: {shake: number, line: number, player: number, kind: string, correct: boolean, witness: string|null}[],
 *   goals: {shake: number, line: number, player: number, goal: string, solvable: boolean,
 *     allowed: {goal: string, values: number[], solvable: boolean}[], solvable_count: number}[],
 *   summary: {name: string, moves: number, safe_moves: number, flubs: number, missed_chances: number,
 *     correct_challenges: number, incorrect_challenges: number, accuracy: number|null}[]}} Review
 * @typedef {{ruling: string, decided_by: string, upheld: boolean, reasons: {section: string, text: string}[],
 *   explanation?: Explanation, witness?: string, events?: GameEvent[], totals_before?: number[],
 *   totals_after?: number[], position: PositionJson|null,
 *   situations: {id: string, summary: string, matched: string[]}[]}} Ruling
 * @typedef {{type: 'previewed', ref?: number, ok: boolean, reads?: string,
 *   solutions?: {set_names: number, restrictions: number, blanks: number}[],
 *   message?: string, line?: number, column?: number, rule?: string}} Preview
 */

export {};
