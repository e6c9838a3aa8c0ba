// The shapes of the server's messages, for the type checker. This module has
// no code: other modules import its types with JSDoc.
//
// The protocol's types (docs/protocol.md) are generated from the server's
// serde types by `cargo run -p onsets-server --features ts --bin export-types`
// into ./generated/ (docs/web.md, "Generated types"); web/ci.sh fails when the
// committed files differ from a fresh export, and `tsc` checks every module
// that speaks the protocol against them. The shapes below the generated ones
// are HTTP bodies (positions, explanations, reviews, rulings) not yet
// generated.

/**
 * @typedef {import('./generated/SeatInfo').SeatInfo} SeatInfo
 * @typedef {import('./generated/TableInfo').TableInfo} TableInfo
 * @typedef {import('./generated/Cube').Cube} Cube
 * @typedef {import('./generated/Place').Place} Place
 * @typedef {import('./generated/TimerView').TimerView} Timer
 * @typedef {import('./generated/ShakeRecord').ShakeRecord} ShakeRecord
 * @typedef {import('./generated/Selection').Selection} Selection
 * @typedef {import('./generated/Presented').Presented} Presented
 * @typedef {import('./generated/Writer').Writer} Writer
 * @typedef {import('./generated/WritingKind').WritingKind} WritingKind
 * @typedef {import('./generated/Decision').Decision} Decision
 * @typedef {import('./generated/Phase').Phase} Phase
 * @typedef {import('./generated/GoalSpec').GoalSpec} GoalSpec
 * @typedef {import('./generated/Act').Act} LegalAct an act as the server lists it (`legal`)
 * @typedef {LegalAct extends infer A ? A extends any ? Omit<A, 'player'> : never : never} Act
 *   an act as a seat sends it: the engine's act without `player` (the seat is the token's)
 * @typedef {Extract<LegalAct, {type: 'move'|'shift'}>} CubeAct a legal move or shift of one cube
 * @typedef {import('./generated/Event').Event} GameEvent
 * @typedef {import('./generated/SeenEvent1969').SeenEvent1969} GameEvent1969
 * @typedef {import('./generated/MatchView').MatchView} MatchView
 * @typedef {import('./generated/View1969').View1969} View1969
 * @typedef {import('./generated/ClientMsg').ClientMsg} ClientMsg
 * @typedef {import('./generated/ServerMsg').ServerMsg & {v?: number}} ServerMsg
 * @typedef {Extract<ServerMsg, {type: 'previewed'}>} Preview
 */

/**
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
 */

export {};
