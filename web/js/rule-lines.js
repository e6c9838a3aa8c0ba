// The rules glossary's one table (docs/web-client.md, "Citations"): every
// rule section a page cites (OS-A2, III-C, VII-B-4-b, M69 3.7, …) in one
// plain-words line, and the lookup that falls back to the nearest enclosing
// section. No imports: pages drawn as DOM and node tests read it too; the
// links and the `/rules` page are drawn by rules.js.

/**
 * The glossary: [section, title, the rule in plain words]. Sections of the
 * 2026-27 tournament rules (the 2019-20 texts, cited as `A19`/`B19 …`, say
 * the same under the same numbers), of the judges' manual (`OS-…`) and of
 * the 1969 manual (`M69 …`).
 * @type {[string, string, string][]}
 */
export const RULES = [
  ['I-A', 'A match', 'A match is two or three players playing shakes; each shake ends when someone tries to write a Solution.'],
  ['I-B', 'The kit', '16 cards, 18 cubes (3 digits, 8 colors, 4 operations, 3 Restrictions), a mat, a one-minute timer and a challenge block.'],
  ['I-B-1', 'The cards', 'Each of the 16 cards has its own mix of blue, red, green and yellow dots (one card has none).'],
  ['I-B-2', 'The cubes', 'Digit cubes show 1–5; color cubes a colored dot; operation cubes ∪ ∩ − ′; Restriction cubes V Λ = ⊆.'],
  ['I-B-3', 'The mat', 'The mat has four sections: Goal, Required (must be used), Permitted (may be used), Forbidden (may not be used).'],
  ['I-C', 'What players may use', 'Only pencil, paper and the variation sheet: no notes, calculators or phones.'],
  ['I-D', 'The first Goal-setter', 'The first Goal-setter is chosen by lot; then the turn to set the Goal passes to the left.'],
  ['II-A', 'Rolling the cubes', 'The Goal-setter rolls all the cubes; the faces on top are the Resources for the shake.'],
  ['II-B', 'Dealing the Universe', 'The player on the Goal-setter’s right deals the cards: 6 to 12 (10 to 14 in Senior).'],
  ['II-C', 'Choosing variations', 'In Adventurous On-Sets each player picks a variation before the Goal is set, 15 seconds each.'],
  ['II-C-2', 'A variation that cannot count', 'A variation that has no effect, clashes with one already chosen or repeats one costs a point, and the player picks again.'],
  ['III-A', 'Setting the Goal', 'The player who rolled moves digit cubes from Resources to the Goal section.'],
  ['III-B', 'What a Goal is', 'One to three digit cubes that name a whole number.'],
  ['III-B-1', 'Goal layouts', 'Side by side adds, one above the other multiplies, upside-down is negative; only a few layouts are legal.'],
  ['III-B-2', 'A Goal once set', 'A digit cube that touches the Goal section must be used in it; the Goal is set when its setter says “Goal” and then cannot change.'],
  ['III-C', 'The Goal-setter’s bonus move', 'Before setting the Goal, a Goal-setter who is not leading may say “Bonus” and move one cube (not = or ⊆) to Forbidden.'],
  ['III-D', '“No Goal”', 'A Goal-setter who thinks no Goal has a Solution may say “no Goal”; the others agree or challenge.'],
  ['III-D-1', '“No Goal” agreed', 'If everyone agrees, the shake is void and the same player sets the Goal of a new shake.'],
  ['III-D-2', '“No Goal” challenged', 'A challenger of “no Goal” writes a Goal and a Solution: 6 if correct, 2 if not; the Goal-setter scores 2 if anyone is correct, 6 if no one is.'],
  ['IV-A', 'Turns', 'After the Goal is set, players take turns to the left.'],
  ['IV-B', 'A turn', 'On your turn you move one cube from Resources to Required, Permitted or Forbidden, or you challenge.'],
  ['IV-C', 'Bonus move', 'A player who is not leading may say “Bonus” and first move a cube to Forbidden, then make the regular move.'],
  ['IV-C-1', 'How to make a bonus move', 'Say “Bonus” first, then move a cube to Forbidden; without the word it is your regular move.'],
  ['IV-C-2', 'A bonus move by the leader', 'The leader may not take a bonus move: if caught in time, the second cube goes back and the player loses a point.'],
  ['IV-D', '= and ⊆ to Forbidden', 'In Middle, Junior and Senior, = and ⊆ may go to Forbidden only when four or fewer cubes are left in Resources.'],
  ['V-A', 'Challenges', 'You may challenge the player who just moved (or set the Goal): the only challenges are Now and Impossible.'],
  ['V-A-1', 'Impossible', 'Impossible claims that no correct Solution can be written, however the remaining cubes are played.'],
  ['V-A-2', 'Now', 'Now claims that a Solution can be written with the cubes on the mat and at most one cube from Resources.'],
  ['V-A-2-a', 'Now needs two cubes in Resources', 'Now may be called only while at least two cubes are in Resources.'],
  ['V-A-2-b', 'Now needs a cube in Required or Permitted', 'Now may not be called before any cube is in Required or Permitted.'],
  ['V-B', 'An invalid challenge', 'An invalid challenge is set aside and the challenger loses one point.'],
  ['VI-A', 'The Set-Name', 'The Set-Name part names a set of cards in the Universe with legal symbols.'],
  ['VI-B', 'Restrictions', 'A Restriction (with = or ⊆) removes from the Universe, for this Solution, the cards that do not satisfy it.'],
  ['VI-B-2', 'Kinds of Restriction', 'Set 1 ⊆ Set 2 removes cards in Set 1 but not Set 2; Set 1 = Set 2 removes cards in one set but not the other.'],
  ['VI-B-3', 'Brackets in a Restriction', 'No brackets may enclose an = or ⊆, except brackets around the whole Restriction.'],
  ['VII-A', 'Who writes', 'After a valid challenge at least one player must write a Solution: after Now the Challenger, after Impossible the Mover.'],
  ['VII-A-3', 'The Third Party', 'In a three-player match the third player sides with the Challenger or the Mover and may write a Solution.'],
  ['VII-B', 'A correct Solution', 'A Solution is correct when its Set-Name is legal, it equals the Goal, it uses the cubes correctly and meets the variations.'],
  ['VII-B-1', 'A valid Set-Name', 'The Solution must have a legal Set-Name part.'],
  ['VII-B-2', 'A Restriction when needed', 'With an = or ⊆ in Required (Middle and up), the Solution must have a Restriction part.'],
  ['VII-B-3', 'It equals the Goal', 'The number of cards the Set-Name picks out must equal the Goal.'],
  ['VII-B-4', 'Using the cubes', 'At least two cubes; every Required cube used; no Forbidden cube; after Now at most one cube from Resources.'],
  ['VII-B-4-a', 'At least two cubes', 'A Solution must use at least two cubes.'],
  ['VII-B-4-b', 'Required cubes', 'Every cube in Required must be used (in the Restriction and, except = and ⊆, in the Set-Name).'],
  ['VII-B-4-c', 'Permitted cubes', 'Cubes in Permitted may be used.'],
  ['VII-B-4-d', 'Forbidden cubes', 'No cube in Forbidden may be used.'],
  ['VII-B-4-e', 'After Now', 'After a Now challenge, at most one cube from Resources may be used.'],
  ['VII-B-4-f', 'After Impossible', 'After an Impossible challenge, every cube in Resources counts as Permitted.'],
  ['VII-B-5', 'The variations', 'In Adventurous On-Sets a Solution must meet every variation chosen for the shake.'],
  ['VII-B-6', 'Every reading', 'Every legal reading (grouping) of the Solution must equal the Goal; only ′ goes before the other operations.'],
  ['VII-C', 'Checking Solutions', 'All Solutions are presented, then checked: opponents accept or reject each within two minutes.'],
  ['VII-C-3', 'Time to check', 'Opponents have two minutes to check each Solution.'],
  ['VII-C-4', 'Accepting or rejecting', 'To reject a Solution an opponent must show which rule of a correct Solution it breaks.'],
  ['VII-C-5', 'Why a Solution does not equal the Goal', 'The checker must say why: no legal Goal, a wrong value, a grouping that does not equal the Goal, an undefined symbol, or a variation misused.'],
  ['VII-C-5-a', 'An illegal Goal', 'A Goal with no legal reading means no Solution can equal it.'],
  ['VII-C-5-c', 'A grouping that fails', 'If some grouping of the Solution does not equal the Goal, the checker writes it out to show it.'],
  ['VII-C-5-d', 'A symbol without meaning', 'A symbol or group of symbols that means nothing makes the Solution incorrect.'],
  ['VII-C-5-e', 'A variation misused', 'A variation applied wrongly, or not at all, makes the Solution incorrect.'],
  ['VII-C-6', 'Asking a judge', 'The checkers may ask a judge whether a Solution equals the Goal; then no more objections are allowed.'],
  ['VIII-A', 'The last cube', 'With one cube left in Resources the next player must play it to Required or Permitted (not Forbidden) or challenge Impossible.'],
  ['VIII-B', 'Impossible after the last cube', 'Impossible may still be called during the first minute of writing after the last cube is played.'],
  ['IX-A', 'Illegal procedure', 'A move that breaks a procedure rule is corrected when someone names the fault; charging wrongly costs nothing.'],
  ['IX-A-1', 'Correcting an illegal move', 'The cube goes back and the player moves again, with at least ten seconds to do it.'],
  ['IX-A-2', 'A legal move stands', 'If the move was legal, the cube stays where it was played.'],
  ['IX-B', 'Insulated', 'Once another player acts legally, an uncorrected illegal procedure stands.'],
  ['IX-C', 'Behavior', 'After a warning, disturbing play costs a point each time.'],
  ['IX-D', 'Serious infractions', 'Two judges may give a −1 penalty at once for an unfair advantage or a disrupted shake.'],
  ['X-A', 'Who is correct', 'A player is correct who had to write a Solution and wrote a correct one, or did not have to and no opponent wrote a correct one.'],
  ['X-A-1', 'Correct by writing', 'A player who had to write a Solution is correct with a correct one.'],
  ['X-A-2', 'Correct without writing', 'A player who did not have to write is correct when no opponent wrote a correct Solution.'],
  ['X-B', 'Points after a challenge', 'A correct Challenger or Mover scores 6, anyone not correct 2, a Third Party 4 or 6.'],
  ['X-B-1', 'Not correct: 2', 'A player who is not correct scores 2.'],
  ['X-B-2', 'Correct: 6', 'A correct Challenger or Mover scores 6.'],
  ['X-B-3', 'Third Party: 6', 'The Third Party scores 6 when they beat the side that had to write (see the cases in the rule).'],
  ['X-B-4', 'Third Party: 4', 'The Third Party scores 4 when they and the side that had to write end level (see the cases in the rule).'],
  ['X-C', 'Points after the last cube', 'With no challenge after the last cube, a correct Solution scores 4 and anyone without one 2.'],
  ['X-C-1', 'A correct Solution: 4', 'After the last cube with no challenge, a correct Solution scores 4.'],
  ['X-C-2', 'No correct Solution: 2', 'After the last cube with no challenge, a player without a correct Solution scores 2.'],
  ['X-D', 'Absent or late', 'A player absent or late for a shake scores −2 for it.'],
  ['XI-A', 'Time limits', 'Each task has a time limit; missing it costs a point and gives one more minute.'],
  ['XI-A-1', 'The limits', 'Roll and deal 1 min; variation 15 s; Goal 2 min; first turn 2 min; other turns 1 min; write 2 min; check 2 min.'],
  ['XI-A-3', 'The countdown', 'A player out of time is warned and given a ten-second countdown before the point is taken.'],
  ['XI-B', 'The end of a round', 'After 30 minutes no new shake starts; a shake in play gets five more minutes.'],
  ['XI-B-2', 'Stop', 'When the five minutes are up, everyone has two minutes to write a Solution with any cubes: 4 if correct, 2 if not.'],
  ['XII', 'Scoring a match', 'A match is won by the highest total of its shakes’ scores.'],
  ['XII-A', 'Match points', 'A match is won by the highest total: 6 for first alone, 5 for a tie for first, 4 for second alone, and so on.'],
  ['XII-B', 'Signing the scoresheet', 'Players sign the scoresheet; a deliberately wrong score can cost the round.'],
  ['XIII', 'Adventurous variations', 'In Adventurous On-Sets the players pick variations that change what a correct Solution is.'],
  ['XIII-A', 'Elementary variations', 'The variations Elementary players may pick (and everyone above them).'],
  ['XIII-A-1', 'Required Cube', 'Every Solution must use a cube showing the named symbol.'],
  ['XIII-A-2', 'Wild Cube', 'The named cube may stand for any symbol except a digit.'],
  ['XIII-A-3', '∪ and ∩ Interchangeable', 'Any ∪ may be read as ∩ and any ∩ as ∪.'],
  ['XIII-A-4', 'V and Λ Interchangeable', 'Any V may be read as Λ and any Λ as V.'],
  ['XIII-A-5', 'Two Operations', 'Each Solution needs at least two operation symbols.'],
  ['XIII-A-6', 'Multiple Operations', 'An operation not in Forbidden may be used many times.'],
  ['XIII-A-7', 'Shift from Permitted', 'On your turn you may move a cube from Permitted to Required or Forbidden instead of a regular move.'],
  ['XIII-B', 'Middle variations', 'The variations Middle players may add.'],
  ['XIII-B-8', 'No Null Restrictions', 'Each Restriction must remove at least one card.'],
  ['XIII-B-9', 'Absolute Value', 'Upside-down Goal digits may be read right side up.'],
  ['XIII-C', 'Junior variations', 'The variations Junior players may add.'],
  ['XIII-C-10', 'Double Set', 'Cards in the named set count twice.'],
  ['XIII-C-11', 'Required or Forbidden Card', 'The named card must (or must not) be in every Solution’s set.'],
  ['XIII-C-12', 'Blank Card Wild', 'Each writer says which colors are on the blank card.'],
  ['XIII-D', 'Senior variations', 'The variations Senior players may add.'],
  ['XIII-D-13', 'Symmetric Difference', '− means the cards in one set or the other but not both.'],
  ['XIII-D-14', 'Two Solutions', 'Each writer writes two Solutions; the second must name a card the first does not.'],
  ['OS-A', 'Judges’ manual: starting a shake', 'How judges have ruled on dealing, rolling and choosing variations.'],
  ['OS-A2', 'Too few cards dealt', 'The dealer who runs out of time with too few cards loses a point and has one more minute to finish the Universe.'],
  ['OS-A3', 'Too many cards dealt', 'The dealer removes only the extra cards dealt last.'],
  ['OS-A4', 'A challenge before the Goal', 'No challenge can be made before the Goal is set: the challenger loses a point.'],
  ['OS-A7', 'A required cube that is not there', 'Picking Required Cube for a symbol no cube shows is illegal: a point, and pick again.'],
  ['OS-A8', 'An illegal variation not caught', 'If nobody objects before the next player acts, the illegal variation stands but is ignored.'],
  ['OS-A9', 'A variation with no effect, insulated', 'The next legal choice insulates it: it stands but has no effect.'],
  ['OS-B', 'Judges’ manual: setting the Goal', 'How judges have ruled on Goals.'],
  ['OS-B1', 'Unused digit cubes', 'Unused digits usually go to Forbidden, but leaving them is no fault.'],
  ['OS-B2', 'An illegal Goal charged', 'Charged before any challenge, an illegal Goal is rebuilt with the same cubes.'],
  ['OS-B4', 'A negative Goal', 'A negative Goal in a legal layout is not illegal procedure; it has no Solution, so Impossible is right.'],
  ['OS-B6', 'An illegal bonus by the Goal-setter', 'The cube goes back; the Goal stands if it was set.'],
  ['OS-C', 'Judges’ manual: moving', 'How judges have ruled on moves.'],
  ['OS-C1', 'A digit cube moved', 'Digits are not used in Solutions: the move does not count, and the same player moves again.'],
  ['OS-C7', 'A shift without the variation', 'Shifting a cube from Permitted is illegal, but a challenge insulates it.'],
  ['OS-D', 'Judges’ manual: challenges', 'How judges have ruled on challenges.'],
  ['OS-E', 'Judges’ manual: Solutions', 'How judges have ruled on writing and checking Solutions.'],
  ['OS-E1', 'Ø for Λ', 'Writing Ø for the empty set is not wrong, but players should write Λ.'],
  ['OS-E7', 'Two cubes', 'A Solution like B = B, B still has to use at least two cubes.'],
  ['M69 2.0', '1969: the kit', 'The 1969 game uses cards and cubes like today’s, with orange where yellow is.'],
  ['M69 3.1', '1969: the Goal', 'The first player sets a Goal with numeral cubes, or says “No Goal”.'],
  ['M69 3.2', '1969: moves', 'Each play moves one cube from Resources to the mat.'],
  ['M69 3.4', '1969: a Solution', 'A Solution names a set of cards whose number is the Goal, using the mat’s cubes as the rules allow.'],
  ['M69 3.5', '1969: claims', 'A challenger claims a Flub: an A-claim (a Solution is now possible), a P-claim (no Solution is possible), a C-claim (a chain of Flubs), or “No Goal” wrongly said.'],
  ['M69 3.6', '1969: challenging', 'Any player may challenge the play just made by naming the claim.'],
  ['M69 3.7', '1969: the burden of proof', 'The side that says a Solution exists must write one.'],
  ['M69 3.9', '1969: scoring a challenge', 'A correct Challenger or Mover scores 2, an incorrect one 0; a Third Party scores 1 with the Challenger, 2 with the Mover.'],
  ['M69 3.10', '1969: scoring without a challenge', 'Each player who writes a Solution in time scores 1; after “No Goal” agreed, each scores 1.'],
  ['M69 3.11', '1969: stalling', 'A player who stalls can be called on it.'],
];

