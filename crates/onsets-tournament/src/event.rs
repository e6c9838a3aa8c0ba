//! An event: its entries, its rounds of tables and their results.

use crate::match_points;
use crate::pairing::{seat, table_sizes, SEARCH_BUDGET};
use chacha20::ChaCha8Rng;
use onsets_core::Division;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

/// Longest entry, team or event name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Most rounds an event may have.
pub const MAX_ROUNDS: u32 = 20;
/// Most entries an event may have.
pub const MAX_ENTRIES: usize = 600;

/// How the first round is seated; later rounds follow the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstRound {
    /// At random, from a ChaCha8 generator with this seed.
    Random(u64),
    /// By seed order (the order of entry): the top seeds head different
    /// tables.
    Seeds,
}

/// An entry: a player, perhaps on a team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
    pub team: Option<String>,
    /// Withdrawn by the organizer: not paired in later rounds, kept in the
    /// standings with the points already earned.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
    /// A bot of this level plays the entry at online tables ("bots filling
    /// seats"); `None` for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// The division the entry plays in (one of the event's
    /// [`Event::divisions`]); `None` for the event's only division.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub division: Option<String>,
    /// The school (or club) that registered the entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub school: Option<String>,
    /// Checked in on the day (docs/tournaments.md, "Check-in").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub checked_in: bool,
    /// Entered after registration closed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub late: bool,
}

/// A table of a round: its players (entry numbers) and, once the scoresheet
/// is in (XII-B), their match points and perhaps their match scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// 1, 2, … within the round.
    pub table: u32,
    pub players: Vec<usize>,
    pub match_points: Option<Vec<u8>>,
    /// The sum of each player's shake scores, when the organizer gave them.
    pub scores: Option<Vec<i64>>,
    /// The online table the match is played at (its id), when the event is
    /// played online; its result comes in by itself when the match ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<String>,
    /// The division the table plays (an event of several divisions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub division: Option<String>,
    /// The scoresheet as entered shake by shake, with who entered it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<crate::day::Sheet>,
}

/// A paired round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// 1, 2, …
    pub round: u32,
    pub tables: Vec<Table>,
    /// The entry given the bye, if one could not be seated.
    pub bye: Option<usize>,
}

impl Round {
    /// Whether every table's result is in.
    pub fn finished(&self) -> bool {
        self.tables.iter().all(|t| t.match_points.is_some())
    }
}

/// What is wrong with a request to an event, with the field it concerns.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    #[error("{field} must not be empty")]
    Empty { field: &'static str },
    #[error("{field} is longer than {MAX_NAME_CHARS} characters")]
    TooLong { field: &'static str },
    #[error("an event has 1 to {MAX_ROUNDS} rounds, not {0}")]
    Rounds(u32),
    #[error("an event has at most {MAX_ENTRIES} entries")]
    TooManyEntries,
    #[error("`{0}` is already entered")]
    Duplicate(String),
    #[error("pairing needs at least two entries")]
    TooFewEntries,
    #[error("all {0} rounds are paired")]
    AllRoundsPaired(u32),
    #[error("round {0} still has tables without results")]
    RoundUnfinished(u32),
    #[error("there is no round {0}")]
    NoSuchRound(u32),
    #[error("round {round} has no table {table}")]
    NoSuchTable { round: u32, table: u32 },
    #[error("there is no entry `{0}`")]
    NoSuchEntry(String),
    #[error("`{0}` has already withdrawn")]
    AlreadyWithdrawn(String),
    #[error("`{0}` is not at this table")]
    NotAtTable(String),
    #[error("no match points for `{0}`, who is at this table")]
    Missing(String),
    #[error("{0} are not match points a table can award (XII-A)")]
    Impossible(String),
    #[error("the scores give {expected} match points, not {given} (XII-A)")]
    ScoresDisagree { expected: String, given: String },
    #[error(transparent)]
    Day(#[from] crate::day::DayError),
}

impl EventError {
    /// The request field the error is about.
    pub fn field(&self) -> &'static str {
        match self {
            EventError::Empty { field } | EventError::TooLong { field } => field,
            EventError::Rounds(_) => "rounds",
            EventError::TooManyEntries
            | EventError::Duplicate(_)
            | EventError::NoSuchEntry(_)
            | EventError::AlreadyWithdrawn(_) => "name",
            EventError::TooFewEntries
            | EventError::AllRoundsPaired(_)
            | EventError::RoundUnfinished(_) => "round",
            EventError::NoSuchRound(_) => "round",
            EventError::NoSuchTable { .. } => "table",
            EventError::NotAtTable(_) | EventError::Missing(_) | EventError::Impossible(_) => {
                "match_points"
            }
            EventError::ScoresDisagree { .. } => "scores",
            EventError::Day(d) => d.field(),
        }
    }
}

/// An event (a tournament of one Division): entries, rounds, results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub name: String,
    pub division: String,
    /// The rules played: `2026-27` (default), `2019-20` or `1969` (docs/editions.md;
    /// the match points of XII-A are the same in each, docs/editions.md).
    #[serde(default = "default_edition")]
    pub edition: String,
    /// How many rounds the event has.
    pub rounds: u32,
    pub first_round: FirstRound,
    /// In seed order.
    pub entries: Vec<Entry>,
    /// The rounds paired so far.
    pub paired: Vec<Round>,
    /// Played online: each paired table gets a table of the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<Online>,
    /// A tournament day's registration, divisions, rooms and awards
    /// (docs/tournaments.md); empty for a one-division club event.
    #[serde(default, flatten)]
    pub day: crate::day::Day,
}

