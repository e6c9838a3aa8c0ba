// Plain words for what happens at the table (the engine's events, docs/protocol.md).

import { faceWords } from './pictures.js';

/** @typedef {import('./types.js').MatchView} MatchView */
/** @typedef {import('./types.js').GameEvent} GameEvent */

const PLACE = /** @type {Record<string, string>} */ ({
  resources: 'Resources',
  goal: 'the Goal',
  required: 'Required',
  permitted: 'Permitted',
  forbidden: 'Forbidden',
});

const TASK = /** @type {Record<string, string>} */ ({
  roll: 'rolling the cubes',
  deal: 'dealing the cards',
  select_variation: 'choosing a variation',
  set_goal: 'setting the Goal',
  move: 'moving a cube',
  write: 'writing a Solution',
  check: 'checking a Solution',
});

const KIND = /** @type {Record<string, string>} */ ({ now: 'Now', impossible: 'Impossible', no_goal: '"no Goal"' });

/** @param {string} p */
export function placeWords(p) {
  return PLACE[p] ?? p;
}
/** @param {string} t */
export function taskWords(t) {
  return TASK[t] ?? t;
}

/**
 * @param {MatchView} m
 * @param {number|null|undefined} p
 */
export function who(m, p) {
  if (p === null || p === undefined) return 'nobody';
  return p === m.you ? 'You' : m.players[p] ?? `seat ${p + 1}`;
}

/**
 * `who` as the object of a sentence: "against you".
 * @param {MatchView} m
 * @param {number|null|undefined} p
 */
export function whom(m, p) {
  return p === m.you ? 'you' : who(m, p);
}

/**
 * `who` as a possessive: "Your" at the start of a sentence, "your" inside
 * one, "Ann's" (never "You's").
 * @param {MatchView} m
 * @param {number|null|undefined} p
 * @param {boolean} [start]
 */
export function whose(m, p, start = true) {
  if (p === m.you) return start ? 'Your' : 'your';
  return `${who(m, p)}'s`;
}

/**
 * @param {MatchView} m
 * @param {number} id
 */
function cubeName(m, id) {
  const c = m.cubes[id];
  return c ? faceWords(c.face) : `cube ${id}`;
}

/**
 * One event in words, with its rule section when it has one, and a tone.
 * @param {GameEvent} e
 * @param {MatchView} m the view after the event
 * @returns {{text: string, rule?: string, tone: 'info'|'good'|'bad'|'big'} | null}
 */
