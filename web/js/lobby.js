// The lobby: make a table, see the open ones, join or watch.

import { createTable, listTables, savedSeat } from './api.js';
import { holds1969Seat, join1969, lobby1969Panel } from './claims1969.js';
import { h, mount, raw } from './components/vdom.js';
import { cite } from './rules.js';
import { KEYS, kept, keep } from './components/store.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */
/**
 * A 1969 table in the list (docs/protocol.md "1969 tables").
 * @typedef {{id: string, link: string, edition: '1969', form: string,
 *   seats: {seat: number, name: string, kind: string, level?: string, taken: boolean}[],
 *   status: 'waiting'|'playing'|'over', shake: number, plays_in_game: number, spectators: number}} Info1969
 */

const LEVELS = ['beginner', 'club', 'strong', 'expert'];

/** How often the list of tables is read again while the lobby is open (ms). */
export const LIST_EVERY_MS = 4000;

/**
 * What the lobby shows: a function of this state, patched on every change
 * (components/vdom.js), so that a new list of tables never touches the form a
 * player is filling in (its focus, caret and choices stay).
 * @typedef {{kind: string, level: string}} SeatChoice
 * @typedef {{name: string, division: string, game: string, edition: string, seats: SeatChoice[],
 *   minutes: string, checking: string, pace: string, link: string}} LobbyForm
 * @typedef {{form: LobbyForm, error: string, tables: (TableInfo|Info1969)[]|null, listError: string,
 *   joinErrors: Record<string, string>}} LobbyState
 */

/**
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 * @returns {{destroy: () => void}}
 */
export function showLobby(root, go) {
  document.title = 'On-Sets — lobby';
  /** @type {LobbyState} */
  const state = {
    form: {
      name: kept(KEYS.name), division: 'middle', game: 'adventurous', edition: '2026-27',
      seats: [{ kind: 'human', level: 'club' }, { kind: 'bot', level: 'club' }, { kind: 'bot', level: 'club' }],
      minutes: '30', checking: 'judge', pace: '100', link: '',
    },
    error: '', tables: null, listError: '', joinErrors: {},
  };
  const page = mount(root);
  // The 1969 panel is its own form (claims1969.js), made once and kept.
  const panel1969 = lobby1969Panel(go);
  const render = () => page.update(lobbyView(state, { go, refresh, create, panel1969, render }));
  let alive = true;
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let timer;
  async function refresh() {
    clearTimeout(timer);
    try {
      state.tables = await listTables();
      state.listError = '';
    } catch (x) {
      state.listError = `Could not read the tables: ${x instanceof Error ? x.message : x}`;
    }
    if (!alive) return;
    render();
    // The list follows the tables others make and join (docs/web.md, "The lobby").
    timer = setTimeout(refresh, LIST_EVERY_MS);
  }
  async function create() {
    const f = state.form;
    state.error = '';
    const seats = f.seats.flatMap((s) => (s.kind === 'human' ? [{ kind: 'human' }] : s.kind === 'bot' ? [{ kind: 'bot', level: s.level }] : []));
    try {
      const t = await createTable({
        division: f.division,
        adventurous: f.game === 'adventurous',
        ...(f.edition === '2026-27' ? {} : { edition: f.edition }),
        seats,
        round_minutes: Number(f.minutes) || 30,
        checking: f.checking,
        bot_pace: Number(f.pace),
      });
      // Whoever makes the table sits down at once (with the name given
      // here, or the table asks for it with the cursor in the name box).
      const name = f.name.trim();
      if (name) keep(KEYS.name, name);
      go(seats.some((s) => s.kind === 'human') ? `${t.link}?sit` : t.link);
    } catch (x) {
      state.error = `The table could not be made: ${x instanceof Error ? x.message : x}`;
      render();
    }
  }
  render();
  refresh();
  return {
    destroy: () => {
      alive = false;
      clearTimeout(timer);
    },
  };
}