fn default_edition() -> String {
    onsets_core::Edition::default().name().to_string()
}

/// How an online event's tables are played (the server's table settings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Online {
    /// XI-B: the round's length.
    pub round_minutes: u32,
    /// Adventurous (variations) or Basic.
    pub adventurous: bool,
    /// `judge` or `players` (VII-C).
    pub checking: String,
    /// Bots' think time, percent of their own.
    pub bot_pace: u32,
    /// Minutes after a round is paired within which each person must take
    /// their seat; a table still waiting then is forfeited (the absent "Did
    /// Not Play", XII-A; docs/rulings.md). 0: never.
    #[serde(default)]
    pub grace_minutes: u32,
}

fn checked_name(s: &str, field: &'static str) -> Result<String, EventError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(EventError::Empty { field });
    }
    if s.chars().count() > MAX_NAME_CHARS {
        return Err(EventError::TooLong { field });
    }
    Ok(s.to_string())
}

impl Event {
    /// A new event of `rounds` rounds.
    pub fn new(
        name: &str,
        division: Division,
        rounds: u32,
        first_round: FirstRound,
    ) -> Result<Event, EventError> {
        if !(1..=MAX_ROUNDS).contains(&rounds) {
            return Err(EventError::Rounds(rounds));
        }
        Ok(Event {
            name: checked_name(name, "name")?,
            division: division.name().to_string(),
            edition: default_edition(),
            rounds,
            first_round,
            entries: Vec::new(),
            paired: Vec::new(),
            online: None,
            day: crate::day::Day::default(),
        })
    }

    /// Enters a player (names are unique, ignoring case). A late entry
    /// joins from the next round paired.
    pub fn add_entry(&mut self, name: &str, team: Option<&str>) -> Result<usize, EventError> {
        let name = checked_name(name, "name")?;
        let team = team.map(|t| checked_name(t, "team")).transpose()?;
        if self.entries.len() >= MAX_ENTRIES {
            return Err(EventError::TooManyEntries);
        }
        if self.entry(&name).is_some() {
            return Err(EventError::Duplicate(name));
        }
        self.entries.push(Entry {
            name,
            team,
            withdrawn: false,
            bot: None,
            division: None,
            school: None,
            checked_in: false,
            late: false,
        });
        Ok(self.entries.len() - 1)
    }

    /// The entry number of `name` (ignoring case).
    pub fn entry(&self, name: &str) -> Option<usize> {
        let name = name.trim().to_lowercase();
        self.entries
            .iter()
            .position(|e| e.name.to_lowercase() == name)
    }

