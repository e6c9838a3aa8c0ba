// The lobby: make a table, see the open ones, join or watch.

import { createTable, listTables, savedSeat } from './api.js';
import { holds1969Seat, join1969, lobby1969Panel } from './claims1969.js';
import { h, citeDom } from './dom.js';
import { KEYS, kept, keep } from './components/store.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */
/**
 * A 1969 table in the list (docs/protocol.md "1969 tables").
 * @typedef {{id: string, link: string, edition: '1969', form: string,
 *   seats: {seat: number, name: string, kind: string, level?: string, taken: boolean}[],
 *   status: 'waiting'|'playing'|'over', shake: number, plays_in_game: number, spectators: number}} Info1969
 */

const LEVELS = ['beginner', 'club', 'strong', 'expert'];

/**
 * @param {HTMLElement} root
 * @param {(path: string) => void} go
 */
export function showLobby(root, go) {
  document.title = 'On-Sets — lobby';
  root.replaceChildren();
  const err = h('p', { class: 'notice error', role: 'alert', id: 'create-error', hidden: true });

  /** @param {number} i */
  const seatRow = (i) => {
    const kind = h(
      'select',
      { id: `seat-${i}-kind`, 'aria-label': `Seat ${i + 1}: who plays` },
      h('option', { value: 'human' }, 'A person'),
      h('option', { value: 'bot' }, 'A bot'),
      i === 2 ? h('option', { value: 'none' }, 'Nobody (2 players)') : null,
    );
    const level = h(
      'select',
      { id: `seat-${i}-level`, 'aria-label': `Seat ${i + 1}: bot level` },
      ...LEVELS.map((l) => h('option', { value: l }, l)),
    );
    const defaults = ['human', 'bot', 'bot'];
    kind.value = defaults[i];
    level.value = 'club';
    const sync = () => {
      level.disabled = kind.value !== 'bot';
    };
    kind.addEventListener('change', sync);
    sync();
    return h('div', { class: 'seat-row' }, h('span', { class: 'seat-label' }, `Seat ${i + 1}`), kind, level);
  };

  const division = h(
    'select',
    { id: 'division' },
    h('option', { value: 'elementary' }, 'Elementary (grade 6 and below)'),
    h('option', { value: 'middle' }, 'Middle (grade 8 and below)'),
    h('option', { value: 'junior' }, 'Junior (grade 10 and below)'),
    h('option', { value: 'senior' }, 'Senior (grade 12 and below)'),
  );
  division.value = 'middle';
  const game = h(
    'select',
    { id: 'game' },
    h('option', { value: 'basic' }, 'Basic On-Sets'),
    h('option', { value: 'adventurous' }, 'Adventurous On-Sets (variations)'),
  );
  game.value = 'adventurous';
  const edition = h(
    'select',
    { id: 'edition' },
    h('option', { value: '2026-27' }, 'Tournament rules 2026-27'),
    h('option', { value: '2019-20' }, 'MLAG rules 2019-20'),
  );
  edition.value = '2026-27';
  const minutes = h('input', { id: 'round-minutes', type: 'number', min: 1, max: 120, value: 30 });
  const checking = h(
    'select',
    { id: 'checking' },
    h('option', { value: 'judge' }, 'The judge checks every Solution'),
    h('option', { value: 'players' }, 'The players check each other'),
  );

  const pace = h(
    'select',
    { id: 'bot-pace' },
    h('option', { value: '100' }, 'Bots think like people'),
    h('option', { value: '25' }, 'Bots are quick'),
    h('option', { value: '0' }, 'Bots act at once'),
  );
  const saved = kept(KEYS.name);
  const myName = h('input', { id: 'create-name', autocomplete: 'nickname', placeholder: 'Your name (to sit at the first person’s seat)', 'aria-label': 'Your name', value: saved });
  const create = h('form', { class: 'panel create', id: 'create-form', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title' }, 'Start a new table'),
    h('label', null, 'Your name ', myName, h('span', { class: 'small' }, ' You sit down at the first person’s seat as soon as the table is made (at most 24 characters).')),
    h('label', null, 'Division ', division),
    h('label', null, 'Game ', game),
    h('label', null, 'Rules ', edition),
    h('fieldset', null, h('legend', null, 'Seats (play goes to the left, seat 1 → 2 → 3)'), seatRow(0), seatRow(1), seatRow(2)),
    h('label', null, 'Round length (minutes) ', minutes),
    h('label', null, 'Checking Solutions ', checking),
    h('label', null, 'Bot speed ', pace),
    h('p', { class: 'small' }, 'A round lasts 30 minutes in a tournament ', citeDom('XI-B'), '. When the judge checks, the server rules on each Solution ', citeDom('VII-C-6'), '.'),
    h('button', { type: 'submit', class: 'primary', id: 'create-button' }, 'Make the table'),
    err,
  );
  create.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.hidden = true;
    /** @type {object[]} */
    const seats = [];
    for (let i = 0; i < 3; i++) {
      const kind = /** @type {HTMLSelectElement} */ (document.getElementById(`seat-${i}-kind`)).value;
      const level = /** @type {HTMLSelectElement} */ (document.getElementById(`seat-${i}-level`)).value;
      if (kind === 'human') seats.push({ kind: 'human' });
      if (kind === 'bot') seats.push({ kind: 'bot', level });
    }
    try {
      const t = await createTable({
        division: division.value,
        adventurous: game.value === 'adventurous',
        ...(edition.value === '2026-27' ? {} : { edition: edition.value }),
        seats,
        round_minutes: Number(minutes.value) || 30,
        checking: checking.value,
        bot_pace: Number(pace.value),
      });
      // Whoever makes the table sits down at once (with the name given
      // here, or the table asks for it with the cursor in the name box).
      const name = myName.value.trim();
      if (name) keep(KEYS.name, name);
      go(seats.some((s) => /** @type {{kind: string}} */ (s).kind === 'human') ? `${t.link}?sit` : t.link);
    } catch (x) {
      err.textContent = `The table could not be made: ${x instanceof Error ? x.message : x}`;
      err.hidden = false;
    }
  });

  const list = h('div', { id: 'table-list', 'aria-live': 'polite' }, 'Looking for tables…');
  const refresh = async () => {
    try {
      const tables = await listTables();
      list.replaceChildren(tableList(tables, go, () => myName.value));
    } catch (x) {
      list.replaceChildren(h('p', { class: 'notice error' }, `Could not read the tables: ${x instanceof Error ? x.message : x}`));
    }
  };
  const linkInput = h('input', { id: 'join-link', placeholder: '/t/6eb116d60a or the table id', 'aria-label': 'Table link or id' });
  const joinForm = h('form', { class: 'join-link' }, linkInput, h('button', { type: 'submit' }, 'Go to table'));
  joinForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = linkInput.value.trim();
    const id = v.split('/t/').pop()?.replace(/[^A-Za-z0-9_-]/g, '');
    if (id) go(`/t/${id}`);
  });

  root.append(
    h('div', { class: 'lobby' },
      h('section', { class: 'intro panel' },
        h('h1', null, 'On-Sets'),
        h('p', null, 'The Academic Games tournament game of set theory. Cards with colored dots make the Universe; players move cubes to the mat and race to challenge. Make a table below, or join one.'),
        h('p', null, h('a', { href: '/puzzles', id: 'puzzles-link', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/puzzles'); } }, 'Puzzles and the daily puzzle'), ': practise challenges, Solutions, safe moves and Goals, answers proved by the solver.'),
        h('p', null, h('a', { href: '/lessons', id: 'lessons-link', onclick: (/** @type {Event} */ e) => { e.preventDefault(); go('/lessons'); } }, 'Lessons'), ': learn the seven rules of Basic On-Sets one at a time, then Restrictions and the variations.'),
      ),
      create,
      lobby1969Panel(go),
      h('section', { class: 'panel tables', 'aria-labelledby': 'tables-title' },
        h('h2', { id: 'tables-title' }, 'Open tables'),
        h('button', { id: 'refresh', type: 'button', onclick: refresh }, 'Refresh the list'),
        list,
        h('h3', null, 'Have a link?'),
        joinForm,
      ),
    ),
  );
  refresh();
}

/**
 * @param {(TableInfo|Info1969)[]} tables
 * @param {(path: string) => void} go
 * @param {() => string} name the name to join under
 */
function tableList(tables, go, name) {
  if (!tables.length) return h('p', { class: 'small' }, 'No tables yet. Make one!');
  const status = { waiting: 'waiting for players', playing: 'playing', over: 'finished', abandoned: 'abandoned' };
  return h('table', { class: 'lobby-tables' },
    h('thead', null, h('tr', null, h('th', null, 'Table'), h('th', null, 'Game'), h('th', null, 'Seats'), h('th', null, 'Status'), h('th', null, ''))),
    h('tbody', null,
      ...tables.map((x) => {
        if (x.edition === '1969') return row1969(/** @type {Info1969} */ (x), go, name);
        const t = /** @type {TableInfo} */ (x);
        const free = t.seats.filter((s) => s.kind === 'human' && !s.taken).length;
        const mine = savedSeat(t.id);
        return h('tr', { dataset: { table: t.id } },
          h('td', { dataset: { label: 'Table' } }, h('code', null, t.id)),
          h('td', { dataset: { label: 'Game' } }, `${cap(t.division)}, ${t.adventurous ? 'Adventurous' : 'Basic'}${t.edition && t.edition !== '2026-27' ? `, ${t.edition} rules` : ''}, ${t.round_minutes} min`),
          h('td', { class: 'seats', dataset: { label: 'Seats' } }, ...t.seats.flatMap((s, i) => [
            i ? ' · ' : null,
            s.kind === 'bot' ? seatName(s.name || `${cap(s.level ?? '')} bot`, true) : s.taken ? seatName(s.name, false) : h('span', { class: 'small' }, 'free seat'),
          ])),
          h('td', { dataset: { label: 'Status' } }, status[t.status], t.status === 'playing' ? ` (shake ${t.shake})` : ''),
          h('td', { class: 'row-actions' },
            mine
              ? h('button', { type: 'button', onclick: () => go(t.link) }, 'Back to my seat')
              : free && t.status === 'waiting'
                ? h('button', { type: 'button', class: 'primary', onclick: () => go(t.link) }, 'Join')
                : null,
            h('button', { type: 'button', onclick: () => go(`${t.link}?watch`) }, 'Watch'),
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
 * @param {(path: string) => void} go
 * @param {() => string} name
 */
function row1969(t, go, name) {
  const status = { waiting: 'waiting for players', playing: `playing (play ${t.shake} of ${t.plays_in_game})`, over: 'finished' };
  const free = t.seats.filter((s) => !s.taken).length;
  const err = h('span', { class: 'small error', role: 'alert' });
  const join = async () => {
    try {
      await join1969(t.id, name());
      go(t.link);
    } catch (x) {
      err.textContent = ` ${x instanceof Error ? x.message : x}`;
    }
  };
  return h('tr', { dataset: { table: t.id, edition: '1969' } },
    h('td', { dataset: { label: 'Table' } }, h('code', null, t.id)),
    h('td', { dataset: { label: 'Game' } }, `1969 rules (Allen), ${cap(t.form)} ON-SETS, ${t.plays_in_game} plays`),
    h('td', { class: 'seats', dataset: { label: 'Seats' } }, ...t.seats.flatMap((s, i) => [
      i ? ' · ' : null,
      s.kind === 'bot' ? seatName(s.name || `${cap(s.level ?? '')} bot`, true) : s.taken ? seatName(s.name, false) : h('span', { class: 'small' }, 'open seat'),
    ])),
    h('td', { dataset: { label: 'Status' } }, status[t.status] ?? t.status),
    h('td', { class: 'row-actions' },
      holds1969Seat(t.id)
        ? h('button', { type: 'button', onclick: () => go(t.link) }, 'Back to my seat')
        : free && t.status === 'waiting'
          ? h('button', { type: 'button', class: 'primary', 'data-join': t.id, onclick: join }, 'Join')
          : null,
      h('button', { type: 'button', onclick: () => go(t.link) }, 'Watch'),
      err,
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