/**
 * @typedef {{go: (path: string) => void, refresh: () => void, create: () => void,
 *   panel1969: HTMLElement, render: () => void}} LobbyActions
 */

/**
 * The lobby as virtual nodes.
 * @param {LobbyState} state
 * @param {LobbyActions} act
 */
function lobbyView(state, act) {
  const f = state.form;
  const link = (/** @type {string} */ path, /** @type {string} */ id, /** @type {string} */ text) =>
    h('a', { href: path, id, onclick: (/** @type {Event} */ e) => { e.preventDefault(); act.go(path); } }, text);
  return h('div', { class: 'lobby' },
    h('section', { class: 'intro panel', key: 'intro' },
      h('h1', null, 'On-Sets'),
      h('p', null, 'The Academic Games tournament game of set theory. Cards with colored dots make the Universe; players move cubes to the mat and race to challenge. Make a table below, or join one.'),
      h('p', null, link('/puzzles', 'puzzles-link', 'Puzzles and the daily puzzle'), ': practise challenges, Solutions, safe moves and Goals, answers proved by the solver.'),
      h('p', null, link('/lessons', 'lessons-link', 'Lessons'), ': learn the seven rules of Basic On-Sets one at a time, then Restrictions and the variations.'),
    ),
    createForm(state, act),
    raw(act.panel1969, 'm69-panel'),
    h('section', { class: 'panel tables', 'aria-labelledby': 'tables-title', key: 'tables' },
      h('h2', { id: 'tables-title' }, 'Open tables'),
      h('button', { id: 'refresh', type: 'button', onclick: act.refresh }, 'Refresh the list'),
      h('div', { id: 'table-list', 'aria-live': 'polite' },
        state.listError ? h('p', { class: 'notice error' }, state.listError)
          : state.tables === null ? 'Looking for tables…'
            : tableList(state, act)),
      h('h3', null, 'Have a link?'),
      h('form', { class: 'join-link', onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const id = f.link.trim().split('/t/').pop()?.replace(/[^A-Za-z0-9_-]/g, '');
        if (id) act.go(`/t/${id}`);
      } },
      h('input', { id: 'join-link', placeholder: '/t/6eb116d60a or the table id', 'aria-label': 'Table link or id', value: f.link,
        oninput: (/** @type {Event} */ e) => { f.link = /** @type {HTMLInputElement} */ (e.target).value; } }),
      h('button', { type: 'submit' }, 'Go to table')),
    ),
  );
}

/**
 * A select bound to one field of the form.
 * @param {string} id
 * @param {[string, string][]} options value and words
 * @param {string} value
 * @param {(v: string) => void} set
 * @param {Record<string, any>} [extra]
 */
function select(id, options, value, set, extra = {}) {
  return h('select', { id, value, onchange: (/** @type {Event} */ e) => set(/** @type {HTMLSelectElement} */ (e.target).value), ...extra },
    ...options.map(([v, words]) => h('option', { value: v, selected: v === value }, words)));
}

/**
 * "Start a new table".
 * @param {LobbyState} state
 * @param {LobbyActions} act
 */
