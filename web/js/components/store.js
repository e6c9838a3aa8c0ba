// The one place for what the client keeps in the browser (docs/web-client.md,
// "Kept in the browser"): every key this client writes to localStorage is
// named here, and read or written through `kept` / `keep`, which never throw
// (a browser that refuses storage keeps nothing, and the page goes on).

/** The keys, each with what it keeps. */
export const KEYS = /** @type {const} */ ({
  /** The name a player last played under (lobby, 1969 tables). */
  name: 'onsets:name',
  /** Whether cards and cubes show their letters ("1" or "0"). */
  letters: 'onsets:letters',
  /** Whether the table is in its screen-reader mode ("1" or "0"). */
  reader: 'onsets:reader',
  /** The lessons' progress (lessons.js). */
  lessons: 'onsets-lessons-progress',
  /** The anonymous puzzle player's id the server issued (puzzles.js). */
  puzzlePlayer: 'onsets-puzzle-player',
  /** The name a player last raced under (race.js). */
  raceName: 'onsets-race-name',
});

/**
 * The key of what is kept for one table: the seat taken at a table (`seat`,
 * api.js) or the seats' tokens of a 1969 table (`t69`, claims1969.js).
 * @param {'seat'|'t69'} kind
 * @param {string} table
 */
export function tableKey(kind, table) {
  return `onsets:${kind}:${table}`;
}

/**
 * The key of what is kept for this tab only (sessionStorage): the acts of a
 * 1969 manual game (`manual`, manual.js), so a reload replays the same game,
 * or a race seat's secret (`race`, race.js), so a reload or a rematch keeps it.
 * @param {'manual'|'race'} kind
 * @param {string} id
 */
export function tabKey(kind, id) {
  return `onsets-${kind}:${id}`;
}

/**
 * A value kept for this tab (`tabKey`), or `fallback`; never throws.
 * @param {string} key
 * @param {string} [fallback]
 */
export function keptForTab(key, fallback = '') {
  try {
    return sessionStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Keeps a value for this tab (`null` forgets it); never throws.
 * @param {string} key
 * @param {string|null} value
 */
export function keepForTab(key, value) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: the game starts afresh after a reload.
  }
}

/**
 * A kept value, or `fallback`.
 * @param {string} key one of `KEYS`
 * @param {string} [fallback]
 * @returns {string}
 */
export function kept(key, fallback = '') {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Keeps a value (`null` forgets it).
 * @param {string} key one of `KEYS`
 * @param {string|null} value
 */
export function keep(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): nothing is kept.
  }
}
