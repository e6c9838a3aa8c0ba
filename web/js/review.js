// The one Review page of every rule edition (docs/review.md; docs/web.md,
// "Review"): a finished game move by move (← → or the buttons), the mat after
// each move as it was then (its faces and Universe, from the review's
// `position_after`) with its verdict, missed and incorrect challenges, the
// Goal judged and per-player accuracy by name. A match (`/t/{id}/review`,
// GET /api/tables/{id}/review) adds a chart of the advantage over the shake;
// a 1969 game (`/t69/{id}/review`, GET /api/tables1969/{id}/review) is judged
// by the Flub claims of M69 3.5 and adds the assertions and the score sheet.
// The server's review (the engine and the exact solver) decides everything;
// this only draws it.

import { request } from './api.js';
import { h, mount, onRedraw, withRules } from './components/vdom.js';
import { cardView } from './components/card.js';
import { cubeList } from './components/cube.js';
import { goalView } from './components/goal.js';
import { faces } from './components/mat.js';
import { cardOrder } from './pictures.js';
import { whyView } from './components/why.js';
import { cite } from './rules.js';
import { advantage } from './review/advantage.js';

export { advantage };
export { review1969Link } from './review/links.js';

/** @typedef {import('./components/vdom.js').VNode} VNode */
/** @typedef {import('./types.js').PositionJson} PositionJson */

/** @typedef {import('./types.js').Review} Review */
/** @typedef {import('./types.js').MoveReview} MoveReview */
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


/** Line colors of the players in the chart. */
const INK = ['#1d63c9', '#d3262f', '#1f8f3a'];

/** A link to a table's review. @param {string} id */
export function reviewLink(id) {
  return h('p', { class: 'review-link' }, h('a', { href: `/t/${encodeURIComponent(id)}/review`, id: 'review-link' }, 'Review this match move by move →'));
}

/** Words for a move's class. @param {MoveReview} m */
function classWords(m) {
  if (m.class === 'safe') return 'A safe move: no challenge could win after it.';
  if (m.class === 'now-wins') return 'A Flub: it let the next player win a Now challenge.';
  return 'A Flub: it let the next player win an Impossible challenge.';
}

