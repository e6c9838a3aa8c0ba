//! A tournament day (docs/tournaments.md): divisions played side by side,
//! schools (or clubs) that register their players through a coach,
//! registration closed and check-in on the day, rooms of numbered tables
//! with their judges, scoresheets entered shake by shake (X, XII-A, XII-B)
//! with every correction logged, and the awards of each division.

use crate::event::{Event, EventError, MAX_NAME_CHARS};
use crate::match_points;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Most schools, rooms and divisions an event may have.
pub const MAX_SCHOOLS: usize = 200;
pub const MAX_ROOMS: usize = 50;
/// Most tables in one room.
pub const MAX_ROOM_TABLES: u32 = 100;
/// Most shakes on one scoresheet (a 30-minute round has far fewer).
pub const MAX_SHAKES: usize = 30;
/// Shake scores (X, IX: 6, 4, 2, −2 absent, less one-point penalties).
pub const SHAKE_SCORES: std::ops::RangeInclusive<i64> = -20..=20;

/// The day's parts of an event; all empty for a club event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Day {
    /// The divisions played (names as `onsets_core::Division` spells them);
    /// empty: the event's one `division`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divisions: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schools: Vec<School>,
    /// Registration closed: coaches and players no longer enter; the
    /// organizer's entries are late entries.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub registration_closed: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rooms: Vec<Room>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awards: Option<Awards>,
    /// Every scoresheet that replaced another (XII-B), oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<Correction>,
}

/// A school (or club) and its coach.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct School {
    /// 1, 2, … in order of registration.
    pub id: u32,
    pub name: String,
    /// The code its coach signs up with (given to the organizer only).
    pub code: String,
    /// The coach's account id and name, once joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coach: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coach_name: Option<String>,
}

/// A room of `tables` numbered tables and the judges who collect its
/// scoresheets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    pub name: String,
    pub tables: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub judges: Vec<Judge>,
}

/// A judge's account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judge {
    pub id: String,
    pub name: String,
}

/// A scoresheet entered shake by shake (Glossary, "Scoresheet"; XII-B).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Each shake's scores, in the table's seat order.
    pub shakes: Vec<Vec<i64>>,
    /// The players' initials, in seat order (empty when not given).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initials: Vec<String>,
    /// Who entered it (an account's name) and when (Unix seconds).
    pub by: String,
    pub at: i64,
}

/// A result that replaced another (XII-B), with who and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    pub round: u32,
    pub table: u32,
    pub by: String,
    pub at: i64,
    pub before: Vec<u8>,
    pub after: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores_before: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores_after: Option<Vec<i64>>,
}

/// How many places each division awards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Awards {
    /// Individual places per division (top N).
    pub places: u32,
    /// School places per division.
    pub team_places: u32,
    /// A school's score adds its best `team_size` players of the division.
    pub team_size: u32,
}

/// What is wrong with a tournament day's request, with its field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DayError {
    #[error("division `{0}` has only one entry still in; pairing needs two (or none)")]
    LoneEntry(String),
    #[error("`{0}` is not a division of this event")]
    NoSuchDivision(String),
    #[error("division `{0}` is listed twice")]
    DivisionTwice(String),
    #[error("a school `{0}` is already registered")]
    SchoolTaken(String),
    #[error("there is no school `{0}`")]
    NoSuchSchool(String),
    #[error("an event has at most {MAX_SCHOOLS} schools")]
    TooManySchools,
    #[error("no school of this event has that code")]
    BadCode,
    #[error("school `{0}` already has a coach")]
    HasCoach(String),
    #[error("registration is closed; the organizer adds late entries")]
    RegistrationClosed,
    #[error("a coach enters players of their own school, `{0}`")]
    NotYourSchool(String),
    #[error("only the tournament's organizer, or a school's coach (joined with its code), enters players")]
    NotACoach,
    #[error("a room `{0}` already exists")]
    RoomTaken(String),
    #[error("a room has 1 to {MAX_ROOM_TABLES} tables, not {0}")]
    RoomTables(u32),
    #[error("an event has at most {MAX_ROOMS} rooms")]
    TooManyRooms,
    #[error("there is no room `{0}`")]
    NoSuchRoom(String),
    #[error("round {round}'s table {table} is not in a room you judge")]
    NotYourRoom { round: u32, table: u32 },
    #[error("a scoresheet has 1 to {MAX_SHAKES} shakes")]
    Shakes,
    #[error("shake {shake} has {got} scores; the table has {expected} players")]
    ShakeWidth {
        shake: usize,
        expected: usize,
        got: usize,
    },
    #[error("shake {shake}'s score {score} is not a shake score ({}..={})", SHAKE_SCORES.start(), SHAKE_SCORES.end())]
    ShakeScore { shake: usize, score: i64 },
    #[error("initials are 1 to 4 letters, one per player")]
    Initials,
    #[error("awards give 0 to 50 places, and a school 1 to 10 players")]
    Awards,
}

