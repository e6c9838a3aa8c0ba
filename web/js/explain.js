// Explanations of a verdict (docs/web.md, "Explanations"): what
// each part of a Solution names, drawn as cards, what each Restriction
// removes, every reading of an ambiguous chain, which cube each symbol used,
// and for every fault its rule and the shortest fact. The server's checker
// decides (POST /api/explain); this module only draws its answer.

import { h, withRules, citeDom } from './dom.js';
import { cardSvg, cardWords, cardOrder, cubeSvg } from './pictures.js';
import { readGoal, goalValue } from './notation.js';
import { goalWords } from './words.js';
import { cardMapSteps } from './components/cardmap.js';
import { postJson } from './api.js';

/** @typedef {import('./types.js').MatchView} MatchView */
/** @typedef {import('./types.js').Explanation} Explanation */
/** @typedef {import('./types.js').PositionJson} PositionJson */

/** The family of a cube face, for its picture. @param {string} face */
export function familyOf(face) {
  if (/^[BRGYO]$/.test(face)) return 'color';
  if (/^[∪∩−′]$/.test(face)) return 'operation';
  if (/^[VΛ=⊆]$/.test(face)) return 'restriction';
  return 'digit';
}

/**
 * Cards drawn small, in the kit's order; "no cards" when empty.
 * @param {string[]} cards
 */
export function cardRow(cards) {
  if (!cards.length) return h('span', { class: 'no-cards' }, 'no cards');
  const sorted = [...cards].sort(cardOrder);
  return h('span', { class: 'card-row', role: 'img', 'aria-label': `${cards.length} card${cards.length === 1 ? '' : 's'}: ${sorted.map(cardWords).join('; ')}` },
    ...sorted.map((c) => h('span', { class: 'mini-card', title: cardWords(c) }, cardSvg(c))));
}

/**
 * Cubes drawn small, from a notation list (`"∪ Y G ′"`).
 * @param {string} list
 */
export function cubeRow(list) {
  const faces = list.split(/\s+/).filter(Boolean);
  if (!faces.length) return h('span', { class: 'no-cards' }, 'none');
  return h('span', { class: 'cube-row', role: 'img', 'aria-label': faces.join(' ') },
    ...faces.map((f) => h('span', { class: 'mini-cube', title: f }, cubeSvg(f, familyOf(f)))));
}

/**
 * The position a verdict was judged in, in the notation's JSON, from the
 * table's view (while Solutions are written or checked); `null` when the
 * view cannot say (no Goal, a Goal given by its digits).
 * @param {MatchView|null} m
 * @returns {PositionJson|null}
 */
export function positionFromView(m) {
  if (!m || typeof m.goal !== 'string') return null;
  const ph = m.phase;
  if (ph.phase !== 'writing' && ph.phase !== 'checking') return null;
  const k = ph.kind;
  const situation = k.kind === 'challenge' ? (k.challenge === 'now' ? 'now' : 'impossible')
    : k.kind === 'forceout' ? 'forceout' : k.kind === 'no_goal' ? 'impossible' : 'end-of-round';
  const at = (/** @type {string} */ p) => m.cubes.filter((c) => c.place === p && (p !== 'resources' || c.family !== 'digit')).map((c) => c.face).join(' ');
  return {
    division: m.division.toLowerCase(),
    adventurous: m.adventurous,
    universe: m.cards.join(' '),
    goal: m.goal,
    required: at('required'),
    permitted: at('permitted'),
    forbidden: at('forbidden'),
    resources: at('resources'),
    variations: m.variations,
    situation,
  };
}

/**
 * Asks the server to explain a Solution.
 * @param {PositionJson} position
 * @param {string} solution
 * @returns {Promise<Explanation>}
 */
export async function fetchExplanation(position, solution) {
  return postJson('/api/explain', { position, solution });
}

/**
 * The explanation, for a reader of twelve: the verdict, then each Solution
 * step by step, the cubes, and what went wrong.
 * @param {Explanation} e
 * @param {PositionJson|null} [position] the position judged: with it, the cube
 *   table names the Required cubes a Solution left out (VII-B-4-b)
 */