export class ReviewView {
  /**
   * @param {HTMLElement} root
   * @param {string} id
   * @param {'match'|'1969'} [edition] which table host the id belongs to
   */
  constructor(root, id, edition = 'match') {
    this.root = root;
    this.id = id;
    this.m69 = edition === '1969';
    /** The table's page, its review's route and the prefix of the page's ids. */
    this.table = this.m69 ? `/t69/${encodeURIComponent(id)}` : `/t/${encodeURIComponent(id)}`;
    this.api = this.m69 ? `/api/tables1969/${encodeURIComponent(id)}/review` : `/api/tables/${encodeURIComponent(id)}/review`;
    this.ids = this.m69 ? 'r69' : 'review';
    /** @type {Review|null} */
    this.r = null;
    /** @type {Review69|null} */
    this.r69 = null;
    this.i = 0;
    /** Why the review could not be read, if it could not. */
    this.error = '';
    this.keys = (/** @type {KeyboardEvent} */ e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    document.title = `On-Sets — review of ${this.m69 ? '1969 table' : 'table'} ${id}`;
    // The page is a function of this view's state, patched on every change
    // (components/vdom.js): stepping to another move keeps the focused button,
    // an open "Why?" and the scroll as they were.
    this.page = mount(root);
    this.stopRedraw = onRedraw(() => this.render());
    this.render();
    this.load();
  }

  destroy() {
    document.removeEventListener('keydown', this.keys);
    this.stopRedraw();
  }

  /** The number of moves (1969: plays) to step through. */
  count() {
    return (this.m69 ? this.r69?.moves.length : this.r?.moves.length) ?? 0;
  }

  async load() {
    try {
      const body = await request(this.api);
      if (body.edition === '1969') this.r69 = body;
      else this.r = body;
      this.m69 = body.edition === '1969';
    } catch (e) {
      this.error = /** @type {Error} */ (e).message;
    }
    this.render();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (!this.count() || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = /** @type {HTMLElement} */ (e.target);
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
    const last = this.count() - 1;
    if (e.key === 'ArrowLeft') this.step(this.i - 1);
    else if (e.key === 'ArrowRight') this.step(this.i + 1);
    else if (e.key === 'Home') this.step(0);
    else if (e.key === 'End') this.step(last);
    else return;
    e.preventDefault();
  }

  /** @param {number} i */
  step(i) {
    if (!this.count()) return;
    this.i = Math.max(0, Math.min(this.count() - 1, i));
    this.render();
  }

  /** @param {number} p */
  name(p) {
    return (this.m69 ? this.r69?.players[p] : this.r?.players[p]) ?? `player ${p + 1}`;
  }

  render() {
    this.page.update(this.view());
  }

  /** The page as virtual nodes, from the review read (or what is still missing). @returns {VNode} */
  view() {
    if (this.error) {
      return h('div', { class: 'review-page' }, h('h1', null, 'Review'),
        h('p', { class: 'bad', role: 'alert' }, `No review: ${this.error}`),
        h('p', null, h('a', { href: this.table }, '← Back to the table')));
    }
    if (this.r69) return this.view69(this.r69);
    const r = this.r;
    if (!r) {
      return h('div', { class: 'review-page' }, h('h1', null, 'Review'),
        h('p', null, this.m69 ? 'The 1969 checker and solver are judging every play…' : 'The engine and the solver are judging every move…'));
    }
    const head = [
      h('h1', null, 'Review ', h('small', null, `table ${this.id}`)),
      h('p', null, h('a', { href: this.table }, '← Back to the table'), ' · Use ← and → to step through the moves. · ',
        h('a', { href: `/judge?table=${encodeURIComponent(this.id)}` }, 'Ask the judge’s assistant about this match'),
        ' · ', h('a', { href: `/t/${encodeURIComponent(this.id)}/mistakes`, id: 'review-mistakes-link' }, 'My mistakes as puzzles')),
      this.summary(r)];
    if (!r.moves.length) {
      return h('div', { class: 'review-page' }, ...head, h('p', null, 'No cube was moved in this match: there is nothing to step through.'));
    }
    const m = r.moves[this.i];
    return h('div', { class: 'review-page' }, ...head,
      this.nav(`Move ${this.i + 1} of ${r.moves.length} · shake ${m.shake}`, 'move'),
      h('div', { class: 'review-main' },
        h('div', { class: 'review-col' }, this.verdict(r, m), this.mat(m)),
        h('div', { class: 'review-col' }, this.chart(r, m.shake), this.goal(r, m.shake), this.challenges(r, m.shake))));
  }

  /**
   * The buttons that step through the moves (1969: plays), and for 1969
   * "Next Flub".
   * @param {string} where @param {string} what
   * @param {VNode|null} [extra]
   */
  nav(where, what, extra = null) {
    const last = this.count() - 1;
    const id = (/** @type {string} */ k) => `${this.ids}-${k}`;
    return h('div', { class: 'review-nav', role: 'group', 'aria-label': `Step through the ${what}s` },
      h('button', { id: id('first'), onclick: () => this.step(0), disabled: this.i === 0 }, 'First'),
      h('button', { id: id('prev'), onclick: () => this.step(this.i - 1), disabled: this.i === 0, 'aria-label': `Previous ${what}` }, '← Previous'),
      h('span', { id: id('pos'), 'aria-live': 'polite' }, where),
      h('button', { id: id('next'), onclick: () => this.step(this.i + 1), disabled: this.i === last, 'aria-label': `Next ${what}` }, 'Next →'),
      h('button', { id: id('last'), onclick: () => this.step(last), disabled: this.i === last }, 'Last'),
      extra);
  }

  /** @param {Review} r */
  summary(r) {
    return h('section', { class: 'panel', id: 'review-summary' },
      h('h2', null, 'Players'),
      // On a phone the table scrolls inside its box, never the page (docs/web.md).
      h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Players, scrolled sideways on a small screen', style: { overflowX: 'auto', maxWidth: '100%' } },
      h('table', { class: 'scoresheet' },
        h('tr', null, h('th', null, ''), h('th', null, 'accuracy'), h('th', null, 'moves'), h('th', null, 'flubs'), h('th', null, 'missed chances'), h('th', null, 'challenges right'), h('th', null, 'challenges wrong')),
        ...r.summary.map((x, p) => h('tr', null,
          h('th', { style: { color: INK[p % INK.length] } }, x.name),
          h('td', { class: 'num' }, x.accuracy === null ? '–' : `${Math.round(x.accuracy)}%`),
          h('td', { class: 'num' }, String(x.moves)), h('td', { class: 'num' }, String(x.flubs)),
          h('td', { class: 'num' }, String(x.missed_chances)), h('td', { class: 'num' }, String(x.correct_challenges)),
          h('td', { class: 'num' }, String(x.incorrect_challenges)))))),
      h('p', { class: 'small' }, 'Accuracy: safe moves and correct challenges, out of every move, challenge and missed chance.'));
  }

  /** @param {Review} r @param {MoveReview} m */
  verdict(r, m) {
    const missed = r.missed_challenges.filter((x) => x.after_move === this.i);
    return h('section', { class: `panel verdict-${m.class}`, id: 'review-verdict' },
      h('h2', null, `${this.name(m.player)}: ${m.mv}`),
      h('p', { class: m.class === 'safe' ? 'good' : 'bad', id: 'review-class' }, classWords(m)),
      h('ul', null,
        h('li', null, 'A Now challenge right after it would have been ', h('b', null, m.now_correct ? 'correct' : 'incorrect'), '. ', cite('V-A-2')),
        h('li', null, 'An Impossible challenge right after it would have been ', h('b', null, m.impossible_correct ? 'correct' : 'incorrect'), '. ', cite('V-A-1')),
        m.witness ? h('li', null, 'A Solution the next player could have written: ', h('code', null, m.witness),
          whyView({ ...m.position_after, situation: 'now' }, m.witness, `why-move-${this.i}`)) : null,
        m.class !== 'safe' ? h('li', null, m.best_alternative ? ['A safe move instead: ', h('b', null, m.best_alternative)] : 'No safe move was left.') : null,
        ...missed.map((x) => h('li', { class: 'bad missed' }, `Missed: a ${x.kind === 'now' ? 'Now' : 'Impossible'} challenge would have won here, and ${x.players.map((p) => this.name(p)).join(' and ')} did not challenge.`))));
  }

  /** The mat after the move, with the cards. @param {MoveReview} m */
  mat(m) {
    const p = m.position_after;
    return h('section', { class: 'panel', id: 'review-mat' },
      h('h2', null, 'The mat after the move'),
      matRows(p, (t) => t),
      p.variations?.length ? h('p', { class: 'small' }, 'Variations: ', p.variations.join(', ')) : null);
  }

  /**
   * The advantage over the shake as an inline SVG chart, one line a player,
   * the current move marked.
   * @param {Review} r @param {number} shake
   */
  chart(r, shake) {
    const pts = advantage(r, shake);
    const W = 420, H = 160, pad = 24;
    const all = pts.flatMap((x) => x.values).concat([0, 1, -1]);
    const lo = Math.min(...all), hi = Math.max(...all);
    const x = (/** @type {number} */ k) => pad + (pts.length > 1 ? (k * (W - 2 * pad)) / (pts.length - 1) : (W - 2 * pad) / 2);
    const y = (/** @type {number} */ v) => H - pad - ((v - lo) * (H - 2 * pad)) / (hi - lo || 1);
    const cur = pts.findIndex((q) => q.index === this.i);
    const lines = [];
    for (let p = 0; p < r.players.length; p++) {
      const d = pts.map((q, k) => `${k ? 'L' : 'M'}${x(k).toFixed(1)} ${y(q.values[p]).toFixed(1)}`).join(' ');
      if (d) lines.push(h('path', { d, fill: 'none', stroke: INK[p % INK.length], 'stroke-width': 2.5 }));
      pts.forEach((q, k) => {
        const mv = r.moves[q.index];
        if (mv.player !== p) return;
        lines.push(h('circle', {
          cx: x(k), cy: y(q.values[p]), r: mv.class === 'safe' ? 3.5 : 6, fill: mv.class === 'safe' ? INK[p % INK.length] : '#fff',
          stroke: INK[p % INK.length], 'stroke-width': 2, class: 'chart-dot', onclick: () => this.step(q.index),
        }, h('title', null, `Move ${q.index + 1}: ${this.name(p)} ${mv.mv} (${mv.class})`)));
      });
    }
    const svg = h('svg', { viewBox: `0 0 ${W} ${H}`, class: 'advantage-chart', role: 'img', 'aria-label': `Advantage over shake ${shake}` },
      h('rect', { x: 0, y: 0, width: W, height: H, class: 'chart-bg' }),
      h('line', { x1: pad, x2: W - pad, y1: y(0), y2: y(0), class: 'chart-zero' }),
      cur >= 0 ? h('line', { x1: x(cur), x2: x(cur), y1: pad / 2, y2: H - pad / 2, class: 'chart-now' }) : null,
      ...lines);
    return h('section', { class: 'panel', id: 'review-chart' },
      h('h2', null, `Advantage over shake ${shake}`), svg,
      h('p', { class: 'small' }, ...r.players.map((n, p) => h('span', { class: 'legend', style: { color: INK[p % INK.length] } }, `● ${n} `)),
        ' +1 a safe move, −2 a Flub (hollow dot), −1 a missed chance. Click a dot to go to its move.'));
  }

  /** The Goal-setter's choice, judged. @param {Review} r @param {number} shake */
  goal(r, shake) {
    const gs = r.goals.filter((g) => g.shake === shake);
    if (!gs.length) return null;
    return h('section', { class: 'panel', id: 'review-goal' }, h('h2', null, 'The Goal ', cite('III-B')),
      ...gs.map((g) => h('div', null,
        h('p', { class: g.goal === 'no Goal' ? (g.solvable_count === 0 ? 'good' : 'bad') : g.solvable ? 'good' : 'bad' },
          g.goal === 'no Goal'
            ? `${this.name(g.player)} declared no Goal: ${g.solvable_count === 0 ? 'right, no Goal could be solved' : 'wrong, a Goal could be solved'}.`
            : [`${this.name(g.player)} set the Goal `, goalView(g.goal), `: ${g.solvable ? 'it can be solved' : 'it cannot be solved'}.`]),
        h('p', { class: 'small' }, `${g.solvable_count} of the ${g.allowed.length} Goals the digit cubes allowed could be solved.`),
        g.allowed.length ? h('details', null, h('summary', null, 'Every Goal the digits allowed'),
          h('ul', { class: 'goal-list' }, ...g.allowed.map((a) => h('li', { class: a.solvable ? 'good' : 'bad' }, goalView(a.goal), `${a.values.length > 1 ? ` (${a.values.join(' or ')})` : ''}: ${a.solvable ? 'solvable' : 'not solvable'}`)))) : null)));
  }

  /** The challenges made in the shake, judged. @param {Review} r @param {number} shake */
  challenges(r, shake) {
    const cs = r.challenges.filter((c) => c.shake === shake);
    const word = (/** @type {string} */ k) => (k === 'now' ? 'Now' : k === 'impossible' ? 'Impossible' : '“no Goal”');
    return h('section', { class: 'panel', id: 'review-challenges' }, h('h2', null, 'Challenges ', cite('V-A')),
      cs.length ? h('ul', null, ...cs.map((c) => h('li', { class: c.correct ? 'good' : 'bad' },
        withRules(`${this.name(c.player)} challenged ${word(c.kind)}: ${c.correct ? 'correct' : 'incorrect'}.`),
        c.witness ? [' A Solution: ', h('code', null, c.witness), whyView(this.challengePosition(r, c), c.witness, `why-challenge-${c.shake}-${c.line}`)] : null)))
        : h('p', { class: 'small' }, 'No challenge in this shake.'));
  }

  /**
   * The mat a challenge was made against (the last move before it in its
   * shake), in the challenge's situation, for its "Why?".
   * @param {Review} r @param {{shake: number, line: number, kind: string}} c
   * @returns {PositionJson|null}
   */
  challengePosition(r, c) {
    const before = r.moves.filter((m) => m.shake === c.shake && m.line < c.line).pop();
    if (!before) return null;
    return { ...before.position_after, situation: c.kind === 'now' ? 'now' : 'impossible' };
  }

  /** The page of a 1969 review. @param {Review69} rv @returns {VNode} */
  view69(rv) {
    const i = this.i;
    const head = [
      h('h1', null, 'Review ', h('small', null, `1969 table ${this.id} (${rv.form})`)),
      h('p', null, h('a', { href: this.table }, '← Back to the table'), ' · Use ← and → to step through the plays.'),
      this.summary69(rv)];
    if (!rv.moves.length) {
      return h('div', { class: 'review-page', id: 'r69-page' }, ...head,
        h('p', null, 'No play was completed in this game: there is nothing to step through.'), ...this.noGoals69(rv), this.sheet69(rv));
    }
    const m = rv.moves[i];
    const nextFlub = h('button', { id: 'r69-next-flub', onclick: () => { const k = rv.moves.findIndex((x, j) => j > this.i && x.flub); if (k >= 0) this.step(k); } }, 'Next Flub');
    return h('div', { class: 'review-page', id: 'r69-page' }, ...head,
      this.nav(`Play ${m.play}, ${m.goal_play ? 'the Goal' : `move ${m.index}`} (${i + 1} of ${rv.moves.length})`, 'play', nextFlub),
      h('div', { class: 'review-main' },
        h('div', { class: 'review-col' }, this.verdict69(rv, m), this.mat69(m)),
        h('div', { class: 'review-col' }, this.goals69(rv, m.play), this.challenges69(rv, m.play))),
      ...this.noGoals69(rv),
      this.sheet69(rv));
  }

  /** @param {Review69} rv */
  summary69(rv) {
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
  altWords69(a) {
    const bits = [];
    if (a.play !== undefined) bits.push(`instead of play ${a.play}`);
    if (a.bonus !== undefined) bits.push(`bonus cube ${a.bonus} to Forbidden`);
    if (a.goal !== undefined) bits.push(`Goal ${a.goal}`);
    if (a.cube !== undefined) bits.push(`cube ${a.cube} to ${a.to}`);
    return bits.join(', ');
  }

  /** @param {Review69} rv @param {Move69} m */
  verdict69(rv, m) {
    const missed = rv.missed_challenges.filter((x) => x.after_move === this.i);
    const word = m.flub
      ? `A Flub: it broke the ${claimName(m.flub)}${m.chain_head !== null ? ` (the chain began at play ${rv.moves[m.chain_head].index}: ${rv.moves[m.chain_head].mv})` : ''}.`
      : 'A sound play: it kept the C-, A- and P-claims.';
    return h('section', { class: `panel ${m.flub ? 'verdict-flub' : 'verdict-safe'}`, id: 'r69-verdict' },
      h('h2', null, `${this.name(m.player)}: ${m.mv}`),
      h('p', { class: m.flub ? 'bad' : 'good', id: 'r69-class' }, word),
      h('ul', null,
        h('li', null, m.correct_claims.length
          ? ['A challenge right after it would have won: ', h('b', null, m.correct_claims.map(claimName).join(', ')), '.']
          : 'No challenge right after it could have won.', ' ', cite('M69 3.5')),
        h('li', null, m.possible ? 'A Solution could still be built.' : 'No Solution could be built any more (the P-claim broken).'),
        m.one_more_solution ? h('li', null, 'A Solution with at most one more cube from Resources: ', h('code', null, m.one_more_solution)) : null,
        m.alternative ? h('li', null, 'The alternative a Challenger could show (3.7 comment 3): ', h('b', null, m.alternative_text ?? this.altWords69(m.alternative)),
          m.alternative.play !== undefined && m.alternative.play !== m.index ? ` (instead of play ${m.alternative.play})` : '') : null,
        m.better ? h('li', { id: 'r69-better' }, 'Better: ', h('b', null, m.better)) : null,
        ...missed.map((x) => h('li', { class: 'bad missed' },
          `Missed: a challenge (${x.claims.map(claimName).join(' or ')}) would have won here, and ${x.players.map((p) => this.name(p)).join(' and ')} did not challenge.`))));
  }

  /** @param {Move69} m */
  mat69(m) {
    const p = m.position_after;
    // The position is in the project's notation (Y); 1969 shows orange, O.
    const o = (/** @type {string} */ t) => t.replace(/Y/g, 'O');
    return h('section', { class: 'panel', id: 'r69-mat' },
      h('h2', null, 'The mat after the play'),
      matRows({ ...p, goal: m.goal_play || p.goal ? p.goal : '' }, o));
  }

  /** @param {Review69} rv @param {number} play */
  goals69(rv, play) {
    const gs = rv.goals.filter((g) => g.play === play);
    if (!gs.length) return null;
    return h('section', { class: 'panel', id: 'r69-goal' }, h('h2', null, 'The Goal ', cite('M69 3.1')),
      ...gs.map((g) => h('div', null,
        h('p', { class: g.goal === 'No Goal' ? (g.possible ? 'bad' : 'good') : g.safe ? 'good' : 'bad' },
          g.goal === 'No Goal'
            ? `${this.name(g.player)} said “No Goal”: ${g.possible ? 'a Flub, some Goal had a Solution' : 'right, no Goal had a Solution'}.`
            : [`${this.name(g.player)} set the Goal `, goalView(g.goal), `: ${g.safe ? 'a Solution possible, none with one more cube' : g.possible ? 'a Solution with one more cube was allowed' : 'no Solution possible'}.`]),
        h('p', { class: 'small' }, `${g.possible_count} of the ${g.allowed.length} Goals the numeral cubes allowed had a Solution; ${g.safe_count} kept both the A- and P-claims.`),
        g.allowed.length ? h('details', null, h('summary', null, 'Every Goal the numeral cubes allowed'),
          h('ul', { class: 'goal-list' }, ...g.allowed.map((a) => h('li', { class: a.safe ? 'good' : a.possible ? '' : 'bad' },
            goalView(a.goal), `${a.values.length > 1 ? ` (${a.values.join(' or ')})` : ''}: ${a.safe ? 'safe' : a.possible ? 'possible, one more cube away' : 'no Solution'}`)))) : null)));
  }

  /** @param {Review69} rv @param {number} play */
  challenges69(rv, play) {
    const cs = rv.challenges.filter((c) => c.play === play);
    const as = rv.assertions.filter((a) => a.play === play);
    const line = rv.score_sheet.find((l) => l.play === play);
    return h('section', { class: 'panel', id: 'r69-challenges' }, h('h2', null, 'Challenges and assertions ', cite('M69 3.6–3.10')),
      cs.length || as.length ? h('ul', null,
        ...cs.map((c) => h('li', { class: c.correct ? 'good' : 'bad' },
          `${this.name(c.challenger)} challenged ${this.name(c.mover)} (${claimName(c.claim)}): ${c.correct ? 'correct' : 'incorrect'}`,
          c.game_challenger_won === null ? '.' : `; the game scored the Challenger ${c.game_challenger_won ? 'Correct' : 'Incorrect'}${c.agrees ? '' : ' (not as the review judges it: the proof written decided)'}.`,
          c.proof ? [' A proof: ', h('code', null, c.proof)] : null)),
        ...as.map((a) => h('li', { class: a.correct ? 'good' : 'bad' },
          `${this.name(a.player)} asserted a Solution with one more cube: ${a.correct ? 'correct' : 'incorrect'}.`,
          a.witness ? [' ', h('code', null, a.witness)] : null)))
        : h('p', { class: 'small' }, 'No challenge or assertion in this play.'),
      line ? h('p', { id: 'r69-points' }, `Scored: ${line.points.join(' / ')} — ${line.note}`) : null);
  }

  /** @param {Review69} rv */
  sheet69(rv) {
    return h('section', { class: 'panel', id: 'r69-sheet' }, h('h2', null, 'Score sheet'),
      h('div', { class: 'table-scroll', style: { overflowX: 'auto', maxWidth: '100%' } },
        h('table', { class: 'scoresheet' },
          h('tr', null, h('th', null, 'Play'), ...rv.players.map((p) => h('th', null, p))),
          ...rv.score_sheet.map((l) => h('tr', null, h('td', null, String(l.play)), ...l.points.map((x, k) => h('td', { class: 'num' }, String(x + l.penalties[k]))))),
          h('tr', { class: 'total' }, h('td', null, 'Total'), ...rv.totals.map((t) => h('td', { class: 'num' }, String(t)))))));
  }

  /**
   * The rounds that ended with "No Goal" (no play to step to).
   * @param {Review69} rv @returns {VNode[]}
   */
  noGoals69(rv) {
    const ng = rv.goals.filter((g) => g.goal === 'No Goal');
    if (!ng.length) return [];
    return [h('section', { class: 'panel', id: 'r69-no-goal' }, h('h2', null, '“No Goal” ', cite('M69 3.1, 3.5 A, 3.10 B')),
      h('ul', null, ...ng.map((g) => {
        const missed = rv.missed_challenges.some((x) => x.play === g.play && x.after_move === null);
        const c = rv.challenges.find((x) => x.play === g.play && x.claim === 'no_goal');
        return h('li', { class: g.possible ? 'bad' : 'good' },
          `Play ${g.play}: ${this.name(g.player)} said “No Goal”: ${g.possible ? `a Flub (${g.possible_count} of the ${g.allowed.length} Goals had a Solution)` : 'right'}.`,
          c ? ` ${this.name(c.challenger)} challenged: ${c.correct ? 'correct' : 'incorrect'}${c.proof ? ` (${c.proof})` : ''}.` : '',
          missed ? ' Nobody challenged: a missed chance.' : '');
      })))];
  }
}

/**
 * The mat after a move as the review draws it (components/card.js, cube.js,
 * goal.js): the Goal as cubes with its value, each section's cubes and the
 * Universe's cards, in the kit's order.
 * @param {Record<string, any>} p the position (docs/notation.md)
 * @param {(t: string) => string} o how a face or card is written on this page (1969: orange, O)
 */
function matRows(p, o) {
  const row = (/** @type {string} */ sec) => cubeList(faces(p[sec]).map(o), { small: true });
  return [
    h('p', null, 'Goal: ', p.goal ? goalView(String(p.goal)) : '–'),
    h('dl', { class: 'mat-rows' },
      h('dt', null, 'Required'), h('dd', null, row('required')),
      h('dt', null, 'Permitted'), h('dd', null, row('permitted')),
      h('dt', null, 'Forbidden'), h('dd', null, row('forbidden')),
      h('dt', null, 'Resources'), h('dd', null, row('resources'))),
    h('p', null, 'The Universe: ', h('span', { class: 'card-list' },
      ...[...faces(p.universe)].sort(cardOrder).map((c) => cardView(o(c), { key: c, small: true })))),
  ];
}

/**
 * The review of a finished 1969 table (`/t69/{id}/review`): the one review
 * page, on the 1969 table host's route.
 * @param {HTMLElement} root @param {string} id
 * @returns {{destroy: () => void}}
 */
export function showReview1969(root, id) {
  return new ReviewView(root, id, '1969');
}