function createForm(state, act) {
  const f = state.form;
  /** @param {(v: string) => void} set */
  const field = (set) => (/** @type {string} */ v) => { set(v); act.render(); };
  const seatRow = (/** @type {number} */ i) => h('div', { class: 'seat-row' }, h('span', { class: 'seat-label' }, `Seat ${i + 1}`),
    select(`seat-${i}-kind`, [['human', 'A person'], ['bot', 'A bot'], ...(i === 2 ? /** @type {[string, string][]} */ ([['none', 'Nobody (2 players)']]) : [])],
      f.seats[i].kind, field((v) => { f.seats[i].kind = v; }), { 'aria-label': `Seat ${i + 1}: who plays` }),
    select(`seat-${i}-level`, LEVELS.map((l) => /** @type {[string, string]} */ ([l, l])), f.seats[i].level, field((v) => { f.seats[i].level = v; }),
      { 'aria-label': `Seat ${i + 1}: bot level`, disabled: f.seats[i].kind !== 'bot' }));
  return h('form', { class: 'panel create', id: 'create-form', 'aria-labelledby': 'create-title', key: 'create',
    onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); act.create(); } },
  h('h2', { id: 'create-title' }, 'Start a new table'),
  h('label', null, 'Your name ',
    h('input', { id: 'create-name', autocomplete: 'nickname', placeholder: 'Your name (to sit at the first person’s seat)', 'aria-label': 'Your name', value: f.name,
      oninput: (/** @type {Event} */ e) => { f.name = /** @type {HTMLInputElement} */ (e.target).value; } }),
    h('span', { class: 'small' }, ' You sit down at the first person’s seat as soon as the table is made (at most 24 characters).')),
  h('label', null, 'Division ', select('division', [['elementary', 'Elementary (grade 6 and below)'], ['middle', 'Middle (grade 8 and below)'],
    ['junior', 'Junior (grade 10 and below)'], ['senior', 'Senior (grade 12 and below)']], f.division, field((v) => { f.division = v; }))),
  h('label', null, 'Game ', select('game', [['basic', 'Basic On-Sets'], ['adventurous', 'Adventurous On-Sets (variations)']], f.game, field((v) => { f.game = v; }))),
  h('label', null, 'Rules ', select('edition', [['2026-27', 'Tournament rules 2026-27'], ['2019-20', 'MLAG rules 2019-20']], f.edition, field((v) => { f.edition = v; }))),
  h('fieldset', null, h('legend', null, 'Seats (play goes to the left, seat 1 → 2 → 3)'), seatRow(0), seatRow(1), seatRow(2)),
  h('label', null, 'Round length (minutes) ', h('input', { id: 'round-minutes', type: 'number', min: 1, max: 120, value: f.minutes,
    oninput: (/** @type {Event} */ e) => { f.minutes = /** @type {HTMLInputElement} */ (e.target).value; } })),
  h('label', null, 'Checking Solutions ', select('checking', [['judge', 'The judge checks every Solution'], ['players', 'The players check each other']], f.checking, field((v) => { f.checking = v; }))),
  h('label', null, 'Bot speed ', select('bot-pace', [['100', 'Bots think like people'], ['25', 'Bots are quick'], ['0', 'Bots act at once']], f.pace, field((v) => { f.pace = v; }))),
  h('p', { class: 'small' }, 'A round lasts 30 minutes in a tournament ', cite('XI-B'), '. When the judge checks, the server rules on each Solution ', cite('VII-C-6'), '.'),
  h('button', { type: 'submit', class: 'primary', id: 'create-button' }, 'Make the table'),
  h('p', { class: 'notice error', role: 'alert', id: 'create-error', hidden: !state.error }, state.error),
  );
}

/**
 * The open tables, each row keyed by its table so that a new list patches
 * only what changed.
 * @param {LobbyState} state
 * @param {LobbyActions} act
 */