    /// Pairs the next round: the first at random or by seed order, later
    /// ones by standings; no two entries meet again where that can be
    /// avoided, and team-mates are kept apart where avoidable in the first
    /// half of the rounds, school-mates in every round (docs/tournaments.md,
    /// docs/rulings.md "School-mates apart"). An event of several divisions
    /// pairs each division apart, its tables numbered on from the last
    /// division's.
    pub fn pair_next_round(&mut self) -> Result<&Round, EventError> {
        let number = self.paired.len() as u32 + 1;
        if number > self.rounds {
            return Err(EventError::AllRoundsPaired(self.rounds));
        }
        if let Some(last) = self.paired.last() {
            if !last.finished() {
                return Err(EventError::RoundUnfinished(last.round));
            }
        }
        let divisions = self.day.divisions.clone();
        let mut tables: Vec<Table> = Vec::new();
        let mut bye = None;
        if divisions.len() <= 1 {
            let (t, b) = self.pair_division(number, None, 0)?;
            tables = t;
            bye = b;
        } else {
            let mut seated = 0;
            for d in &divisions {
                let active = self.active_in(Some(d)).len();
                if active == 0 {
                    continue;
                }
                if active == 1 {
                    return Err(crate::day::DayError::LoneEntry(d.clone()).into());
                }
                let (t, _) = self.pair_division(number, Some(d), tables.len() as u32)?;
                tables.extend(t);
                seated += active;
            }
            if seated < 2 {
                return Err(EventError::TooFewEntries);
            }
        }
        self.paired.push(Round {
            round: number,
            tables,
            bye,
        });
        Ok(self.paired.last().expect("just pushed"))
    }

    /// The entries still in (not withdrawn) of division `d` (`None`: every
    /// entry), in entry order.
    pub fn active_in(&self, d: Option<&str>) -> Vec<usize> {
        (0..self.entries.len())
            .filter(|e| !self.entries[*e].withdrawn && self.in_division(*e, d))
            .collect()
    }

    /// Whether entry `e` plays in division `d` (`None`: any); an entry with
    /// no division plays in the event's first.
    pub fn in_division(&self, e: usize, d: Option<&str>) -> bool {
        match d {
            None => true,
            Some(d) => {
                let mine = self.entries[e]
                    .division
                    .as_deref()
                    .or(self.day.divisions.first().map(String::as_str))
                    .unwrap_or(&self.division);
                mine.eq_ignore_ascii_case(d)
            }
        }
    }

    /// One division's tables of round `number` (numbered from `first + 1`)
    /// and its bye.
    fn pair_division(
        &self,
        number: u32,
        division: Option<&str>,
        first: u32,
    ) -> Result<(Vec<Table>, Option<usize>), EventError> {
        // Withdrawn entries are not seated (they keep their standing).
        let active = self.active_in(division);
        let n = active.len();
        if n < 2 {
            return Err(EventError::TooFewEntries);
        }
        let (sizes, bye) = table_sizes(n);
        let mine = |e: &usize| !self.entries[*e].withdrawn && self.in_division(*e, division);
        let mut order: Vec<usize> = if number == 1 {
            self.first_order(&active, &sizes)
        } else {
            crate::standings::standings(self)
                .iter()
                .map(|s| s.entry)
                .filter(mine)
                .collect()
        };
        // Only when one entry cannot be seated: the lowest in the order.
        let bye = if bye { order.pop() } else { None };
        let met = self.met();
        let teams_apart = number <= self.rounds.div_ceil(2);
        let repeat = (n * n) as u64;
        let entries = &self.entries;
        let cost = move |a: usize, b: usize| {
            let mut c = 0;
            if met.contains(&(a.min(b), a.max(b))) {
                c += repeat;
            }
            if teams_apart && entries[a].team.is_some() && entries[a].team == entries[b].team {
                c += 1;
            }
            if entries[a].school.is_some() && entries[a].school == entries[b].school {
                c += 1;
            }
            c
        };
        let tables = seat(&order, &sizes, &cost, repeat, SEARCH_BUDGET)
            .into_iter()
            .enumerate()
            .map(|(i, players)| Table {
                table: first + i as u32 + 1,
                players,
                match_points: None,
                scores: None,
                online: None,
                division: division.map(str::to_string),
                sheet: None,
            })
            .collect();
        Ok((tables, bye))
    }

    /// Every two entries who have sat at one table, smaller number first.
    pub fn met(&self) -> HashSet<(usize, usize)> {
        let mut met = HashSet::new();
        for t in self.paired.iter().flat_map(|r| &r.tables) {
            for (i, a) in t.players.iter().enumerate() {
                for b in &t.players[i + 1..] {
                    met.insert((*a.min(b), *a.max(b)));
                }
            }
        }
        met
    }

