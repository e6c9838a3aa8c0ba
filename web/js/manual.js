// The 1969 games (`/manual`, docs/manual-1969.md): the 1969
// manual's 28 introductory games and three solitaire games, and its puzzles
// re-derived as far as the scan allows. The server is stateless: a game is
// its id, seed and the acts played so far (kept here), replayed by
// POST /api/manual/play; every act is judged there. Orange dots (the 1969
// fourth color, the notation's Y) are drawn orange and lettered O.

import { h, fill } from './dom.js';
import { request } from './api.js';
import { keepForTab, keptForTab, tabKey } from './components/store.js';
import { cardOrder, cardSvg, cubeSvg, faceWords } from './pictures.js';

const ORANGE = '#f28c28';

/** The server's answer (api.js, the one connection layer). */
const api = request;

/** Recolors a picture's yellow dots orange and letters them O. @param {SVGElement} svg */
function orange(svg) {
  for (const c of svg.querySelectorAll('circle')) {
    if ((c.getAttribute('fill') ?? '').toLowerCase() === '#f4c20d') c.setAttribute('fill', ORANGE);
  }
  for (const t of svg.querySelectorAll('text')) {
    if (t.textContent === 'Y') t.textContent = 'O';
  }
  return svg;
}

/** Words for a 1969 card (`BO`, `blank`). @param {string} card */
function cardWords1969(card) {
  if (card === 'blank') return 'the blank card (no dots)';
  /** @type {Record<string, string>} */
  const names = { B: 'blue', R: 'red', G: 'green', O: 'orange' };
  return `card with ${[...card].map((c) => names[c] ?? c).join(', ')} dot${card.length > 1 ? 's' : ''}`;
}

/** A card drawn in 1969 colors. @param {string} card */
function card(card) {
  const words = cardWords1969(card);
  return h('span', { class: 'manual-card', title: words, 'aria-label': words, dataset: { card } }, orange(cardSvg(card.replace(/O/g, 'Y'))));
}

/** A thrown cube drawn in 1969 colors. @param {string} face */
function cube(face) {
  const f = face === 'O' ? 'Y' : face;
  const fam = /^[0-9]$/.test(f) ? 'digit' : 'BRGY'.includes(f) ? 'color' : '∪∩−′'.includes(f) ? 'operation' : 'restriction';
  const words = face === 'O' ? 'orange (O)' : faceWords(f);
  return h('span', { class: 'manual-cube', title: words, 'aria-label': words, dataset: { face } }, orange(cubeSvg(f, fam)));
}

/** @param {string[]} cards */
function cardRow(cards) {
  const y = (/** @type {string} */ c) => c.replace(/O/g, 'Y');
  const sorted = [...cards].sort((a, b) => cardOrder(y(a), y(b)));
  return h('div', { class: 'manual-cards' }, sorted.length ? sorted.map(card) : h('span', { class: 'small' }, '(no cards)'));
}

/**
 * The page: the list of games, or the game named in `?game=`.
 * @param {HTMLElement} root @param {(path: string) => void} go
 */