function tableList(state, act) {
  const tables = state.tables ?? [];
  if (!tables.length) return h('p', { class: 'small' }, 'No tables yet. Make one!');
  const status = { waiting: 'waiting for players', playing: 'playing', over: 'finished', abandoned: 'abandoned' };
  return h('table', { class: 'lobby-tables' },
    h('thead', null, h('tr', null, h('th', null, 'Table'), h('th', null, 'Game'), h('th', null, 'Seats'), h('th', null, 'Status'), h('th', null, h('span', { class: 'sr-only' }, 'Actions')))),
    h('tbody', null,
      ...tables.map((x) => {
        if (x.edition === '1969') return row1969(/** @type {Info1969} */ (x), state, act);
        const t = /** @type {TableInfo} */ (x);
        const free = t.seats.filter((s) => s.kind === 'human' && !s.taken).length;
        const mine = savedSeat(t.id);
        return h('tr', { key: t.id, dataset: { table: t.id } },
          h('td', { dataset: { label: 'Table' } }, h('code', null, t.id)),
          h('td', { dataset: { label: 'Game' } }, `${cap(t.division)}, ${t.adventurous ? 'Adventurous' : 'Basic'}${t.edition && t.edition !== '2026-27' ? `, ${t.edition} rules` : ''}, ${t.round_minutes} min`),
          h('td', { class: 'seats', dataset: { label: 'Seats' } }, ...t.seats.flatMap((s, i) => [
            i ? ' · ' : null,
            s.kind === 'bot' ? seatName(s.name || `${cap(s.level ?? '')} bot`, true) : s.taken ? seatName(s.name, false) : h('span', { class: 'small' }, 'free seat'),
          ])),
          h('td', { dataset: { label: 'Status' } }, status[t.status], t.status === 'playing' ? ` (shake ${t.shake})` : ''),
          h('td', { class: 'row-actions' },
            mine
              ? h('button', { type: 'button', onclick: () => act.go(t.link) }, 'Back to my seat')
              : free && t.status === 'waiting'
                ? h('button', { type: 'button', class: 'primary', onclick: () => act.go(t.link) }, 'Join')
                : null,
            h('button', { type: 'button', onclick: () => act.go(`${t.link}?watch`) }, 'Watch'),
          ),
        );
      }),
    ),
  );
}

/**
 * A 1969 table's row: its rules (Allen's 1969 manual, Basic or Advanced),
 * its seats, and Join (an open seat, while it waits) or Watch.
 * @param {Info1969} t
 * @param {LobbyState} state
 * @param {LobbyActions} act
 */
function row1969(t, state, act) {
  const status = { waiting: 'waiting for players', playing: `playing (play ${t.shake} of ${t.plays_in_game})`, over: 'finished' };
  const free = t.seats.filter((s) => !s.taken).length;
  const join = async () => {
    try {
      await join1969(t.id, state.form.name);
      act.go(t.link);
    } catch (x) {
      state.joinErrors[t.id] = ` ${x instanceof Error ? x.message : x}`;
      act.render();
    }
  };
  return h('tr', { key: t.id, dataset: { table: t.id, edition: '1969' } },
    h('td', { dataset: { label: 'Table' } }, h('code', null, t.id)),
    h('td', { dataset: { label: 'Game' } }, `1969 rules (Allen), ${cap(t.form)} ON-SETS, ${t.plays_in_game} plays`),
    h('td', { class: 'seats', dataset: { label: 'Seats' } }, ...t.seats.flatMap((s, i) => [
      i ? ' · ' : null,
      s.kind === 'bot' ? seatName(s.name || `${cap(s.level ?? '')} bot`, true) : s.taken ? seatName(s.name, false) : h('span', { class: 'small' }, 'open seat'),
    ])),
    h('td', { dataset: { label: 'Status' } }, status[t.status] ?? t.status),
    h('td', { class: 'row-actions' },
      holds1969Seat(t.id)
        ? h('button', { type: 'button', onclick: () => act.go(t.link) }, 'Back to my seat')
        : free && t.status === 'waiting'
          ? h('button', { type: 'button', class: 'primary', 'data-join': t.id, onclick: join }, 'Join')
          : null,
      h('button', { type: 'button', onclick: () => act.go(t.link) }, 'Watch'),
      h('span', { class: 'small error', role: 'alert' }, state.joinErrors[t.id] ?? ''),
    ),
  );
}

/**
 * A seat's name as shown everywhere: cut with an ellipsis when long (the
 * full name in its title), never wider than its box; a bot is marked.
 * @param {string} name
 * @param {boolean} bot
 */
export function seatName(name, bot) {
  return h('span', { class: 'seat-name', title: bot ? `${name} (a bot)` : name },
    h('span', { class: 'name-text' }, name),
    bot ? ' ' : null,
    bot ? h('span', { class: 'badge bot', 'aria-label': 'a bot' }, 'bot') : null);
}

/** @param {string} s */
export function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
