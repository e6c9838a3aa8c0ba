//! The 1969 game's events in plain words, with the rules they follow
//! (M69 §§2–3): the seats by name, the person in the second person, cubes
//! by face (never an id or a seat number).

use super::app::App69;
use onsets_engine::manual1969::{face_1969, Event1969, Side};

impl App69 {
    pub(super) fn verb(&self, p: usize, you: &str, other: &str) -> String {
        if self.names[p] == "you" {
            format!("you {you}")
        } else {
            format!("{} {other}", self.names[p])
        }
    }

    /// The possessive: `your`, `careful bot 2's`.
    pub(super) fn possessive(&self, p: usize) -> String {
        if self.names[p] == "you" {
            "your".into()
        } else {
            format!("{}'s", self.names[p])
        }
    }

    fn face(&self, cube: u8) -> String {
        self.g
            .cubes()
            .get(cube as usize)
            .map(|c| face_1969(c.face))
            .unwrap_or_else(|| format!("cube {cube}"))
    }

    /// The game's words with its seat numbers (`player 1`) as the seats'
    /// names.
    pub fn named(&self, text: &str) -> String {
        let mut out = text.to_string();
        // From the highest seat down: `player 1` is not a prefix of a
        // higher seat's words (at most six seats).
        for p in (0..self.names.len()).rev() {
            out = out.replace(&format!("player {p}"), &self.names[p]);
        }
        out
    }

    /// An event in plain words, with the rule it follows.
    pub fn narrate(&self, e: &Event1969) -> Option<String> {
        let n = |p: &usize| self.names[*p].clone();
        let scores = |v: &[i32]| {
            v.iter()
                .enumerate()
                .map(|(p, s)| format!("{} {s:+}", self.names[p]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        Some(match e {
            Event1969::PlayStarted {
                play,
                shaker,
                dealer,
            } => format!(
                "Play {play} of {}: {} the Shaker; {} the Universe (2.5)",
                self.g.plays_in_game(),
                self.verb(*shaker, "are", "is"),
                self.verb(*dealer, "build", "builds")
            ),
            Event1969::Dealt { cards } => format!(
                "{} {} cards: {} (2.2)",
                self.verb(self.g.dealer(), "turn up", "turns up"),
                cards.len(),
                cards.join(" ")
            ),
            Event1969::Rolled { faces } => format!(
                "{} the cubes: {}",
                self.verb(self.g.shaker(), "shake", "shakes"),
                faces.join(" ")
            ),
            Event1969::BonusMove { player, cube } => format!(
                "{} \"Bonus\": {} to Forbidden (3.3)",
                self.verb(*player, "say", "says"),
                self.face(*cube)
            ),
            Event1969::Moved { player, cube, to } => format!(
                "{} {} to {}",
                self.verb(*player, "move", "moves"),
                self.face(*cube),
                to.name()
            ),
            Event1969::GoalSet { player, goal } => {
                format!(
                    "{} the Goal {goal} (3.1)",
                    self.verb(*player, "set", "sets")
                )
            }
            Event1969::NoGoalDeclared { player } => {
                format!("{} \"No Goal\" (3.1)", self.verb(*player, "say", "says"))
            }
            Event1969::NoGoalAccepted { player } => {
                format!("{} \"No Goal\" stand", self.verb(*player, "let", "lets"))
            }
            Event1969::CoinTossed { winner, .. } => {
                format!("Two challenges at once: the coin picks {} (3.6)", n(winner))
            }
            Event1969::Challenged {
                player,
                claim,
                against,
            } => format!(
                "{} {}: {} (3.6); the {} must show a Solution (3.7)",
                self.verb(*player, "challenge", "challenges"),
                n(against),
                claim.name(),
                match claim.burden() {
                    Side::Challenger => "Challenger",
                    Side::Mover => "Mover",
                }
            ),
            Event1969::Asserted { player } => format!(
                "{} a Solution can be built with one more cube (3.10 A)",
                self.verb(*player, "assert", "asserts")
            ),
            Event1969::Joined { player, side } => format!(
                "{} the {} (3.9 A)",
                self.verb(*player, "join", "joins"),
                match side {
                    Side::Challenger => "Challenger",
                    Side::Mover => "Mover",
                }
            ),
            Event1969::Written {
                player,
                solution,
                sustained,
                reasons,
            } => format!(
                "{} {solution}: {}",
                self.verb(*player, "wrote", "wrote"),
                if *sustained {
                    "it is correct".to_string()
                } else {
                    format!("it is not correct ({})", reasons.join("; "))
                }
            ),
            Event1969::Declined { player } => format!(
                "{} write a Solution",
                self.verb(*player, "cannot", "cannot")
            ),
            Event1969::StallCalled { player, on } => format!(
                "{} \"stall\" on {} (3.11)",
                self.verb(*player, "call", "calls"),
                n(on)
            ),
            Event1969::StallMissed { player, periods } => format!(
                "{} {periods} stall period(s) pass: −{periods} (3.11)",
                self.verb(*player, "let", "lets")
            ),
            Event1969::PlayScored {
                play,
                scores: s,
                note,
            } => format!("Play {play} scores {}: {}", scores(s), self.named(note)),
            Event1969::GameOver { totals } => format!(
                "Game over. Totals: {}",
                totals
                    .iter()
                    .enumerate()
                    .map(|(p, t)| format!("{} {t}", self.names[p]))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        })
    }
}