impl DayError {
    /// The request field the error is about.
    pub fn field(&self) -> &'static str {
        match self {
            DayError::LoneEntry(_) => "round",
            DayError::NoSuchDivision(_) | DayError::DivisionTwice(_) => "division",
            DayError::SchoolTaken(_) | DayError::TooManySchools => "name",
            DayError::NoSuchSchool(_) | DayError::NotYourSchool(_) | DayError::NotACoach => {
                "school"
            }
            DayError::BadCode | DayError::HasCoach(_) => "code",
            DayError::RegistrationClosed => "registration",
            DayError::RoomTaken(_) | DayError::TooManyRooms => "name",
            DayError::RoomTables(_) => "tables",
            DayError::NoSuchRoom(_) => "room",
            DayError::NotYourRoom { .. } => "table",
            DayError::Shakes | DayError::ShakeWidth { .. } | DayError::ShakeScore { .. } => {
                "shakes"
            }
            DayError::Initials => "initials",
            DayError::Awards => "places",
        }
    }
}

fn name(s: &str, field: &'static str) -> Result<String, EventError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(EventError::Empty { field });
    }
    if s.chars().count() > MAX_NAME_CHARS {
        return Err(EventError::TooLong { field });
    }
    Ok(s.to_string())
}

/// What a registration enters: a player, perhaps with a team, a school and
/// a division.
#[derive(Clone, Debug, Default)]
pub struct Registration<'a> {
    pub name: &'a str,
    pub team: Option<&'a str>,
    pub school: Option<&'a str>,
    pub division: Option<&'a str>,
}

impl Event {
    /// The divisions played, in order (the event's one division when it
    /// has no list).
    pub fn division_names(&self) -> Vec<String> {
        if self.day.divisions.is_empty() {
            vec![self.division.clone()]
        } else {
            self.day.divisions.clone()
        }
    }

    /// Entry `e`'s division.
    pub fn division_of(&self, e: usize) -> String {
        self.entries[e]
            .division
            .clone()
            .or_else(|| self.day.divisions.first().cloned())
            .unwrap_or_else(|| self.division.clone())
    }

    /// Sets the divisions played (each once).
    pub fn set_divisions(&mut self, names: Vec<String>) -> Result<(), EventError> {
        for (i, d) in names.iter().enumerate() {
            if names[..i].iter().any(|o| o.eq_ignore_ascii_case(d)) {
                return Err(DayError::DivisionTwice(d.clone()).into());
            }
        }
        if let Some(first) = names.first() {
            self.division = first.clone();
        }
        self.day.divisions = names;
        Ok(())
    }

    /// The division named `d` (ignoring case), as the event spells it.
    pub fn division_named(&self, d: &str) -> Result<String, EventError> {
        self.division_names()
            .into_iter()
            .find(|x| x.eq_ignore_ascii_case(d.trim()))
            .ok_or_else(|| DayError::NoSuchDivision(d.chars().take(40).collect()).into())
    }

    /// Registers a school (or club) with its coach's `code`: its id.
    pub fn add_school(&mut self, school: &str, code: &str) -> Result<u32, EventError> {
        let school = name(school, "name")?;
        if self.school_named(&school).is_some() {
            return Err(DayError::SchoolTaken(school).into());
        }
        if self.day.schools.len() >= MAX_SCHOOLS {
            return Err(DayError::TooManySchools.into());
        }
        let id = self.day.schools.len() as u32 + 1;
        self.day.schools.push(School {
            id,
            name: school,
            code: code.to_string(),
            coach: None,
            coach_name: None,
        });
        Ok(id)
    }