const BY_ID = new Map(RULES.map(([id, title, line]) => [id, { id, title, line }]));

/**
 * The glossary entry of a cited section: the section itself, or the
 * nearest enclosing one (`VII-B-4-b` → `VII-B-4`; `M69 3.7 comment 3` →
 * `M69 3.7`; `A19 V-A-1` → `V-A-1`; `OS-E17` → `OS-E`).
 * @param {string} section
 * @returns {{id: string, title: string, line: string}|null}
 */
export function ruleLine(section) {
  let s = String(section ?? '').trim().replace(/^[AB]19\s+/, '');
  const m69 = s.match(/^M69\s+(\d+(?:\.\d+)?)/);
  if (m69) s = `M69 ${m69[1]}`;
  else s = s.replace(/[\s(/].*$/, '');
  for (let i = 0; i < 8; i++) {
    const hit = BY_ID.get(s);
    if (hit) return hit;
    const os = s.match(/^(OS-[A-E])\d+$/);
    if (os) s = os[1];
    else if (/^[IVX]+-/.test(s) && s.includes('-')) s = s.slice(0, s.lastIndexOf('-'));
    else return null;
  }
  return null;
}

/** The anchor of a section on the `/rules` page. @param {string} id */
export function ruleAnchor(id) {
  return `rule-${id.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/**
 * A citation or a list of them (`V-B, XI-A-1-f`; `M69 3.1, 3.5 A`) in parts,
 * each with its glossary entry (null when the glossary lacks it).
 * @param {string} text
 * @returns {{text: string, rule: {id: string, title: string, line: string}|null}[]}
 */
export function citeParts(text) {
  const parts = String(text ?? '').replace(/^rule\s+/, '').split(/,\s*/).filter(Boolean);
  const m69 = /^M69\s/.test(parts[0] ?? '');
  return parts.map((p) => ({ text: p, rule: ruleLine(m69 && !p.startsWith('M69') ? `M69 ${p}` : p) }));
}