export function renderExplanation(e, position) {
  const out = h('div', { class: 'explanation' });
  out.append(h('p', { class: e.correct ? 'good' : 'bad' }, e.correct ? 'This Solution is correct ✓' : 'This Solution is not correct ✗'));
  if (e.failures.length) {
    out.append(h('h4', null, 'What is wrong'),
      h('ul', { class: 'failures' }, ...e.failures.map((f) => h('li', null, withRules(f.fact), ' ', citeDom(f.section)))));
  }
  e.solutions.forEach((s, i) => {
    const sec = h('div', { class: 'explained-solution' });
    if (e.solutions.length > 1) sec.append(h('h4', null, `Solution ${i + 1}: `, h('code', null, s.text)));
    sec.append(h('p', null, 'The Universe: ', cardRow(s.universe)));
    for (const r of s.restrictions) {
      for (const rd of r.readings) {
        sec.append(h('p', { class: 'restriction-step' }, 'The Restriction ', h('code', null, rd.grouped), ' removes ', cardRow(rd.removes), citeDom('VI-B-2')));
      }
    }
    if (s.kept) sec.append(h('p', null, 'Cards left after the Restrictions: ', cardRow(s.kept)));
    if (s.steps.length) {
      sec.append(h('h4', null, 'Step by step'),
        h('ol', { class: 'steps' }, ...s.steps.map((st) => h('li', null, h('code', null, st.expr), ' names ',
          st.cards ? cardRow(st.cards) : h('span', null, 'different cards depending on how it is read:'),
          st.interpretations?.length ? h('ul', null, ...st.interpretations.map((x) => h('li', null, h('code', null, x.grouped), ' → ', cardRow(x.cards), ` (${x.value})`))) : null))));
    }
    if (s.steps.length || s.kept) sec.append(cardMapSteps(s));
    if (s.interpretations.length > 1) {
      sec.append(h('h4', null, 'Every way to read it ', citeDom('VII-B-6')),
        h('ul', null, ...s.interpretations.map((x) => h('li', null, h('code', null, x.grouped), ` names ${x.value} card${x.value === 1 ? '' : 's'}`))));
    }
    const used = s.cubes.symbols;
    if (used.length) {
      sec.append(h('h4', null, 'Which cube each symbol used ', citeDom('VII-B-4')));
      const missing = missingRequired(position, used.map((u) => u.symbol));
      if (!s.cubes.possible) {
        sec.append(h('p', { class: 'bad' }, missing.length
          ? `Every Solution must use every Required cube, and this one leaves out ${missing.map(faceName).join(' and ')} `
          : 'No choice of cubes works for every symbol.', missing.length ? citeDom('VII-B-4-b') : null));
      }
      sec.append(
        h('table', { class: 'cube-account' },
          h('tr', null, h('th', null, 'symbol'), h('th', null, 'cube'), h('th', null, 'from')),
          ...used.map((u) => h('tr', null, h('td', null, h('code', null, u.symbol)),
            h('td', null, u.cube ? h('span', { class: 'mini-cube' }, cubeSvg(u.cube, familyOf(u.cube))) : s.cubes.possible ? '—' : 'no cube left for it'),
            h('td', null, u.section ?? (s.cubes.possible ? '—' : '')))),
          ...missing.map((f) => h('tr', { class: 'missing' }, h('td', null, '(not written)'),
            h('td', null, h('span', { class: 'mini-cube' }, cubeSvg(f, familyOf(f)))),
            h('td', null, 'Required: missing')))));
    }
    out.append(sec);
  });
  return out;
}

/** A face in words for a sentence. @param {string} f */
function faceName(f) {
  return f === 'Λ' ? 'the Λ (empty set) cube' : f === 'V' ? 'the V (Universe) cube' : `the ${f} cube`;
}

/**
 * The Required cubes (VII-B-4-b) that no symbol of a Solution can stand
 * for: each Required face counted against the symbols written.
 * @param {PositionJson|null|undefined} position
 * @param {string[]} symbols
 */
export function missingRequired(position, symbols) {
  if (!position?.required) return [];
  const left = [...symbols];
  const out = [];
  for (const f of String(position.required).split(/\s+/).filter(Boolean)) {
    const i = left.indexOf(f);
    if (i >= 0) left.splice(i, 1);
    else out.push(f);
  }
  return out;
}

/**
 * Explanations asked for, and whether their disclosure is open, by position
 * and Solution: the table redraws its verdicts on every update, and an open
 * "Why?" stays open with its answer.
 * @type {Map<string, {open: boolean, pending: boolean, answer: Explanation|null, error: string, show?: () => void}>}
 */
export const asked = new Map();



/**
 * A Goal drawn as its cubes with its value, as DOM (components/goal.js
 * `goalView` draws the same for patched pages); a text that is no legal
 * layout is said in words.
 * @param {string} text the Goal in notation (`3*(~1+2)`)
 */
export function goalDom(text) {
  const g = readGoal(text);
  if (!g) return h('span', { class: 'goal-view' }, h('span', { class: 'goal-text' }, goalWords(text)));
  return h('span', { class: 'goal-view', role: 'img', 'aria-label': `Goal: ${goalWords(text)}` },
    h('span', { class: 'goal-pic', 'aria-hidden': 'true' }, ...g.layout.cells.map(([r, c], i) => h('span', {
      class: 'goal-cube', style: { gridRow: String(r + 1), gridColumn: Number.isInteger(c) ? `${c * 2 + 1} / span 2` : '2 / span 2' },
    }, cubeSvg(String(g.digits[i]), 'digit', g.flips[i])))),
    h('span', { class: 'goal-value', 'aria-hidden': 'true' }, `= ${goalValue(g)}`));
}