export async function showManual(root, go) {
  const params = new URLSearchParams(location.search);
  const game = params.get('game');
  if (params.has('puzzles')) return showPuzzles(root, go);
  if (game) {
    const seed = Number(params.get('seed') ?? '1') || 1;
    const players = Number(params.get('players') ?? '2') || 2;
    return showGame(root, go, game, seed, players);
  }
  fill(root, h('p', null, 'Loading the 1969 games…'));
  /** @type {any} */
  let games;
  try {
    games = await api('/api/manual/games');
  } catch (e) {
    fill(root, h('p', { role: 'alert' }, `The games could not be loaded: ${/** @type {Error} */ (e).message}`));
    return;
  }
  const seed = 1 + Math.floor(Math.random() * 100000);
  /** @param {string} id */
  const open = (id) => go(`/manual?game=${encodeURIComponent(id)}&seed=${seed}`);
  fill(root,
    h('h1', null, 'The 1969 games'),
    h('p', null, 'From Layman E. Allen’s 1969 manual ', h('i', null, 'ON-SETS: The Game of Set Theory'),
      ': a programmed series of 28 introductory games, “beginning at a level simple enough for kindergarten students”, and three solitaire games for the lone player. The 1969 cards have red, blue, green and ', h('span', { style: { color: ORANGE, fontWeight: 'bold' } }, 'orange'), ' dots (O).'),
    h('h2', null, 'Solitaire games (§8.5)'),
    h('ul', { class: 'manual-list', id: 'manual-solitaire' },
      games.solitaire.map((/** @type {any} */ g) => h('li', null,
        h('button', { class: 'manual-open', id: `open-${g.id}`, onclick: () => open(g.id) }, g.title),
        ` ${g.section} · ${g.aim}`,
        g.id === 'one' ? h('button', { class: 'manual-open', id: 'open-one-advanced', onclick: () => open('one-advanced') }, 'ONE (Advanced)') : null))),
    h('h2', null, 'Introductory games (§8.1–8.4)'),
    h('table', { class: 'manual-table', id: 'manual-intro' },
      h('thead', null, h('tr', null, h('th', null, 'No.'), h('th', null, 'Game'), h('th', null, 'Section'), h('th', null, 'Teaches'))),
      h('tbody', null, games.intro.map((/** @type {any} */ g) => h('tr', null,
        h('td', null, String(g.number)),
        h('td', null, h('button', { class: 'manual-open', id: `open-${g.id}`, onclick: () => open(g.id) }, g.title)),
        h('td', null, g.section),
        h('td', null, g.teaches))))),
    h('p', null, h('a', { href: '/manual?puzzles', id: 'manual-puzzles-link', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/manual?puzzles'); } }, 'The manual’s puzzles and exercises'), ', checked as far as the scan allows.'));
}

/** @param {HTMLElement} root @param {(path: string) => void} go */
async function showPuzzles(root, go) {
  fill(root, h('p', null, 'Checking the puzzles…'));
  /** @type {any} */
  const p = await api('/api/manual/puzzles').catch((e) => ({ error: e }));
  if (p.error) {
    fill(root, h('p', { role: 'alert' }, String(p.error.message)));
    return;
  }
  fill(root,
    h('p', null, h('a', { href: '/manual', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/manual'); } }, '← The 1969 games')),
    h('h1', null, 'Puzzles, exercises and examples of the 1969 manual'),
    h('p', null, 'Every card picture of the scan is lost, so no answer that depends on a Universe can be re-derived. Identities are checked over all 16 cards; printed Solutions are checked against their mat (every Required cube, nothing Forbidden, the Resources the claim allows).'),
    h('ol', { class: 'manual-puzzles' }, p.items.map((/** @type {any} */ i) => h('li', null,
      h('b', null, `${i.section} `), i.ok ? '✓ ' : '✗ ', i.question,
      h('div', { class: 'small' }, `Printed answer: ${i.printed_answer}`),
      i.mat ? h('div', { class: 'small' }, `Resources ${i.mat.resources} · Forbidden ${i.mat.forbidden} · Permitted ${i.mat.permitted} · Required ${i.mat.required} · Goal ${i.mat.goal}`) : null,
      h('div', { class: 'small' }, `Checked: ${i.checked} — ${i.detail}`),
      i.lost ? h('div', { class: 'small' }, `Lost: ${i.lost}`) : null))));
}

/**
 * One game: the description, the state, and the controls.
 * @param {HTMLElement} root @param {(path: string) => void} go @param {string} game @param {number} seed @param {number} players
 */
async function showGame(root, go, game, seed, players) {
  // The acts so far are kept for this tab, so a reload replays the same game.
  const key = tabKey('manual', `${game}:${seed}:${players}`);
  /** @type {any[]} */
  let acts = [];
  try {
    const saved = JSON.parse(keptForTab(key, '[]'));
    if (Array.isArray(saved)) acts = saved;
  } catch {
    acts = [];
  }
  /** @type {any} */
  let state = null;
  const error = h('p', { id: 'manual-error', role: 'alert', class: 'manual-error' });
  const board = h('div', { id: 'manual-board' });

  /** @param {any} [act] */
  async function send(act) {
    const next = act ? [...acts, act] : acts;
    try {
      const r = await api('/api/manual/play', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game, seed, players, acts: next }),
      });
      if (act) acts.push(act);
      keepForTab(key, JSON.stringify(acts));
      state = r.state;
      error.textContent = '';
      render();
    } catch (e) {
      if (!act && acts.length) {
        // A kept game the server no longer replays: start the deal afresh.
        acts = [];
        keepForTab(key, null);
        return send();
      }
      error.textContent = /** @type {Error} */ (e).message;
    }
  }

  const input = h('input', { id: 'manual-input', type: 'text', autocomplete: 'off', spellcheck: 'false', 'aria-label': 'Set-Name', placeholder: 'e.g. (R ∪ B)′' });

  function render() {
    if (state.kind === 'solitaire') renderSolitaire();
    else renderIntro();
  }

  function over() {
    return state.kind === 'solitaire' ? state.status !== 'playing' : state.over;
  }

  function lastLine() {
    const last = state.last;
    return last ? h('p', { id: 'manual-last', class: last.correct ? 'manual-ok' : 'manual-no' }, last.message) : h('p', { id: 'manual-last' });
  }

  function renderSolitaire() {
    const g = state.game;
    const ab = g.id === 'a-b';
    /** @param {Event} e */
    const submit = (e) => {
      e.preventDefault();
      const text = /** @type {HTMLInputElement} */ (input).value;
      send(ab ? { type: 'names', texts: text.split('|').map((t) => t.trim()).filter(Boolean) } : { type: 'name', text });
    };
    fill(board,
      h('p', { id: 'manual-status', dataset: { status: state.status } },
        state.status === 'playing' ? 'Playing' : state.status === 'won' ? 'You win!' : 'Game over',
        ` · score ${state.score} of ${state.max_score}`,
        g.id === 'go-through' ? ` · turned down ${state.down} · left to deal ${state.stack}` : '',
        ab ? ` · A = ${state.a}, B = ${state.b}` : '',
        state.hints ? ` · hints ${state.hints}` : ''),
      h('h3', null, 'Cards'), cardRow(state.table),
      h('h3', null, 'Throw'), h('div', { class: 'manual-cubes' }, state.throw.map(cube)),
      lastLine(),
      state.answer ? h('p', { id: 'manual-answer' }, state.answer) : null,
      over()
        ? h('p', null, h('button', { id: 'manual-again', onclick: () => go(`/manual?game=${encodeURIComponent(game)}&seed=${seed + 1}`) }, 'Next deal'))
        : h('form', { id: 'manual-form', onsubmit: submit },
          h('label', { for: 'manual-input' }, ab ? 'Set-Names, separated by | ' : state.advanced ? 'Statements ; Set-Name ' : 'Set-Name '),
          input, ' ',
          h('button', { type: 'submit', id: 'manual-submit' }, 'Submit'), ' ',
          h('button', { type: 'button', id: 'manual-hint', onclick: () => send({ type: 'hint' }) }, 'Hint'), ' ',
          h('button', { type: 'button', id: 'manual-give-up', onclick: () => send({ type: 'give-up' }) }, 'Give up')));
    /** @type {HTMLInputElement} */ (input).value = '';
  }

  /**
   * The student picks the cards a Set-Name fishes out (FISH, OUT, SQUAD):
   * the page never lists them; the server judges them. One pick per table
   * (a SQUAD game: one per team).
   * @type {Set<string>[]}
   */
  let picked = [];

  /** A row of cards the student can pick. @param {string[]} cards @param {number} slot */
  function pickRow(cards, slot) {
    picked[slot] ??= new Set();
    const row = cardRow(cards);
    row.classList.add('manual-pick');
    for (const el of row.querySelectorAll('.manual-card')) {
      const name = /** @type {HTMLElement} */ (el).dataset.card ?? '';
      el.setAttribute('role', 'button');
      el.setAttribute('tabindex', '0');
      el.setAttribute('aria-pressed', 'false');
      const toggle = () => {
        const on = !picked[slot].has(name);
        if (on) picked[slot].add(name); else picked[slot].delete(name);
        el.classList.toggle('manual-picked', on);
        el.setAttribute('aria-pressed', String(on));
      };
      el.addEventListener('click', toggle);
      el.addEventListener('keydown', (/** @type {Event} */ e) => {
        const k = /** @type {KeyboardEvent} */ (e).key;
        if (k === 'Enter' || k === ' ') { e.preventDefault(); toggle(); }
      });
    }
    return row;
  }

  /** The picked cards, one entry per table looked at. */
  function pickedCards() {
    const slots = state.game.family === 'squad' ? state.tables.length : 1;
    const out = [];
    for (let i = 0; i < slots; i++) out.push(picked[i]?.size ? [...picked[i]].join(' ') : 'none');
    picked = [];
    return out;
  }

  function renderIntro() {
    const g = state.game;
    const squad = g.family === 'squad';
    const finds = g.family !== 'sets';
    const seatWord = (/** @type {number} */ s) => `${squad ? 'Team' : 'Player'} ${s + 1}`;
    picked = [];
    const tables = g.family === 'fish' || g.family === 'sets'
      ? [h('h3', null, `Face-up cards (${state.decks[0]} left to deal)`), finds && !state.over ? pickRow(state.tables[0], 0) : cardRow(state.tables[0])]
      : state.tables.map((/** @type {string[]} */ t, /** @type {number} */ i) => [h('h3', null, `${seatWord(i)}${squad ? ` (${state.decks[i]} left to deal)` : ''}`),
        !state.over && (squad || i === state.turn) ? pickRow(t, squad ? i : 0) : cardRow(t)]);
    const goalSelect = h('select', { id: 'manual-goal', 'aria-label': 'Goal' },
      state.throw.filter((/** @type {string} */ f) => /^[0-9]$/.test(f)).map((/** @type {string} */ d) => h('option', { value: d }, d)));
    /** @param {Event} e */
    const submit = (e) => {
      e.preventDefault();
      const text = /** @type {HTMLInputElement} */ (input).value;
      if (g.family === 'sets') send({ type: 'claim', goal: Number(/** @type {HTMLSelectElement} */ (goalSelect).value), text });
      else send({ type: 'name', text, cards: pickedCards() });
    };
    fill(board,
      h('p', { id: 'manual-status' }, state.over
        ? `Game over: ${state.winners.map(seatWord).join(' and ')} win${state.winners.length === 1 ? 's' : ''}.`
        : squad ? 'The teacher throws and names the set for every team.' : `${seatWord(state.turn)} to play.`,
      ` · cards turned down: ${state.won.map((/** @type {number} */ n, /** @type {number} */ i) => `${seatWord(i)} ${n}`).join(', ')}`,
      state.mistakes ? ` · answers judged wrong: ${state.mistakes}` : ''),
      finds && !state.over ? h('p', { id: 'manual-find', class: 'small' }, squad
        ? 'Pick, for each team, the cards the Set-Name fishes out (none for none), then name the set.'
        : 'Pick the cards the Set-Name fishes out (none for none), then name the set.') : null,
      tables.flat(),
      h('h3', null, 'Throw', state.face_up ? ` (face up: ${state.face_up})` : ''),
      h('div', { class: 'manual-cubes' }, state.throw.map(cube), state.face_up ? cube(state.face_up) : null),
      lastLine(),
      state.over ? h('p', null, h('button', { id: 'manual-again', onclick: () => go(`/manual?game=${encodeURIComponent(game)}&seed=${seed + 1}`) }, 'Play again')) : [
        state.options?.length ? h('div', { class: 'manual-options' }, 'Name the set: ',
          state.options.map((/** @type {string} */ o) => h('button', { class: 'manual-option', onclick: () => send({ type: 'name', text: o, cards: pickedCards() }) }, o))) : null,
        h('form', { id: 'manual-form', onsubmit: submit },
          g.family === 'sets' ? [h('label', { for: 'manual-goal' }, 'Goal '), goalSelect, ' '] : null,
          h('label', { for: 'manual-input' }, g.idea === 'eq' || g.idea === 'inc' ? 'Statement ' : 'Set-Name '),
          input, ' ',
          h('button', { type: 'submit', id: 'manual-submit' }, g.family === 'sets' ? 'Claim' : 'Name it'),
          g.family === 'sets' ? [' ', h('button', { type: 'button', id: 'manual-pass', onclick: () => send({ type: 'pass' }) }, 'Pass')] : null)]);
    /** @type {HTMLInputElement} */ (input).value = '';
  }

  fill(root, h('p', null, 'Dealing…'));
  /** @type {any} */
  const list = await api('/api/manual/games').catch(() => null);
  const desc = list ? [...list.intro, ...list.solitaire].find((/** @type {any} */ d) => d.id === game.replace(/-advanced$/, '')) : null;
  fill(root,
    h('p', null, h('a', { href: '/manual', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/manual'); } }, '← The 1969 games')),
    h('h1', { id: 'manual-title' }, desc ? `${desc.title}${game.endsWith('-advanced') ? ' (Advanced)' : ''}` : game, desc ? h('small', null, ` §${desc.section}`) : null),
    desc ? h('details', { class: 'manual-rules', open: true },
      h('summary', null, 'How to play'),
      h('p', null, desc.teaches ? `Aim: ${desc.teaches}.` : `Aim: ${desc.aim}`),
      h('p', null, desc.procedure ?? desc.method),
      desc.judged ? h('p', null, desc.judged) : null,
      desc.materials ? h('p', { class: 'small' }, `Materials: ${desc.materials}`) : null,
      desc.notes?.length ? h('ul', { class: 'small' }, desc.notes.map((/** @type {string} */ n) => h('li', null, n))) : null) : null,
    h('p', { class: 'small' }, `Deal ${seed}. Write orange as O; ∪ ∩ − ′ may be typed U n - '; Λ as ^; ⊆ as <.`),
    error,
    board);
  await send();
}
