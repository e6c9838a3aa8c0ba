// An online event's reserved seats (docs/tournaments.md, "Online events"):
// each person's entry has a key that alone takes its seat. The entrant (signed
// in), their school's coach and the organizer see it: the entrant's table link
// carries it, and the organizer hands out each player's link
// (`/tournaments/{id}/seat?entry=n&key=…`), which opens that player's table.

import { call } from './accounts.js';
import { h } from './dom.js';

/**
 * The seats the signed-in account may take or hand out (none signed out).
 * @param {string} id
 * @returns {Promise<any[]>}
 */
export async function mySeats(id) {
  const r = await call('GET', `/api/tournaments/${id}/seats`);
  return r.status === 200 ? r.body.seats : [];
}

/**
 * The table links of the account's own entry, with its key: `/t/{table}` →
 * `/t/{table}?key=…` (the pairings link the player's own table so).
 * @param {any[]} seats
 * @param {any} me
 * @returns {Map<string, string>}
 */
export function ownLinks(seats, me) {
  const name = me?.name?.toLowerCase();
  return new Map(seats.filter((s) => s.table_link && s.name.toLowerCase() === name)
    .map((s) => [s.table_link.split('?')[0], s.table_link]));
}

/**
 * The organizer's (or a coach's) list of the players' seat links, to hand
 * out: each opens that player's table of the round.
 * @param {any} ev
 * @param {any[]} seats
 * @param {any} me
 * @returns {Node[]}
 */
export function seatLinks(ev, seats, me) {
  const others = seats.filter((s) => s.name.toLowerCase() !== me?.name?.toLowerCase());
  if (!ev.online || others.length === 0) return [];
  return [h('h3', null, 'Players’ seat links'),
    h('p', { class: 'small' }, 'Each player’s seat is reserved for them: hand each their own link (it opens their table in every round). Anyone else is refused the seat.'),
    h('ul', { id: 'seat-links' }, ...others.map((s) => h('li', { dataset: { entry: s.entry } },
      `${s.name}: `, h('a', { href: s.link, class: 'seat-link' }, `${location.origin}${s.link}`),
      s.table ? ` (round ${s.round}, table ${s.table})` : '')))];
}

/**
 * `/tournaments/{id}/seat?entry=n&key=…`: a player's link, opening their
 * table of the round (or saying why not).
 * @param {HTMLElement} root
 * @param {string} id
 * @param {any} ev
 */
export async function seatPage(root, id, ev) {
  const q = new URLSearchParams(location.search);
  const entry = q.get('entry') ?? '';
  const key = q.get('key') ?? '';
  const r = await call('GET', `/api/tournaments/${id}/entries/${encodeURIComponent(entry)}/seat?key=${encodeURIComponent(key)}`);
  /** @type {Node[]} */
  let body;
  if (r.status !== 200) {
    body = [h('p', { class: 'notice error', role: 'alert', id: 'seat-error' }, r.body?.error?.message ?? 'This link opens no seat.')];
  } else if (!r.body.table_link) {
    body = [h('p', { id: 'seat-wait' }, `${r.body.name}: you are not at a table yet. This page opens your table when the round is paired; keep it open or come back.`)];
  } else {
    body = [h('p', { class: 'big-line' }, `${r.body.name}: round ${r.body.round}, table ${r.body.table}.`),
      h('p', null, h('a', { id: 'take-seat', class: 'button primary', href: r.body.table_link }, 'Go to your table'))];
  }
  root.replaceChildren(h('section', { class: 'panel tournament-day' },
    h('h1', null, `Your seat: ${ev.name}`), ...body,
    h('p', null, h('a', { href: `/tournaments/${id}` }, 'Standings'))));
}