export function eventWords(e, m) {
  const W = (/** @type {number} */ p) => who(m, p);
  switch (e.event) {
    case 'first_setter_rolls':
      return { text: 'Digit cubes were rolled to choose the first Goal-setter.', rule: 'I-C', tone: 'info' };
    case 'shake_started':
      return { text: `Shake ${e.shake} begins. ${W(e.goal_setter)} ${e.goal_setter === m.you ? 'are' : 'is'} the Goal-setter; ${whom(m, e.dealer)} deal${e.dealer === m.you ? '' : 's'} the cards.`, rule: 'II', tone: 'big' };
    case 'rolled':
      return { text: 'The cubes were rolled: they are the Resources.', rule: 'II-A', tone: 'info' };
    case 'dealt':
      return { text: `${e.cards.length} card${e.cards.length === 1 ? ' was' : 's were'} dealt to the Universe.`, rule: 'II-B', tone: 'info' };
    case 'extra_cards_removed':
      return { text: `Too many cards: ${e.cards.length} taken back.`, rule: 'OS-A3', tone: 'info' };
    case 'deal_incomplete':
      return { text: `Only ${e.have} cards: at least ${e.min} are needed, so deal some more.`, rule: 'II-B', tone: 'info' };
    case 'deal_transferred':
      return { text: `The deal passes to ${W(e.to)}.`, rule: 'OS-A2', tone: 'info' };
    case 'variation_selected':
      return { text: `${W(e.player)} chose the variation “${variationShort(e.variation)}”.`, rule: variationRule(e.variation) ?? 'II-C', tone: 'info' };
    case 'selection_insulated':
      return { text: `${whose(m, e.player)} selection “${variationShort(e.variation)}” was not legal but nobody charged it in time: it stays on the chart and is ignored.`, rule: 'OS-A8', tone: 'info' };
    case 'selection_forfeited':
      return { text: `${W(e.player)} may not pick a variation this shake.`, rule: 'II-C-2', tone: 'bad' };
    case 'selection_ended':
      return { text: 'Variations are chosen. Now the Goal.', rule: 'II-C', tone: 'info' };
    case 'bonus_move':
      return { text: `${W(e.player)} said “Bonus” and moved ${cubeName(m, e.cube)} to Forbidden.`, rule: 'IV-C', tone: 'info' };
    case 'moved':
      return { text: `${W(e.player)} moved ${cubeName(m, e.cube)} to ${placeWords(e.to)}.`, rule: 'IV-B', tone: 'info' };
    case 'shifted':
      return { text: `${W(e.player)} shifted ${cubeName(m, e.cube)} from Permitted to ${placeWords(e.to)}.`, rule: 'XIII-A-7', tone: 'info' };
    case 'digit_cubes_to_forbidden':
      return { text: 'The unused digit cubes went to Forbidden.', rule: 'III-B', tone: 'info' };
    case 'last_cube_returned':
      return { text: `The last cube may not go to Forbidden: ${cubeName(m, e.cube)} went back to Resources.`, rule: 'VIII-A', tone: 'bad' };
    case 'cube_returned':
      return { text: `${W(e.player)} returned ${cubeName(m, e.cube)} to Resources (two cubes went to Forbidden without “Bonus”).`, rule: 'IV-C', tone: 'bad' };
    case 'goal_set':
      return { text: `${W(e.player)} set the Goal: ${goalWords(e.goal)}.`, rule: 'III', tone: 'big' };
    case 'goal_arranged':
      return { text: `${W(e.player)} placed ${goalWords(e.goal)} in the Goal section (not “Goal” yet).`, rule: 'III-B-2-b', tone: 'info' };
    case 'goal_set_by_time':
      return { text: `The time to set the Goal ran out: ${whose(m, e.player, false)} arrangement in the Goal section has been set.`, rule: 'III-B-2-c', tone: 'big' };
    case 'no_goal_declared':
      return { text: `${W(e.player)} declared “no Goal”: the others agree or challenge.`, rule: 'III-D', tone: 'big' };
    case 'no_goal_agreed':
      return { text: 'Everybody agreed: no Goal. This shake is void.', rule: 'III-D-1', tone: 'info' };
    case 'block_picked_up':
      return { text: `${W(e.player)} picked up the challenge block (15 seconds to say Now or Impossible).`, rule: 'V-B', tone: 'big' };
    case 'arrived':
      return { text: `${W(e.player)} arrived${e.late ? ' late and sits out this shake (−2)' : ''}.`, rule: 'X-D', tone: 'info' };
    case 'ambiguity_attempt':
      return { text: `${W(e.checker)} handed in a grouping to show ${whose(m, e.writer, false)} Solution is ambiguous${e.grouping ? `: ${e.grouping}` : ''}.`, rule: 'VII-C-5-c', tone: 'info' };
    case 'challenged':
      return { text: `${W(e.player)} challenged ${KIND[e.kind] ?? e.kind}${e.kind === 'no_goal' ? '' : ` against ${whom(m, e.against)}`}!`, rule: e.kind === 'no_goal' ? 'III-D-2' : 'V-A', tone: 'big' };
    case 'challenge_set_aside':
      return { text: `${whose(m, e.player)} challenge was set aside: ${e.reason}.`, rule: e.rule, tone: 'bad' };
    case 'penalty':
      return { text: `${W(e.player)} lose${e.player === m.you ? '' : 's'} one point: ${e.reason}.`, rule: e.rule, tone: 'bad' };
    case 'illegal_procedure_charged':
      return { text: `Illegal procedure${e.by !== null && e.by !== undefined ? ` charged by ${whom(m, e.by)}` : ''} against ${whom(m, e.offender)}: ${e.correction}.`, rule: e.rule, tone: 'bad' };
    case 'charge_set_aside':
      return { text: `${whose(m, e.by)} charge was set aside: ${e.reason}.`, rule: 'IX-A-2', tone: 'info' };
    case 'insulated':
      return { text: `${whose(m, e.offender)} illegal procedure now stands (nobody charged it in time).`, rule: e.rule, tone: 'info' };
    case 'forceout':
      return { text: `${W(e.mover)} moved the last cube: everyone may write a Solution.`, rule: 'VIII', tone: 'big' };
    case 'presented':
      return { text: `${W(e.player)} presented a Solution${e.solution ? `: ${e.solution}` : ' (hidden until checking starts)'}.`, rule: 'VII-C-2', tone: 'info' };
    case 'declined':
      return { text: `${W(e.player)} will not write a Solution.`, rule: 'VII-C-1', tone: 'info' };
    case 'joined_side':
      return { text: `${W(e.player)} join${e.player === m.you ? '' : 's'} the ${e.side === 'challenger' ? 'Challenger' : 'Mover'}.`, rule: 'VII-A-3', tone: 'info' };
    case 'writing_over':
      return { text: 'Writing is over: the Solutions are shown and checked.', rule: 'VII-C', tone: 'info' };
    case 'accepted':
      return { text: `${W(e.checker)} accepted ${whose(m, e.writer, false)} Solution.`, rule: 'VII-C-4', tone: 'info' };
    case 'objection_ruled':
      return { text: `${whose(m, e.checker)} objection to ${whose(m, e.writer, false)} Solution was ${e.upheld ? 'upheld' : 'overruled'}: ${e.reason}.`, rule: 'VII-C-5', tone: e.upheld ? 'bad' : 'good' };
    case 'solution_judged':
      return { text: `${whose(m, e.writer)} Solution is ${e.correct ? 'correct ✓' : 'not correct ✗'}${e.reasons?.length ? `: ${e.reasons.join('; ')}` : ''}.`, rule: 'VII-B', tone: e.correct ? 'good' : 'bad' };
    case 'time_expired':
      return { text: `Time is up for ${whom(m, e.player)} (${taskWords(e.task)})${e.second ? ': the task is lost' : ': one more minute'}.`, rule: 'XI-A', tone: 'bad' };
    case 'turn_passed':
      return { text: `Now it is ${e.to === m.you ? 'your' : `${W(e.to)}'s`} turn.`, rule: 'IV-A', tone: 'info' };
    case 'round_time_up':
      return { text: 'The round’s time is up: no new shake will start. Five minutes to finish this one.', rule: 'XI-B', tone: 'big' };
    case 'stop':
      return { text: '“Stop!” No more moves or challenges: everyone has two minutes to write a Solution using any Resources cubes.', rule: 'XI-B-2', tone: 'big' };
    case 'shake_scored':
      return { text: `Shake ${e.shake} is scored: ${e.scores.map((/** @type {number} */ s, /** @type {number} */ i) => `${W(i)} ${s}`).join(', ')}.`, rule: 'X', tone: 'big' };
    case 'shake_void':
      return { text: `Shake ${e.shake} is void: ${e.reason}.`, rule: 'III-D-1', tone: 'info' };
    case 'match_over':
      return { text: `The match is over. Totals: ${e.totals.map((/** @type {number} */ s, /** @type {number} */ i) => `${W(i)} ${s}`).join(', ')}.`, rule: 'XII', tone: 'big' };
    default:
      return null;
  }
}

/**
 * A Goal in words with its value: `3*(~2+1)` → `3 × (−2 + 1) = −3`.
 * @param {string} g
 */
export function goalWords(g) {
  const pretty = g.replace(/\*/g, ' × ').replace(/\+/g, ' + ').replace(/~(\d)/g, '−$1');
  let value = '';
  try {
    const expr = g.replace(/~(\d)/g, '(-$1)').replace(/[^0-9+*()\-]/g, '');
    // Only digits, + * ( ) and - remain: evaluate with a tiny parser.
    value = String(evalExpr(expr));
  } catch {
    value = '';
  }
  return value ? `${pretty} = ${value}` : pretty;
}

/** @param {string} s */
function evalExpr(s) {
  let i = 0;
  /** @returns {number} */
  const sum = () => {
    let v = prod();
    while (s[i] === '+') {
      i++;
      v += prod();
    }
    return v;
  };
  /** @returns {number} */
  const prod = () => {
    let v = atom();
    while (s[i] === '*') {
      i++;
      v *= atom();
    }
    return v;
  };
  /** @returns {number} */
  const atom = () => {
    if (s[i] === '(') {
      i++;
      if (s[i] === '-') {
        i++;
        const v = -atom();
        i++;
        return v;
      }
      const v = sum();
      i++;
      return v;
    }
    const d = Number(s[i++]);
    if (Number.isNaN(d)) throw new Error('bad');
    return d;
  };
  const v = sum();
  if (i !== s.length) throw new Error('bad');
  return v;
}

/** The variations of XIII: keyword, name, what it means, section, and the blank to fill. */
export const VARIATIONS = [
  { key: 'required-cube', name: 'Required Cube', blank: 'cube', help: 'Every Solution must use a cube showing ___.', rule: 'XIII-A-1' },
  { key: 'wild-cube', name: 'Wild Cube', blank: 'cube', help: 'The ___ cube may stand for any symbol except a digit.', rule: 'XIII-A-2' },
  { key: 'union-intersection-interchangeable', name: '∪ and ∩ Interchangeable', blank: '', help: 'Any ∪ may be read as ∩ and any ∩ as ∪.', rule: 'XIII-A-3' },
  { key: 'universe-empty-interchangeable', name: 'V and Λ Interchangeable', blank: '', help: 'Any V may be read as Λ and any Λ as V.', rule: 'XIII-A-4' },
  { key: 'two-operations', name: 'Two Operations', blank: '', help: 'Each Solution needs at least two operation symbols.', rule: 'XIII-A-5' },
  { key: 'multiple-operations', name: 'Multiple Operations', blank: '', help: 'An operation not in Forbidden may be used many times.', rule: 'XIII-A-6' },
  { key: 'shift-from-permitted', name: 'Shift from Permitted', blank: '', help: 'On your turn you may move a cube from Permitted to Required or Forbidden instead of a regular move.', rule: 'XIII-A-7' },
  { key: 'no-null-restrictions', name: 'No Null Restrictions', blank: '', help: 'Each Restriction must remove at least one card.', rule: 'XIII-B-8' },
  { key: 'absolute-value', name: 'Absolute Value', blank: '', help: 'Upside-down Goal digits may be read right-side-up.', rule: 'XIII-B-9' },
  { key: 'double-set', name: 'Double Set', blank: 'set', help: 'Cards in the set ___ count double (name it with at most four symbols).', rule: 'XIII-C-10' },
  { key: 'required-card', name: 'Required Card', blank: 'card', help: 'The card ___ must be in every Solution’s set.', rule: 'XIII-C-11' },
  { key: 'forbidden-card', name: 'Forbidden Card', blank: 'card', help: 'The card ___ must not be in any Solution’s set.', rule: 'XIII-C-11' },
  { key: 'blank-card-wild', name: 'Blank Card Wild', blank: '', help: 'Each writer says which colors are on the blank card.', rule: 'XIII-C-12' },
  { key: 'symmetric-difference', name: 'Symmetric Difference', blank: '', help: '− means symmetric difference: cards in one set but not both.', rule: 'XIII-D-13' },
  { key: 'two-solutions', name: 'Two Solutions', blank: '', help: 'Each writer writes two Solutions; the second names a card the first does not.', rule: 'XIII-D-14' },
];

/**
 * A variation as the engine writes it (`wild-cube ⊆`, `required-card BR`)
 * in the rule's words, short: `Wild Cube ⊆`, `Required Card BR`. Text that
 * is not a variation comes back as it is.
 * @param {string} text
 */
export function variationShort(text) {
  const t = String(text ?? '').trim();
  const i = t.indexOf(' ');
  const key = i < 0 ? t : t.slice(0, i);
  const param = i < 0 ? '' : t.slice(i + 1).trim();
  const v = VARIATIONS.find((x) => x.key === key);
  if (!v) return t;
  return param ? `${v.name} ${param}` : v.name;
}

/**
 * A variation in the rule's words with its section: `Wild Cube: ⊆ (XIII-A-2)`.
 * @param {string} text
 */
export function variationWords(text) {
  const t = String(text ?? '').trim();
  const i = t.indexOf(' ');
  const v = VARIATIONS.find((x) => x.key === (i < 0 ? t : t.slice(0, i)));
  if (!v) return t;
  return `${v.name}${i < 0 ? '' : `: ${t.slice(i + 1).trim()}`} (${v.rule})`;
}

/** The section of XIII of a variation. @param {string} text */
function variationRule(text) {
  const key = String(text ?? '').trim().split(' ')[0];
  return VARIATIONS.find((x) => x.key === key)?.rule;
}

/**
 * Why each player scored what they scored in a shake (X-B after a
 * challenge, X-C after the last cube, III-D-2 after a "no Goal" challenge,
 * XI-B-2 after "Stop!"). The points are the engine's; these words only
 * explain them from what happened in the shake, and fall back to the bare
 * points when the events do not explain them.
 * @param {MatchView} m
 * @param {{kind: string, challenger: number|null, mover: number|null, presented: Set<number>, correct: Record<number, boolean>, joined?: Record<number, string>}} ctx
 * @param {number[]} scores
 * @returns {{player: number, points: number, why: string, rule: string}[]}
 */
export function scoreReasons(m, ctx, scores) {
  const wrote = (/** @type {number} */ p) => ctx.presented.has(p);
  const good = (/** @type {number} */ p) => ctx.correct[p] === true;
  const anyGood = (/** @type {number[]} */ ps) => ps.some((p) => good(p));
  const n = scores.length;
  return scores.map((points, p) => {
    const ch = ctx.challenger;
    const mv = ctx.mover;
    const others = [...Array(n).keys()].filter((q) => q !== p);
    /** @type {[string, number]} why, and the points that reason gives */
    let r = ['', points];
    let rule = 'X-B';
    if (ctx.kind === 'now' || ctx.kind === 'impossible') {
      const third = p !== ch && p !== mv;
      if (wrote(p) && !good(p)) r = ['the Solution presented was not correct', 2];
      else if (p === ch && ctx.kind === 'now') r = good(p) ? ['challenged Now and wrote a correct Solution', 6] : ['challenged Now without a correct Solution', 2];
      else if (p === mv && ctx.kind === 'now') r = ch !== null && good(ch) ? ['the Challenger wrote a correct Solution', 2] : ['the Challenger had no correct Solution', 6];
      else if (p === ch) r = anyGood(others) ? ['challenged Impossible, but an opponent wrote a correct Solution', 2] : ['challenged Impossible and no opponent wrote a correct Solution', 6];
      else if (p === mv) r = good(p) ? ['wrote a correct Solution against the Impossible challenge', 6] : ['had to write a correct Solution and did not', 2];
      else if (third && m.third_party_joins && !wrote(p) && ctx.joined?.[p] === (ctx.kind === 'now' ? 'challenger' : 'mover')) {
        // 2019-20 VII-A-3, X-A-1: joining the player who must write means writing a correct Solution.
        r = [`as Third Party joined the ${ctx.kind === 'now' ? 'Challenger' : 'Mover'} and presented no Solution`, 2];
        rule = 'X-A-1';
      } else if (wrote(p) && m.third_party_joins) {
        // 2019-20 VII-A-3, X-B-2: presenting joins the writer; agreeing with the Challenger scores 4.
        r = ctx.kind === 'impossible' ? ['as Third Party joined the Mover and wrote a correct Solution', 6]
          : ['as Third Party joined the Challenger and wrote a correct Solution (the Third Party agreeing with the Challenger scores 4)', 4];
      } else if (wrote(p)) {
        r = ctx.kind === 'impossible' ? ['as Third Party wrote a correct Solution', 6]
          : ch !== null && good(ch) ? ['as Third Party wrote a correct Solution, as did the Challenger', 4]
          : ['as Third Party wrote a correct Solution and the Challenger did not', 6];
      } else if (ctx.kind === 'now') {
        r = ch !== null && good(ch) ? ['as Third Party did not write, and the Challenger’s Solution was correct', 2] : ['as Third Party did not write, and the Challenger had no correct Solution', 6];
      } else {
        r = mv !== null && good(mv) ? ['as Third Party did not write, and the Mover’s Solution was correct', 2] : ['as Third Party did not write, and the Mover had no correct Solution', 4];
      }
      if (r[1] !== points && third && !wrote(p) && points === 2) {
        r = ['accepted a Solution that was then proved wrong', 2];
        rule = 'X-A-2';
      }
    } else if (ctx.kind === 'forceout' || ctx.kind === 'end_of_round') {
      rule = ctx.kind === 'forceout' ? 'X-C' : 'XI-B-2';
      r = good(p) ? ['wrote a correct Solution', 4] : [wrote(p) ? 'the Solution presented was not correct' : 'wrote no correct Solution', 2];
    } else if (ctx.kind === 'no_goal') {
      rule = 'III-D-2';
      r = [p === ch ? (good(p) ? 'challenged “no Goal” and wrote a correct Goal and Solution' : 'challenged “no Goal” without a correct Goal and Solution') : '', points];
    }
    // The engine's points are the score: words that do not explain them are left out.
    const why = r[1] === points ? r[0] : '';
    return { player: p, points, why, rule };
  });
}

/**
 * Whether a division may select this variation (onsets_core::Variation::selectable_in).
 * @param {string} key @param {string} division
 */
export function selectable(key, division) {
  const d = division.toLowerCase();
  switch (key) {
    case 'union-intersection-interchangeable':
    case 'universe-empty-interchangeable':
    case 'multiple-operations':
      return d === 'elementary' || d === 'middle';
    case 'no-null-restrictions':
    case 'absolute-value':
      return d !== 'elementary';
    case 'double-set':
    case 'required-card':
    case 'forbidden-card':
    case 'blank-card-wild':
      return d === 'junior' || d === 'senior';
    case 'symmetric-difference':
    case 'two-solutions':
      return d === 'senior';
    default:
      return true;
  }
}

/**
 * A text from the server in a student's words: no internal name reaches the
 * page (docs/web-client.md) — a variation's key becomes its name
 * ("required-cube Y" → "Required Cube Y"), a list of values loses its
 * brackets, and references meant for the project's developers (a crate, a
 * docs file, a ruling's number, a field's path) are left out.
 * @param {string} text
 */
export function plainText(text) {
  let t = text;
  for (const v of VARIATIONS) t = t.replaceAll(v.key, v.name);
  return t
    .replace(/\[(-?\d+(?:,\s*-?\d+)*)\]/g, '$1')
    .replace(/\s*\((?:field|see field)\s+[\w.[\]]+\)/g, '')
    .replace(/\s*\([\w/-]+\.md(?:\s+[A-Z]?\d+)?\)/g, '')
    .replace(/\s*\b[\w/-]+\.md(?:\s+[A-Z]?\d+)?/g, '')
    .replace(/\s*\(ruling \d+\)/g, '')
    .replace(/\bruling \d+/g, 'a ruling')
    .replace(/\bonsets-[a-z0-9]+\b/g, 'the checker');
}