    /// The school named `s` (ignoring case).
    pub fn school_named(&self, s: &str) -> Option<&School> {
        let s = s.trim();
        self.day
            .schools
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(s))
    }

    /// The school whose coach is account `id`.
    pub fn school_coached_by(&self, id: &str) -> Option<&School> {
        self.day
            .schools
            .iter()
            .find(|x| x.coach.as_deref() == Some(id))
    }

    /// Account `id` (`who`) becomes the coach of the school of `code`.
    pub fn join_as_coach(
        &mut self,
        code: &str,
        id: &str,
        who: &str,
    ) -> Result<&School, EventError> {
        let code = code.trim();
        let s = self
            .day
            .schools
            .iter_mut()
            .find(|s| !code.is_empty() && s.code.eq_ignore_ascii_case(code))
            .ok_or(DayError::BadCode)?;
        match s.coach.as_deref() {
            Some(c) if c != id => return Err(DayError::HasCoach(s.name.clone()).into()),
            _ => {}
        }
        s.coach = Some(id.to_string());
        s.coach_name = Some(who.to_string());
        Ok(s)
    }

    /// Enters a player with a school and a division (each of the event's):
    /// `late` after registration closed.
    pub fn register(&mut self, r: &Registration<'_>) -> Result<usize, EventError> {
        let division = r.division.map(|d| self.division_named(d)).transpose()?;
        let school = r
            .school
            .map(|s| {
                self.school_named(s)
                    .map(|x| x.name.clone())
                    .ok_or_else(|| DayError::NoSuchSchool(s.chars().take(40).collect()))
            })
            .transpose()?;
        let n = self.add_entry(r.name, r.team)?;
        let late = self.day.registration_closed;
        let e = &mut self.entries[n];
        e.division = division;
        e.school = school;
        e.late = late;
        Ok(n)
    }

    /// Checks entry `who` in (or out, `present` false): its number.
    pub fn check_in(&mut self, who: &str, present: bool) -> Result<usize, EventError> {
        let e = self
            .entry(who)
            .ok_or_else(|| EventError::NoSuchEntry(who.chars().take(60).collect()))?;
        self.entries[e].checked_in = present;
        Ok(e)
    }

    /// Withdraws every entry still in that has not checked in (the day's
    /// no-shows): their numbers.
    pub fn withdraw_no_shows(&mut self) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, e) in self.entries.iter_mut().enumerate() {
            if !e.withdrawn && !e.checked_in {
                e.withdrawn = true;
                out.push(i);
            }
        }
        out
    }

    /// Adds a room of `tables` tables; the rooms number the round's tables
    /// in order (the first room's are 1…, the next room's follow).
    pub fn add_room(&mut self, room: &str, tables: u32) -> Result<(), EventError> {
        let room = name(room, "name")?;
        if !(1..=MAX_ROOM_TABLES).contains(&tables) {
            return Err(DayError::RoomTables(tables).into());
        }
        if self.room(&room).is_some() {
            return Err(DayError::RoomTaken(room).into());
        }
        if self.day.rooms.len() >= MAX_ROOMS {
            return Err(DayError::TooManyRooms.into());
        }
        self.day.rooms.push(Room {
            name: room,
            tables,
            judges: Vec::new(),
        });
        Ok(())
    }

    fn room(&self, room: &str) -> Option<usize> {
        let room = room.trim();
        self.day
            .rooms
            .iter()
            .position(|r| r.name.eq_ignore_ascii_case(room))
    }

    /// Account `id` (`who`) judges room `room`: its name.
    pub fn assign_judge(&mut self, room: &str, id: &str, who: &str) -> Result<String, EventError> {
        let r = self
            .room(room)
            .ok_or_else(|| DayError::NoSuchRoom(room.chars().take(40).collect()))?;
        let room = &mut self.day.rooms[r];
        if !room.judges.iter().any(|j| j.id == id) {
            room.judges.push(Judge {
                id: id.to_string(),
                name: who.to_string(),
            });
        }
        Ok(room.name.clone())
    }

    /// The room table number `table` stands in, by the rooms' order and
    /// sizes (`None` past the last room's tables).
    pub fn room_of(&self, table: u32) -> Option<&str> {
        let mut last = 0;
        for r in &self.day.rooms {
            last += r.tables;
            if table <= last {
                return Some(&r.name);
            }
        }
        None
    }

    /// Whether account `id` judges the room of table `table`.
    pub fn judges_table(&self, id: &str, table: u32) -> bool {
        self.room_of(table)
            .and_then(|r| self.room(r))
            .is_some_and(|r| self.day.rooms[r].judges.iter().any(|j| j.id == id))
    }

    /// Records a table's result as [`Event::record_result`] does, and logs
    /// it as a correction (with who and when) when it replaces another.
    pub fn record_result_by(
        &mut self,
        round: u32,
        table: u32,
        match_points: &BTreeMap<String, u8>,
        scores: Option<&BTreeMap<String, i64>>,
        by: &str,
        at: i64,
    ) -> Result<(), EventError> {
        let before = self.table_of(round, table).cloned();
        self.record_result(round, table, match_points, scores)?;
        self.log_correction(before, round, table, by, at);
        Ok(())
    }

    fn table_of(&self, round: u32, table: u32) -> Option<&crate::Table> {
        self.paired
            .iter()
            .find(|r| r.round == round)
            .and_then(|r| r.tables.iter().find(|t| t.table == table))
    }

    fn log_correction(
        &mut self,
        before: Option<crate::Table>,
        round: u32,
        table: u32,
        by: &str,
        at: i64,
    ) {
        let (Some(before), Some(after)) = (before, self.table_of(round, table)) else {
            return;
        };
        let (Some(was), Some(now)) = (before.match_points, after.match_points.clone()) else {
            return;
        };
        let c = Correction {
            round,
            table,
            by: by.to_string(),
            at,
            before: was,
            after: now,
            scores_before: before.scores,
            scores_after: after.scores.clone(),
        };
        self.day.corrections.push(c);
    }

    /// Records a table's scoresheet from its shakes (each shake's scores in
    /// seat order): the match scores are the sums (XII-A: "the sum of their
    /// scores for the shakes"), the match points follow from them; a player
    /// in `absent` did not play (0, XII-A). Returns the scores and points.
    #[allow(clippy::too_many_arguments)]
    pub fn record_sheet(
        &mut self,
        round: u32,
        table: u32,
        shakes: &[Vec<i64>],
        absent: &[String],
        initials: &[String],
        by: &str,
        at: i64,
    ) -> Result<(Vec<i64>, Vec<u8>), EventError> {
        let players = self
            .paired
            .iter()
            .find(|r| r.round == round)
            .ok_or(EventError::NoSuchRound(round))?
            .tables
            .iter()
            .find(|t| t.table == table)
            .ok_or(EventError::NoSuchTable { round, table })?
            .players
            .clone();
        let scores = sums(shakes, players.len())?;
        if !initials.is_empty()
            && (initials.len() != players.len()
                || initials
                    .iter()
                    .any(|i| !(1..=4).contains(&i.chars().count())))
        {
            return Err(DayError::Initials.into());
        }
        let mut gone = vec![false; players.len()];
        for a in absent {
            let seat = self
                .entry(a)
                .and_then(|e| players.iter().position(|p| *p == e))
                .ok_or_else(|| EventError::NotAtTable(a.chars().take(60).collect()))?;
            gone[seat] = true;
        }
        let played: Vec<Option<i64>> = scores
            .iter()
            .zip(&gone)
            .map(|(s, g)| (!g).then_some(*s))
            .collect();
        let points = match_points::from_scores(&played);
        let by_name = |v: &[i64]| -> BTreeMap<String, i64> {
            players
                .iter()
                .map(|p| self.entries[*p].name.clone())
                .zip(v.iter().copied())
                .collect()
        };
        let sc = by_name(&scores);
        let mp: BTreeMap<String, u8> = players
            .iter()
            .map(|p| self.entries[*p].name.clone())
            .zip(points.iter().copied())
            .collect();
        self.record_result_by(round, table, &mp, Some(&sc), by, at)?;
        if let Some(t) = self
            .paired
            .iter_mut()
            .find(|r| r.round == round)
            .and_then(|r| r.tables.iter_mut().find(|t| t.table == table))
        {
            t.sheet = Some(Sheet {
                shakes: shakes.to_vec(),
                initials: initials.iter().map(|i| i.trim().to_uppercase()).collect(),
                by: by.to_string(),
                at,
            });
        }
        Ok((scores, points))
    }

    /// Sets the places each division awards.
    pub fn set_awards(&mut self, a: Awards) -> Result<(), EventError> {
        if a.places > 50 || a.team_places > 50 || !(1..=10).contains(&a.team_size) {
            return Err(DayError::Awards.into());
        }
        self.day.awards = Some(a);
        Ok(())
    }
}

/// Each seat's match score: the sum of its shake scores.
fn sums(shakes: &[Vec<i64>], seats: usize) -> Result<Vec<i64>, EventError> {
    if shakes.is_empty() || shakes.len() > MAX_SHAKES {
        return Err(DayError::Shakes.into());
    }
    let mut total = vec![0i64; seats];
    for (i, s) in shakes.iter().enumerate() {
        if s.len() != seats {
            return Err(DayError::ShakeWidth {
                shake: i + 1,
                expected: seats,
                got: s.len(),
            }
            .into());
        }
        for (t, v) in total.iter_mut().zip(s) {
            if !SHAKE_SCORES.contains(v) {
                return Err(DayError::ShakeScore {
                    shake: i + 1,
                    score: *v,
                }
                .into());
            }
            *t += v;
        }
    }
    Ok(total)
}

impl Event {
    /// Table `t`'s division.
    pub fn division_of_table(&self, t: &crate::Table) -> String {
        t.division.clone().unwrap_or_else(|| {
            self.division_names()
                .into_iter()
                .next()
                .unwrap_or_else(|| self.division.clone())
        })
    }
}
