// Puzzle Race (docs/practice.md, "Race"): `/race` makes a race (2–10 players,
// bots at a level, one kind or all mixed) and `/race/{id}` is its page: the
// lobby with the players' names and the link to share, the countdown, the
// puzzle, every player's progress bar (live, over the race's own WebSocket
// `/ws/race`), the final ranking and the rematch. The server judges every
// answer; the page only shows its verdicts and its state. Keyboard: 1–9
// choose an answer, Enter sends a written one.

import { h, withRules } from './dom.js';
import { positionView } from './puzzles.js';
import { answerControls } from './practice.js';
import { call, raceSocket } from './api.js';
import { KEYS, keep, keepForTab, kept, keptForTab, tabKey } from './components/store.js';

const LEVELS = ['beginner', 'club', 'strong', 'expert'];
/** The seat's secret of a race, kept for the tab (a reload, a rematch). @param {string} id */
const tokenKey = (id) => tabKey('race', id);

/**
 * Shows `/race` (no id: the form that makes one) or `/race/{id}`.
 * @param {HTMLElement} root
 * @param {string|null} id
 * @param {(path: string) => void} go
 * @returns {{destroy: () => void}}
 */
export function showRace(root, id, go) {
  if (!id) return newRace(root, go);
  return racePage(root, id, go);
}

/** @param {HTMLElement} root @param {(path: string) => void} go */
function newRace(root, go) {
  const players = h('select', { id: 'race-players' },
    [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => h('option', { value: n, selected: n === 10 }, String(n))));
  const kind = h('select', { id: 'race-kind' },
    h('option', { value: '' }, 'all kinds mixed'),
    ['challenge', 'solve', 'safe-move', 'goal'].map((k) => h('option', { value: k }, k)));
  const bots = h('select', { id: 'race-bot-level' },
    h('option', { value: '' }, 'no bot'), LEVELS.map((l) => h('option', { value: l }, `one ${l} bot`)));
  const status = h('p', { role: 'status', id: 'race-new-status' });
  const form = h('form', { class: 'race-new' },
    h('label', null, 'Players at most ', players),
    h('label', null, 'Puzzles ', kind),
    h('label', null, 'Bot ', bots),
    h('button', { type: 'submit', class: 'primary', id: 'race-create' }, 'Create the race'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { players: Number(players.value), bots: bots.value ? [bots.value] : [], kind: kind.value || undefined };
    const r = await call('POST', '/api/races', body);
    const v = r.body ?? {};
    if (r.status === 201) go(v.link);
    else status.textContent = v?.error?.message ?? `The race was not made (${r.status}).`;
  });
  root.replaceChildren(h('header', { class: 'puzzles-head' }, h('h1', null, 'Puzzle Race')),
    h('p', null, 'Up to ten players on the same puzzles, rising in difficulty: the most solved wins, the earliest on a tie. A miss costs 10 s of your clock.'),
    form, status);
  return { destroy: () => {} };
}

/** m:ss. @param {number} ms */
function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The race's page over its socket.
 * @param {HTMLElement} root @param {string} id @param {(path: string) => void} go
 */
