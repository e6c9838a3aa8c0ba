// The review of a finished 1969 game at `/t69/{id}/review` (docs/review.md,
// "1969 games"): every play (the Goal and each move) judged by the Flub
// claims of M69 3.5 — C, A, P and the false "No Goal" — one at a time (← →
// or the buttons), the mat after it, the alternative an A-claim Challenger
// could have shown, the chances nobody took, the challenges and assertions
// made with the game's points, the Goals the numeral cubes allowed, and the
// score sheet. The server's review (GET /api/tables1969/{id}/review, the
// engine and the exact 1969 checker and solver) decides everything; this
// only draws it.

import { h, fill } from './dom.js';
import { cardRow, cubeRow } from './explain.js';

/**
 * @typedef {{play?: number, bonus?: number, cube?: number, to?: string, goal?: string}} Alt69
 * @typedef {{play: number, index: number, line: number, player: number, goal_play: boolean, mv: string,
 *   position_after: Record<string, any>, one_more_solution: string|null, possible: boolean,
 *   correct_claims: string[], flub: string|null, chain_head: number|null, alternative: Alt69|null,
 *   alternative_text: string|null, better: string|null}} Move69
 * @typedef {{play: number, after_move: number|null, claims: string[], players: number[]}} Missed69
 * @typedef {{play: number, line: number, challenger: number, mover: number, claim: string,
 *   against_move: number|null, correct: boolean, proof: string|null, alternative: Alt69|null,
 *   game_challenger_won: boolean|null, points: number[]|null, agrees: boolean|null}} Challenge69
 * @typedef {{play: number, line: number, player: number, correct: boolean, witness: string|null, points: number[]|null}} Assertion69
 * @typedef {{goal: string, values: number[], possible: boolean, safe: boolean}} GoalChoice69
 * @typedef {{play: number, line: number, player: number, goal: string, possible: boolean, safe: boolean,
 *   allowed: GoalChoice69[], possible_count: number, safe_count: number}} Goal69
 * @typedef {{name: string, moves: number, sound_moves: number, flubs: number, missed_chances: number,
 *   correct_challenges: number, incorrect_challenges: number, correct_assertions: number,
 *   incorrect_assertions: number, accuracy: number|null, score: number}} Summary69
 * @typedef {{edition: string, form: string, players: string[], moves: Move69[], missed_challenges: Missed69[],
 *   challenges: Challenge69[], assertions: Assertion69[], goals: Goal69[],
 *   score_sheet: {play: number, shaker: number, points: number[], penalties: number[], note: string}[],
 *   totals: number[], finished: boolean, summary: Summary69[]}} Review69
 */

/** The manual's names of the claims (3.5). */
const CLAIM = /** @type {Record<string, string>} */ ({
  no_goal: 'No-Goal',
  a: 'A-claim',
  p: 'P-claim',
  c_from_a: 'C-claim (from A)',
  c_from_p: 'C-claim (from P)',
});
/** @param {string} c */
const claimName = (c) => CLAIM[c] ?? c;

/** A link to a finished 1969 table's review. @param {string} id */
export function review1969Link(id) {
  return h('p', { class: 'review-link' },
    h('a', { href: `/t69/${encodeURIComponent(id)}/review`, id: 'm69-review-link' }, 'Review this game play by play →'));
}

/**
 * @param {HTMLElement} root @param {string} id
 * @returns {{destroy: () => void}}
 */
