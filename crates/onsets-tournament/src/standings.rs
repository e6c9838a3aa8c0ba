//! Standings: match points (XII-A) first, then the tie-breaks of
//! `docs/tournaments.md`: total match score (shake points), head-to-head
//! among the tied, opponents' match points, then seed order.

use crate::event::Event;
use crate::match_points::BYE;
use serde::Serialize;
use std::collections::BTreeMap;

/// One entry's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// 1 for the leader.
    pub place: usize,
    /// The entry number (seed order).
    pub entry: usize,
    pub name: String,
    pub team: Option<String>,
    /// Sum of match points (XII-A), a bye counting [`BYE`].
    pub match_points: u32,
    /// Sum of the match scores the organizer gave (shake points).
    pub shake_points: i64,
    /// Among entries level on match and shake points: 1 for each tied
    /// entry finished above at a shared table, ½ for each finished level.
    pub head_to_head: f64,
    /// Sum of the match points of every opponent met (once per meeting).
    pub opponents_match_points: u32,
    /// Tables with a result, byes included.
    pub played: u32,
    /// Withdrawn: no longer paired (kept in the standings).
    pub withdrawn: bool,
    /// The entry's school, when it registered with one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub school: Option<String>,
    /// The entry's division, in an event of several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub division: Option<String>,
}

/// A team's line: its members' match and shake points added.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamStanding {
    pub place: usize,
    pub team: String,
    pub match_points: u32,
    pub shake_points: i64,
    pub members: Vec<String>,
}

/// The standings of every entry, best first.
pub fn standings(e: &Event) -> Vec<Standing> {
    let n = e.entries.len();
    let mut mp = vec![0u32; n];
    let mut sp = vec![0i64; n];
    let mut played = vec![0u32; n];
    // (player, opponent, player's points, opponent's points)
    let mut meetings: Vec<(usize, usize, u8, u8)> = Vec::new();
    for r in &e.paired {
        if let Some(b) = r.bye {
            mp[b] += u32::from(BYE);
            played[b] += 1;
        }
        for t in &r.tables {
            let Some(points) = &t.match_points else {
                continue;
            };
            for (i, p) in t.players.iter().enumerate() {
                mp[*p] += u32::from(points[i]);
                played[*p] += 1;
                if let Some(s) = &t.scores {
                    sp[*p] += s[i];
                }
                for (j, q) in t.players.iter().enumerate() {
                    if i != j {
                        meetings.push((*p, *q, points[i], points[j]));
                    }
                }
            }
        }
    }
    let mut opp = vec![0u32; n];
    for (p, q, _, _) in &meetings {
        opp[*p] += mp[*q];
    }
    // Head-to-head in half points, among entries level on (mp, sp).
    let mut h2h = vec![0u32; n];
    for (p, q, a, b) in &meetings {
        if mp[*p] == mp[*q] && sp[*p] == sp[*q] {
            h2h[*p] += match a.cmp(b) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|a, b| {
        (mp[*b], sp[*b], h2h[*b], opp[*b], *a).cmp(&(mp[*a], sp[*a], h2h[*a], opp[*a], *b))
    });
    order
        .into_iter()
        .enumerate()
        .map(|(i, x)| Standing {
            place: i + 1,
            entry: x,
            name: e.entries[x].name.clone(),
            team: e.entries[x].team.clone(),
            match_points: mp[x],
            shake_points: sp[x],
            head_to_head: f64::from(h2h[x]) / 2.0,
            opponents_match_points: opp[x],
            played: played[x],
            withdrawn: e.entries[x].withdrawn,
            school: e.entries[x].school.clone(),
            division: (e.day.divisions.len() > 1).then(|| e.division_of(x)),
        })
        .collect()
}

/// The standings of division `d` only, placed 1, 2, … among themselves
/// (the tie-breaks are the event's: a division's tables seat only its
/// entries).
pub fn division_standings(e: &Event, d: &str) -> Vec<Standing> {
    let mut v: Vec<Standing> = standings(e)
        .into_iter()
        .filter(|s| e.in_division(s.entry, Some(d)))
        .collect();
    for (i, s) in v.iter_mut().enumerate() {
        s.place = i + 1;
    }
    v
}

/// A school's line in a division: its best `team_size` players' match
/// points and shake points added (docs/tournaments.md, "Awards").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchoolStanding {
    pub place: usize,
    pub school: String,
    pub match_points: u32,
    pub shake_points: i64,
    /// The players counted, best first.
    pub members: Vec<String>,
}

/// The schools of division `d`, best first: each by its best `team_size`
/// players in the division's standings; ties by the school's name.
pub fn school_standings(e: &Event, d: &str, team_size: usize) -> Vec<SchoolStanding> {
    let mut schools: BTreeMap<String, SchoolStanding> = BTreeMap::new();
    for s in division_standings(e, d) {
        let Some(school) = &s.school else { continue };
        let t = schools
            .entry(school.clone())
            .or_insert_with(|| SchoolStanding {
                place: 0,
                school: school.clone(),
                match_points: 0,
                shake_points: 0,
                members: Vec::new(),
            });
        if t.members.len() < team_size {
            t.match_points += s.match_points;
            t.shake_points += s.shake_points;
            t.members.push(s.name.clone());
        }
    }
    let mut v: Vec<SchoolStanding> = schools.into_values().collect();
    v.sort_by(|a, b| {
        (b.match_points, b.shake_points, &a.school).cmp(&(
            a.match_points,
            a.shake_points,
            &b.school,
        ))
    });
    for (i, t) in v.iter_mut().enumerate() {
        t.place = i + 1;
    }
    v
}

/// Team standings: every team's members' match points added, then shake
/// points, then the team's name.
pub fn team_standings(e: &Event) -> Vec<TeamStanding> {
    let mut teams: BTreeMap<String, TeamStanding> = BTreeMap::new();
    for s in standings(e) {
        let Some(team) = &s.team else { continue };
        let t = teams.entry(team.clone()).or_insert_with(|| TeamStanding {
            place: 0,
            team: team.clone(),
            match_points: 0,
            shake_points: 0,
            members: Vec::new(),
        });
        t.match_points += s.match_points;
        t.shake_points += s.shake_points;
        t.members.push(s.name.clone());
    }
    let mut v: Vec<TeamStanding> = teams.into_values().collect();
    v.sort_by(|a, b| {
        (b.match_points, b.shake_points, &a.team).cmp(&(a.match_points, a.shake_points, &b.team))
    });
    for (i, t) in v.iter_mut().enumerate() {
        t.place = i + 1;
    }
    v
}