    /// Round 1's order of the entries still in, `active` (in entry order),
    /// laid out in tables of `sizes`.
    fn first_order(&self, active: &[usize], sizes: &[usize]) -> Vec<usize> {
        let n = self.entries.len();
        match self.first_round {
            FirstRound::Random(seed) => {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut v: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                    v.swap(i, j);
                }
                v.retain(|e| active.contains(e));
                v
            }
            FirstRound::Seeds => {
                // Seeds 1..k head the k tables, the next k sit second, …
                // (the seeds of the entries still in, in entry order).
                let n = active.len();
                let k = sizes.len().max(1);
                let mut tables: Vec<Vec<usize>> = vec![Vec::new(); k];
                let mut seed = 0;
                'rows: for row in 0..3 {
                    for (t, size) in sizes.iter().enumerate() {
                        if seed == n {
                            break 'rows;
                        }
                        if row < *size {
                            tables[t].push(seed);
                            seed += 1;
                        }
                    }
                }
                tables.extend((seed..n).map(|s| vec![s]));
                tables.concat().into_iter().map(|s| active[s]).collect()
            }
        }
    }

    /// Withdraws an entry: from the next round paired on it is not seated;
    /// its results so far stay in the standings (and count for its
    /// opponents' tie-breaks). A table already paired keeps it: the
    /// organizer records that table's result as usual (0 for "Did Not
    /// Play", XII-A).
    pub fn withdraw(&mut self, name: &str) -> Result<usize, EventError> {
        let e = self
            .entry(name)
            .ok_or_else(|| EventError::NoSuchEntry(name.chars().take(60).collect()))?;
        if self.entries[e].withdrawn {
            return Err(EventError::AlreadyWithdrawn(self.entries[e].name.clone()));
        }
        self.entries[e].withdrawn = true;
        Ok(e)
    }

    /// Records a table's scoresheet (XII-B): match points by player name,
    /// and optionally each player's match score (the sum of their shake
    /// scores), which must then give those match points (XII-A). A second
    /// result for the same table corrects the first.
    pub fn record_result(
        &mut self,
        round: u32,
        table: u32,
        match_points: &BTreeMap<String, u8>,
        scores: Option<&BTreeMap<String, i64>>,
    ) -> Result<(), EventError> {
        let r = self
            .paired
            .iter()
            .position(|r| r.round == round)
            .ok_or(EventError::NoSuchRound(round))?;
        let t = self.paired[r]
            .tables
            .iter()
            .position(|t| t.table == table)
            .ok_or(EventError::NoSuchTable { round, table })?;
        let players = self.paired[r].tables[t].players.clone();
        let points = self.by_seat(&players, match_points)?;
        if !match_points::possible(&points) {
            return Err(EventError::Impossible(format!("{points:?}")));
        }
        let scores = match scores {
            None => None,
            Some(s) => {
                let values = self.by_seat(&players, s)?;
                let played: Vec<Option<i64>> = values
                    .iter()
                    .zip(&points)
                    .map(|(v, p)| (*p != 0).then_some(*v))
                    .collect();
                let expected = match_points::from_scores(&played);
                if expected != points {
                    return Err(EventError::ScoresDisagree {
                        expected: format!("{expected:?}"),
                        given: format!("{points:?}"),
                    });
                }
                Some(values)
            }
        };
        let tbl = &mut self.paired[r].tables[t];
        tbl.match_points = Some(points);
        tbl.scores = scores;
        // A scoresheet given as totals replaces one given shake by shake.
        tbl.sheet = None;
        Ok(())
    }

    /// The values of `given` (by player name) in the order of `players`:
    /// every name one of them, each of them named once.
    fn by_seat<T: Copy>(
        &self,
        players: &[usize],
        given: &BTreeMap<String, T>,
    ) -> Result<Vec<T>, EventError> {
        let mut out: Vec<Option<T>> = vec![None; players.len()];
        for (name, v) in given {
            let seat = self
                .entry(name)
                .and_then(|e| players.iter().position(|p| *p == e))
                .filter(|s| out[*s].is_none())
                .ok_or_else(|| EventError::NotAtTable(name.chars().take(60).collect()))?;
            out[seat] = Some(*v);
        }
        out.iter()
            .zip(players)
            .map(|(v, p)| v.ok_or_else(|| EventError::Missing(self.entries[*p].name.clone())))
            .collect()
    }
}