export function showReview1969(root, id) {
  document.title = `On-Sets — review of 1969 table ${id}`;
  /** @type {Review69|null} */
  let r = null;
  let i = 0;
  const back = () => h('a', { href: `/t69/${encodeURIComponent(id)}` }, '← Back to the table');
  fill(root, h('div', { class: 'review-page' }, h('h1', null, 'Review'), h('p', null, 'The 1969 checker and solver are judging every play…')));

  /** @param {number} p */
  const name = (p) => r?.players[p] ?? `player ${p + 1}`;

  /** @param {KeyboardEvent} e */
  const keys = (e) => {
    if (!r || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = /** @type {HTMLElement} */ (e.target);
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
    if (e.key === 'ArrowLeft') step(i - 1);
    else if (e.key === 'ArrowRight') step(i + 1);
    else if (e.key === 'Home') step(0);
    else if (e.key === 'End') step(r.moves.length - 1);
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', keys);

  /** @param {number} k */
  function step(k) {
    if (!r || !r.moves.length) return;
    i = Math.max(0, Math.min(r.moves.length - 1, k));
    render();
  }

  async function load() {
    try {
      const res = await fetch(`/api/tables1969/${encodeURIComponent(id)}/review`);
      const body = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(body.error?.message || `the server answered ${res.status}`);
      r = body;
      render();
    } catch (e) {
      fill(root, h('div', { class: 'review-page' }, h('h1', null, 'Review'),
        h('p', { class: 'bad', role: 'alert' }, `No review: ${/** @type {Error} */ (e).message}`),
        h('p', null, back())));
    }
  }

  /** @param {Review69} rv */
  function summary(rv) {
    return h('section', { class: 'panel', id: 'r69-summary' },
      h('h2', null, 'Players'),
      h('div', { class: 'table-scroll', style: { overflowX: 'auto', maxWidth: '100%' } },
        h('table', { class: 'scoresheet' },
          h('tr', null, h('th', null, ''), h('th', null, 'score'), h('th', null, 'accuracy'), h('th', null, 'plays'), h('th', null, 'flubs'),
            h('th', null, 'missed'), h('th', null, 'challenges right / wrong'), h('th', null, 'assertions right / wrong')),
          ...rv.summary.map((x) => h('tr', null,
            h('th', null, x.name),
            h('td', { class: 'num' }, String(x.score)),
            h('td', { class: 'num' }, x.accuracy === null ? '–' : `${Math.round(x.accuracy)}%`),
            h('td', { class: 'num' }, String(x.moves)), h('td', { class: 'num' }, String(x.flubs)),
            h('td', { class: 'num' }, String(x.missed_chances)),
            h('td', { class: 'num' }, `${x.correct_challenges} / ${x.incorrect_challenges}`),
            h('td', { class: 'num' }, `${x.correct_assertions} / ${x.incorrect_assertions}`))))),
      h('p', { class: 'small' }, 'Accuracy: sound plays, correct challenges and correct assertions, out of every play, challenge, assertion and chance missed.'));
  }

  /** @param {Alt69} a */
  function altWords(a) {
    const bits = [];
    if (a.play !== undefined) bits.push(`instead of play ${a.play}`);
    if (a.bonus !== undefined) bits.push(`bonus cube ${a.bonus} to Forbidden`);
    if (a.goal !== undefined) bits.push(`Goal ${a.goal}`);
    if (a.cube !== undefined) bits.push(`cube ${a.cube} to ${a.to}`);
    return bits.join(', ');
  }

  /** @param {Review69} rv @param {Move69} m */
  function verdict(rv, m) {
    const missed = rv.missed_challenges.filter((x) => x.after_move === i);
    const word = m.flub
      ? `A Flub: it broke the ${claimName(m.flub)}${m.chain_head !== null ? ` (the chain began at play ${rv.moves[m.chain_head].index}: ${rv.moves[m.chain_head].mv})` : ''}.`
      : 'A sound play: it kept the C-, A- and P-claims.';
    return h('section', { class: `panel ${m.flub ? 'verdict-flub' : 'verdict-safe'}`, id: 'r69-verdict' },
      h('h2', null, `${name(m.player)}: ${m.mv}`),
      h('p', { class: m.flub ? 'bad' : 'good', id: 'r69-class' }, word),
      h('ul', null,
        h('li', null, m.correct_claims.length
          ? ['A challenge right after it would have won: ', h('b', null, m.correct_claims.map(claimName).join(', ')), '.']
          : 'No challenge right after it could have won.', ' ', h('small', { class: 'rule' }, 'M69 3.5')),
        h('li', null, m.possible ? 'A Solution could still be built.' : 'No Solution could be built any more (the P-claim broken).'),
        m.one_more_solution ? h('li', null, 'A Solution with at most one more cube from Resources: ', h('code', null, m.one_more_solution)) : null,
        m.alternative ? h('li', null, 'The alternative a Challenger could show (3.7 comment 3): ', h('b', null, m.alternative_text ?? altWords(m.alternative)),
          m.alternative.play !== undefined && m.alternative.play !== m.index ? ` (instead of play ${m.alternative.play})` : '') : null,
        m.better ? h('li', { id: 'r69-better' }, 'Better: ', h('b', null, m.better)) : null,
        ...missed.map((x) => h('li', { class: 'bad missed' },
          `Missed: a challenge (${x.claims.map(claimName).join(' or ')}) would have won here, and ${x.players.map(name).join(' and ')} did not challenge.`))));
  }

  /** @param {Move69} m */
  function mat(m) {
    const p = m.position_after;
    // The position is in the project's notation (Y); 1969 shows orange, O.
    const o = (/** @type {unknown} */ t) => String(t ?? '').replace(/Y/g, 'O');
    return h('section', { class: 'panel', id: 'r69-mat' },
      h('h2', null, 'The mat after the play'),
      h('p', null, 'Goal: ', h('b', { class: 'goal-text' }, m.goal_play || p.goal ? String(p.goal) : '–')),
      h('dl', { class: 'mat-rows' },
        h('dt', null, 'Required'), h('dd', null, cubeRow(o(p.required))),
        h('dt', null, 'Permitted'), h('dd', null, cubeRow(o(p.permitted))),
        h('dt', null, 'Forbidden'), h('dd', null, cubeRow(o(p.forbidden))),
        h('dt', null, 'Resources'), h('dd', null, cubeRow(o(p.resources)))),
      h('p', null, 'The Universe: ', cardRow(o(p.universe).split(/\s+/).filter(Boolean))));
  }

  /** @param {Review69} rv @param {number} play */
  function goals(rv, play) {
    const gs = rv.goals.filter((g) => g.play === play);
    if (!gs.length) return null;
    return h('section', { class: 'panel', id: 'r69-goal' }, h('h2', null, 'The Goal ', h('small', { class: 'rule' }, 'M69 3.1')),
      ...gs.map((g) => h('div', null,
        h('p', { class: g.goal === 'No Goal' ? (g.possible ? 'bad' : 'good') : g.safe ? 'good' : 'bad' },
          g.goal === 'No Goal'
            ? `${name(g.player)} said “No Goal”: ${g.possible ? 'a Flub, some Goal had a Solution' : 'right, no Goal had a Solution'}.`
            : `${name(g.player)} set the Goal ${g.goal}: ${g.safe ? 'a Solution possible, none with one more cube' : g.possible ? 'a Solution with one more cube was allowed' : 'no Solution possible'}.`),
        h('p', { class: 'small' }, `${g.possible_count} of the ${g.allowed.length} Goals the numeral cubes allowed had a Solution; ${g.safe_count} kept both the A- and P-claims.`),
        g.allowed.length ? h('details', null, h('summary', null, 'Every Goal the numeral cubes allowed'),
          h('ul', { class: 'goal-list' }, ...g.allowed.map((a) => h('li', { class: a.safe ? 'good' : a.possible ? '' : 'bad' },
            `${a.goal} (${a.values.join(' or ')}): ${a.safe ? 'safe' : a.possible ? 'possible, one more cube away' : 'no Solution'}`)))) : null)));
  }

  /** @param {Review69} rv @param {number} play */
  function challenges(rv, play) {
    const cs = rv.challenges.filter((c) => c.play === play);
    const as = rv.assertions.filter((a) => a.play === play);
    const line = rv.score_sheet.find((l) => l.play === play);
    return h('section', { class: 'panel', id: 'r69-challenges' }, h('h2', null, 'Challenges and assertions ', h('small', { class: 'rule' }, 'M69 3.6–3.10')),
      cs.length || as.length ? h('ul', null,
        ...cs.map((c) => h('li', { class: c.correct ? 'good' : 'bad' },
          `${name(c.challenger)} challenged ${name(c.mover)} (${claimName(c.claim)}): ${c.correct ? 'correct' : 'incorrect'}`,
          c.game_challenger_won === null ? '.' : `; the game scored the Challenger ${c.game_challenger_won ? 'Correct' : 'Incorrect'}${c.agrees ? '' : ' (not as the review judges it: the proof written decided)'}.`,
          c.proof ? [' A proof: ', h('code', null, c.proof)] : null)),
        ...as.map((a) => h('li', { class: a.correct ? 'good' : 'bad' },
          `${name(a.player)} asserted a Solution with one more cube: ${a.correct ? 'correct' : 'incorrect'}.`,
          a.witness ? [' ', h('code', null, a.witness)] : null)))
        : h('p', { class: 'small' }, 'No challenge or assertion in this play.'),
      line ? h('p', { id: 'r69-points' }, `Scored: ${line.points.join(' / ')} — ${line.note}`) : null);
  }

  /** @param {Review69} rv */
  function sheet(rv) {
    return h('section', { class: 'panel', id: 'r69-sheet' }, h('h2', null, 'Score sheet'),
      h('div', { class: 'table-scroll', style: { overflowX: 'auto', maxWidth: '100%' } },
        h('table', { class: 'scoresheet' },
          h('tr', null, h('th', null, 'Play'), ...rv.players.map((p) => h('th', null, p))),
          ...rv.score_sheet.map((l) => h('tr', null, h('td', null, String(l.play)), ...l.points.map((x, k) => h('td', { class: 'num' }, String(x + l.penalties[k]))))),
          h('tr', { class: 'total' }, h('td', null, 'Total'), ...rv.totals.map((t) => h('td', { class: 'num' }, String(t)))))));
  }

  /**
   * The rounds that ended with "No Goal" (no play to step to).
   * @param {Review69} rv @returns {HTMLElement[]}
   */
  function noGoals(rv) {
    const ng = rv.goals.filter((g) => g.goal === 'No Goal');
    if (!ng.length) return [];
    return [h('section', { class: 'panel', id: 'r69-no-goal' }, h('h2', null, '“No Goal” ', h('small', { class: 'rule' }, 'M69 3.1, 3.5 A, 3.10 B')),
      h('ul', null, ...ng.map((g) => {
        const missed = rv.missed_challenges.some((x) => x.play === g.play && x.after_move === null);
        const c = rv.challenges.find((x) => x.play === g.play && x.claim === 'no_goal');
        return h('li', { class: g.possible ? 'bad' : 'good' },
          `Play ${g.play}: ${name(g.player)} said “No Goal”: ${g.possible ? `a Flub (${g.possible_count} of the ${g.allowed.length} Goals had a Solution)` : 'right'}.`,
          c ? ` ${name(c.challenger)} challenged: ${c.correct ? 'correct' : 'incorrect'}${c.proof ? ` (${c.proof})` : ''}.` : '',
          missed ? ' Nobody challenged: a missed chance.' : '');
      })))];
  }

  function render() {
    const rv = r;
    if (!rv) return;
    const page = h('div', { class: 'review-page', id: 'r69-page' },
      h('h1', null, 'Review ', h('small', null, `1969 table ${id} (${rv.form})`)),
      h('p', null, back(), ' · Use ← and → to step through the plays.'),
      summary(rv));
    if (!rv.moves.length) {
      page.append(h('p', null, 'No play was completed in this game: there is nothing to step through.'), ...noGoals(rv), sheet(rv));
      fill(root, page);
      return;
    }
    const m = rv.moves[i];
    page.append(
      h('div', { class: 'review-nav', role: 'group', 'aria-label': 'Step through the plays' },
        h('button', { id: 'r69-first', onclick: () => step(0), disabled: i === 0 }, 'First'),
        h('button', { id: 'r69-prev', onclick: () => step(i - 1), disabled: i === 0, 'aria-label': 'Previous play' }, '← Previous'),
        h('span', { id: 'r69-pos', 'aria-live': 'polite' }, `Play ${m.play}, ${m.goal_play ? 'the Goal' : `move ${m.index}`} (${i + 1} of ${rv.moves.length})`),
        h('button', { id: 'r69-next', onclick: () => step(i + 1), disabled: i === rv.moves.length - 1, 'aria-label': 'Next play' }, 'Next →'),
        h('button', { id: 'r69-last', onclick: () => step(rv.moves.length - 1), disabled: i === rv.moves.length - 1 }, 'Last'),
        h('button', { id: 'r69-next-flub', onclick: () => { const k = rv.moves.findIndex((x, j) => j > i && x.flub); if (k >= 0) step(k); } }, 'Next Flub')),
      h('div', { class: 'review-main' },
        h('div', { class: 'review-col' }, verdict(rv, m), mat(m)),
        h('div', { class: 'review-col' }, goals(rv, m.play), challenges(rv, m.play))),
      ...noGoals(rv),
      sheet(rv));
    fill(root, page);
  }

  load();
  return { destroy: () => document.removeEventListener('keydown', keys) };
}