function racePage(root, id, go) {
  const board = h('section', { id: 'race-board', dataset: { status: 'connecting', version: 0 } });
  const bars = h('ol', { id: 'race-bars', class: 'race-bars', 'aria-label': 'Progress of each player' });
  const stage = h('div', { id: 'race-stage' });
  const live = h('p', { id: 'race-flash', class: 'race-flash', role: 'status' });
  board.append(stage, live, h('h2', null, 'Players'), bars);
  root.replaceChildren(h('header', { class: 'puzzles-head' }, h('h1', null, 'Puzzle Race')), board);

  /** @type {any} */ let state = null;
  /** @type {any[]} */ let list = [];
  let me = '';
  let shownIndex = -1;
  let receivedAt = 0;
  let timer = 0;
  let closed = false;
  /** The index of the last answer sent. */
  let sent = -1;
  /** 1–9 choose an answer of the current puzzle. @param {KeyboardEvent} e */
  const keys = (e) => {
    if (state?.status !== 'racing' || !/^[1-9]$/.test(e.key)) return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const b = stage.querySelectorAll('.race-puzzle .puzzle-choice')[Number(e.key) - 1];
    if (b instanceof HTMLButtonElement) { e.preventDefault(); b.click(); }
  };
  document.addEventListener('keydown', keys);
  const ws = raceSocket(id);
  /** @param {any} v */
  const send = (v) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ v: 1, race: id, ...v }));

  ws.addEventListener('open', () => {
    const token = keptForTab(tokenKey(id));
    if (token) send({ type: 'race-join', token });
    else joinForm();
  });
  ws.addEventListener('close', () => {
    if (!closed) live.textContent = 'The connection to the race was lost: reload the page to come back.';
  });
  ws.addEventListener('message', (e) => {
    const v = JSON.parse(String(e.data));
    if (v.type === 'race-joined') {
      me = v.name;
      keepForTab(tokenKey(id), v.token);
    } else if (v.type === 'race-puzzles') {
      list = v.puzzles;
    } else if (v.type === 'race') {
      state = v;
      receivedAt = performance.now();
      render();
    } else if (v.type === 'race-verdict') {
      live.textContent = v.correct ? `✓ ${v.message}` : `✗ ${v.message} (−10 s)`;
      live.className = `race-flash ${v.correct ? 'ok' : 'miss'}`;
    } else if (v.type === 'error') {
      sent = -1;
      live.textContent = v.message;
      live.className = 'race-flash miss';
      if (v.field === 'token') { keepForTab(tokenKey(id), null); joinForm(); }
    }
  });

  function joinForm() {
    const input = h('input', { id: 'race-name', autocomplete: 'nickname', maxlength: 24, value: kept(KEYS.raceName) });
    const form = h('form', { class: 'race-join' }, h('label', null, 'Your name ', input),
      h('button', { type: 'submit', class: 'primary', id: 'race-join' }, 'Join the race'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      keep(KEYS.raceName, input.value);
      send({ type: 'race-join', name: input.value });
    });
    stage.replaceChildren(form);
    board.dataset.status = 'joining';
    queueMicrotask(() => input.focus());
  }

  /** My entry in the state. */
  const mine = () => state?.players.find((/** @type {any} */ p) => p.name === me);

  function render() {
    board.dataset.status = state.status;
    board.dataset.version = String(state.version);
    renderBars();
    clearInterval(timer);
    if (state.status === 'waiting') renderLobby();
    else if (state.status === 'countdown') renderCountdown();
    else if (state.status === 'racing') renderRacing();
    else renderFinished();
  }

  function renderBars() {
    bars.replaceChildren(...state.players.map((/** @type {any} */ p) => {
      const label = `${p.name}${p.name === me ? ' — you' : ''}`;
      return h('li', { class: `race-bar${p.name === me ? ' me' : ''}`, dataset: { name: p.name, index: p.index, solved: p.solved } },
        h('span', { class: 'race-bar-name' }, label),
        h('progress', { max: state.puzzles, value: p.solved, 'aria-label': `${label}: ${p.solved} solved of ${state.puzzles}` }),
        h('span', { class: 'race-bar-count' }, `${p.solved} ✓ ${p.missed} ✗${p.done && state.status === 'racing' ? ' · done' : ''}${p.rank ? ` · #${p.rank}` : ''}${p.present === false ? ' · not back yet' : ''}`));
    }));
  }

  function renderLobby() {
    if (!me) return;
    const link = h('input', { id: 'race-link', readonly: true, value: `${location.origin}/race/${id}`, 'aria-label': 'The link to share' });
    stage.replaceChildren(
      h('p', null, `Waiting for players: ${state.players.length} of ${state.max_players}. Share the link; anyone in the race starts it.`),
      h('p', null, link),
      h('button', { type: 'button', class: 'primary', id: 'race-start', onclick: () => send({ type: 'race-start' }) },
        `Start (${state.countdown_s} s countdown)`));
  }

  function renderCountdown() {
    const n = h('p', { id: 'race-countdown', class: 'race-countdown', role: 'timer', 'aria-live': 'off' });
    const tick = () => { n.textContent = `Starts in ${Math.max(0, Math.ceil((state.starts_in_ms - (performance.now() - receivedAt)) / 1000))} s`; };
    tick();
    timer = window.setInterval(tick, 250);
    stage.replaceChildren(n);
  }

  function renderRacing() {
    const p = mine();
    if (!p) {
      stage.replaceChildren(h('p', null, 'The race is on: you are watching.'));
      return;
    }
    const left = h('span', { id: 'race-clock', class: 'race-clock', role: 'timer', 'aria-label': 'Your clock' });
    const tick = () => { left.textContent = clock(state.seconds * 1000 - p.penalty_ms - (state.elapsed_ms + performance.now() - receivedAt)); };
    tick();
    timer = window.setInterval(tick, 250);
    if (p.done) {
      shownIndex = -1;
      stage.replaceChildren(h('p', { id: 'race-done' }, `Your race is over: ${p.solved} solved. Waiting for the others…`));
      return;
    }
    if (shownIndex === p.index && stage.querySelector('.race-puzzle')) {
      stage.querySelector('.race-head')?.replaceChildren(left, ` Puzzle ${p.index + 1} of ${state.puzzles}`);
      return;
    }
    shownIndex = p.index;
    const puzzle = list[p.index];
    if (!puzzle) return;
    const index = p.index;
    stage.replaceChildren(h('div', { class: 'race-puzzle', dataset: { index } },
      h('p', { class: 'race-head' }, left, ` Puzzle ${index + 1} of ${state.puzzles}`),
      h('p', { id: 'race-question', class: 'puzzle-question' }, withRules(puzzle.question)),
      positionView(puzzle.position, puzzle.kind),
      answerControls(puzzle, (answer) => {
        if (sent === index) return; // one answer a puzzle: the next comes with the state
        sent = index;
        send({ type: 'race-answer', index, answer });
      })));
  }

  function renderFinished() {
    shownIndex = -1;
    const ranking = h('ol', { id: 'race-ranking', class: 'race-ranking' },
      state.ranking.map((/** @type {string} */ name) => {
        const p = state.players.find((/** @type {any} */ x) => x.name === name);
        return h('li', null, `${name}: ${p.solved} solved${p.solved ? ` at ${clock(p.time_ms)}` : ''}, ${p.missed} missed`);
      }));
    const rematch = h('button', { type: 'button', class: 'primary', id: 'race-rematch' }, state.rematch ? 'Join the rematch' : 'Rematch');
    rematch.addEventListener('click', () => {
      if (state.rematch) follow(state.rematch);
      else { wantRematch = true; send({ type: 'race-rematch' }); }
    });
    stage.replaceChildren(h('h2', null, 'Final ranking'), ranking, me ? rematch : '');
    if (state.rematch && wantRematch) follow(state.rematch);
  }
  let wantRematch = false;

  /** Goes to the rematch with this seat's token. @param {string} next */
  function follow(next) {
    const token = keptForTab(tokenKey(id));
    if (token) keepForTab(tokenKey(next), token);
    go(`/race/${next}`);
  }

  return {
    destroy: () => {
      closed = true;
      clearInterval(timer);
      document.removeEventListener('keydown', keys);
      ws.close();
    },
  };
}
