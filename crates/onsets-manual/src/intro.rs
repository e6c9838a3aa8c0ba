//! The programmed series of 28 introductory games (manual §8.1–8.4;
//! editions.md §2.15): a FISH, an OUT, a SQUAD and a SETS game for each idea
//! (CUBE, CUP, CAP, DIFF, COMP, EQ, INC), "beginning at a level simple enough
//! for kindergarten students" (§8).
//!
//! Each game is data ([`IntroGame`]: number, title, section, what it teaches,
//! materials, procedure, how a round is judged, what the scan lost) and one
//! state machine ([`Intro`]) shared by the four families. The question each
//! round asks ("which cards does this Set-Name fish out?", "does it fish out
//! exactly the number on a numeral cube?") is answered by onsets-core through
//! [`crate::naming`].

use crate::kit::{self, CubeKind, Dice};
use crate::naming::{self, Form, NameError};
use crate::search::Names;
use onsets_core::{Card, CardSet, Symbol};
use serde::Serialize;
use thiserror::Error;

/// The idea a game practises (§8: "a FISH game that gives practice with
/// single-cube Set-Names, a FISH game that gives practice with each of the
/// connectives … and finally, FISH games that give practice in making
/// statements").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Idea {
    /// One color cube: a set defined by a property (8.1).
    Cube,
    /// ∪ face up (8.2).
    Cup,
    /// ∩ face up (8.3).
    Cap,
    /// − face up (8.3).
    Diff,
    /// ′ face up (8.3).
    Comp,
    /// = face up: truth sets of statements (8.4).
    Eq,
    /// ⊆ face up: truth sets of statements (8.4).
    Inc,
}

/// The four families of §8 ("the FISH games, the OUT games, the SQUAD games
/// and the SETS games").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    Fish,
    Out,
    Squad,
    Sets,
}

impl Idea {
    pub const ALL: [Idea; 7] = [
        Idea::Cube,
        Idea::Cup,
        Idea::Cap,
        Idea::Diff,
        Idea::Comp,
        Idea::Eq,
        Idea::Inc,
    ];

    /// The cube placed face up for the game (none for CUBE).
    pub const fn face_up(self) -> Option<Symbol> {
        match self {
            Idea::Cube => None,
            Idea::Cup => Some(Symbol::Union),
            Idea::Cap => Some(Symbol::Intersection),
            Idea::Diff => Some(Symbol::Minus),
            Idea::Comp => Some(Symbol::Complement),
            Idea::Eq => Some(Symbol::Equals),
            Idea::Inc => Some(Symbol::Subset),
        }
    }

    /// Whether the blank card stays in the deck: "In all of these games
    /// except for those that use ′ the blank card should be left out" (§8);
    /// "In the Comp games the blank card should be left in the deck" (8.3);
    /// the statement games throw red-symbol cubes that may show ′
    /// (editions.md Q29).
    pub const fn with_blank(self) -> bool {
        matches!(self, Idea::Comp | Idea::Eq | Idea::Inc)
    }

    /// Whether some throw lets this game's Set-Name fish out `card`. Not
    /// every card can be: no X − Y fishes out the card with all four dots
    /// (it has Y), and no X′ does either; the manual does not say what then
    /// happens (docs/rulings.md, "1969 introductory games that cannot end").
    pub fn can_fish(self, card: Card) -> bool {
        let colors = card.mask().count_ones();
        match self {
            Idea::Cube | Idea::Cup | Idea::Cap => colors > 0,
            Idea::Diff => colors > 0 && colors < 4,
            Idea::Comp => colors < 4,
            Idea::Eq | Idea::Inc => true,
        }
    }

    const fn word(self) -> &'static str {
        match self {
            Idea::Cube => "CUBE",
            Idea::Cup => "CUP",
            Idea::Cap => "CAP",
            Idea::Diff => "DIFF",
            Idea::Comp => "COMP",
            Idea::Eq => "EQ",
            Idea::Inc => "INC",
        }
    }
}

/// One of the 28 games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntroGame {
    pub idea: Idea,
    pub family: Family,
}

/// A game described for players: everything the manual says and what the
/// software does with it.
#[derive(Clone, Debug, Serialize)]
pub struct Description {
    /// 1–28, in the manual's order (§8.1 A–D, 8.2 A–D, 8.3, 8.4).
    pub number: u8,
    /// The URL/CLI name, e.g. `cube-fish`.
    pub id: String,
    /// The manual's title, e.g. `CUBE FISH`, `OUT CUP`, `INK SETS`.
    pub title: String,
    /// The manual's section.
    pub section: &'static str,
    pub idea: Idea,
    pub family: Family,
    /// What it teaches (the manual's "Aim of game").
    pub teaches: String,
    pub players: String,
    pub materials: String,
    pub procedure: String,
    /// How a round is judged in the software.
    pub judged: String,
    /// What the scan lost or the manual leaves open, and the reading taken.
    pub notes: Vec<String>,
}

impl IntroGame {
    /// All 28 in the manual's order.
    pub fn all() -> Vec<IntroGame> {
        let mut out = Vec::new();
        for idea in Idea::ALL {
            for family in [Family::Fish, Family::Out, Family::Squad, Family::Sets] {
                out.push(IntroGame { idea, family });
            }
        }
        out
    }

    /// 1–28.
    pub fn number(self) -> u8 {
        let i = Idea::ALL.iter().position(|x| *x == self.idea).unwrap_or(0) as u8;
        let f = match self.family {
            Family::Fish => 1,
            Family::Out => 2,
            Family::Squad => 3,
            Family::Sets => 4,
        };
        i * 4 + f
    }

    /// The manual's title.
    pub fn title(self) -> String {
        let w = self.idea.word();
        match (self.idea, self.family) {
            (Idea::Inc, Family::Sets) => "INK SETS".into(), // sic (8.4)
            (Idea::Eq | Idea::Inc, Family::Out) => format!("{w} OUT"),
            (_, Family::Out) => format!("OUT {w}"),
            (_, Family::Fish) => format!("{w} FISH"),
            (_, Family::Squad) => format!("{w} SQUAD"),
            (_, Family::Sets) => format!("{w} SETS"),
        }
    }

    /// The name used in URLs and on the command line: `cube-fish`, `out-cup`,
    /// `inc-sets`, or the number.
    pub fn id(self) -> String {
        let w = self.idea.word().to_lowercase();
        match self.family {
            Family::Fish => format!("{w}-fish"),
            Family::Out => format!("out-{w}"),
            Family::Squad => format!("{w}-squad"),
            Family::Sets => format!("{w}-sets"),
        }
    }

    /// Finds a game by id, number, or title (any case, spaces or hyphens;
    /// `ink-sets` and `eq-out` too).
    pub fn find(name: &str) -> Option<IntroGame> {
        let n = name.trim().to_lowercase().replace(' ', "-");
        if let Ok(k) = n.parse::<u8>() {
            return IntroGame::all().into_iter().find(|g| g.number() == k);
        }
        let n = if n == "ink-sets" {
            "inc-sets".to_string()
        } else {
            n
        };
        IntroGame::all().into_iter().find(|g| {
            g.id() == n || g.title().to_lowercase().replace(' ', "-") == n || {
                let w = g.idea.word().to_lowercase();
                g.family == Family::Out && n == format!("{w}-out")
            }
        })
    }

    pub fn section(self) -> &'static str {
        match (self.idea, self.family) {
            (Idea::Cube, Family::Fish) => "8.1-A",
            (Idea::Cube, Family::Out) => "8.1-B",
            (Idea::Cube, Family::Squad) => "8.1-C",
            (Idea::Cube, Family::Sets) => "8.1-D",
            (Idea::Cup, Family::Fish) => "8.2-A",
            (Idea::Cup, Family::Out) => "8.2-B",
            (Idea::Cup, Family::Squad) => "8.2-C",
            (Idea::Cup, Family::Sets) => "8.2-D",
            (Idea::Cap | Idea::Diff | Idea::Comp, _) => "8.3",
            (Idea::Eq | Idea::Inc, _) => "8.4",
        }
    }

    /// How many color cubes are thrown (M69 8.1–8.4; the COMP games are
    /// the cup games with ′ face up, so two color cubes outside SETS, M69 8.3
    /// and docs/rulings.md).
    pub fn color_cubes(self) -> usize {
        match (self.idea, self.family) {
            (Idea::Cube, Family::Sets) => 3,
            (Idea::Cube, _) => 1,
            (Idea::Eq | Idea::Inc, _) => 4,
            (_, Family::Sets) => 4,
            (_, _) => 2,
        }
    }

    /// The game's deck: the blank card only where ′ can fish it out (M69 §8
    /// preamble, 8.3), and, by the same reason, without the card that no
    /// Set-Name of the game can fish out (the four-dot card in the DIFF and
    /// COMP games, which no X − Y and no X′ fishes out; docs/rulings.md).
    pub fn deck(self) -> Vec<Card> {
        kit::deck(self.idea.with_blank())
            .into_iter()
            .filter(|c| self.idea.can_fish(*c))
            .collect()
    }

    /// The cubes thrown each turn.
    pub fn shaking_set(self) -> Vec<(CubeKind, usize)> {
        let mut set = vec![(CubeKind::Color, self.color_cubes())];
        if matches!(self.idea, Idea::Eq | Idea::Inc) {
            // "a shaking set (three red-symbol cubes and four color cubes)" (8.4).
            set.push((CubeKind::RedSymbol, 3));
        }
        if self.family == Family::Sets {
            set.push((CubeKind::Numeral, 3));
        }
        set
    }

    /// The form of what a player writes.
    fn form(self) -> Form {
        match self.idea {
            Idea::Eq | Idea::Inc => Form::Statement,
            _ => Form::SetName,
        }
    }

    /// The shape the game's Set-Name must have, checked on the symbols
    /// written (the statement games take any statement).
    fn check_shape(self, symbols: &[Symbol]) -> Result<(), NameError> {
        let color = |s: &Symbol| matches!(s, Symbol::Color(_));
        let ok = match self.idea {
            Idea::Cube => symbols.len() == 1 && color(&symbols[0]),
            Idea::Comp => {
                symbols.len() == 2 && color(&symbols[0]) && symbols[1] == Symbol::Complement
            }
            Idea::Cup | Idea::Cap | Idea::Diff => {
                symbols.len() == 3
                    && color(&symbols[0])
                    && Some(symbols[1]) == self.idea.face_up()
                    && color(&symbols[2])
            }
            Idea::Eq | Idea::Inc => symbols.iter().any(|s| Some(*s) == self.idea.face_up()),
        };
        if ok {
            Ok(())
        } else {
            Err(NameError::Shape {
                message: format!("{}: {}", self.title(), self.shape_words()),
            })
        }
    }

    fn shape_words(self) -> &'static str {
        match self.idea {
            Idea::Cube => "the Set-Name is one color cube",
            Idea::Cup => "the Set-Name is a color cube on either side of the cup (X ∪ Y)",
            Idea::Cap => "the Set-Name is a color cube on either side of the cap (X ∩ Y)",
            Idea::Diff => "the Set-Name is a color cube on either side of the minus (X − Y)",
            Idea::Comp => "the Set-Name is a color cube followed by the prime (X′)",
            Idea::Eq => "write a statement S = T with the thrown cubes",
            Idea::Inc => "write a statement S ⊆ T with the thrown cubes",
        }
    }

    /// Everything the manual says about the game, and the software's reading.
    pub fn describe(self) -> Description {
        let title = self.title();
        let name = match self.idea {
            Idea::Cube => {
                "the notion of a set (of cards) defined by a property (color)".to_string()
            }
            Idea::Cup => "the use of the cup ∪ (union: cards in either set)".into(),
            Idea::Cap => "the use of the cap ∩ (intersection: cards in both sets)".into(),
            Idea::Diff => {
                "the use of the minus − (set difference: cards in the first set and not the second)"
                    .into()
            }
            Idea::Comp => "the use of the prime ′ (complement: cards not in the set)".into(),
            Idea::Eq => {
                "statements with = and their truth sets (the cards for which the statement is true)"
                    .into()
            }
            Idea::Inc => "statements with ⊆ and their truth sets".into(),
        };
        let teaches = match self.family {
            Family::Sets if self.idea == Idea::Cube => format!(
                "the basic structure of the game ON-SETS (Goal = Num(Set-Name)), and {name}"
            ),
            Family::Sets => format!("several new features of the Basic Game, and {name}"),
            Family::Fish => format!("practice with {name}"),
            _ => format!("further practice with {name}"),
        };
        let deck = match self.idea {
            Idea::Diff => "the deck of cards with the blank card and the four-dot card left out (14 cards)",
            Idea::Comp => "the deck of cards with the blank card left in and the four-dot card left out (15 cards)",
            Idea::Eq | Idea::Inc => "the deck of 16 cards (the blank card left in)",
            _ => "the deck of cards with the blank card left out (15 cards)",
        };
        let cubes = match (self.idea, self.family) {
            (Idea::Cube, Family::Sets) => "a playing mat, three color cubes and three numeral cubes".to_string(),
            (Idea::Cube, _) => "one color cube".into(),
            (Idea::Eq | Idea::Inc, f) => format!(
                "one blue-symbol cube with {} face up, three red-symbol cubes and four color cubes{}",
                if self.idea == Idea::Eq { "=" } else { "⊆" },
                if f == Family::Sets { ", three numeral cubes and a playing mat" } else { "" }
            ),
            (idea, Family::Sets) => format!(
                "a playing mat, one red-symbol cube with {} face up, {} color cubes and three numeral cubes",
                idea.face_up().map(|s| s.canonical()).unwrap_or_default(),
                self.color_cubes()
            ),
            (idea, _) => format!(
                "one red-symbol cube with {} face up and {} color cube{}",
                idea.face_up().map(|s| s.canonical()).unwrap_or_default(),
                self.color_cubes(),
                if self.color_cubes() == 1 { "" } else { "s" }
            ),
        };
        let materials = match self.family {
            Family::Squad => format!("{deck}, one deck for each team (squad); {cubes}"),
            _ => format!("{deck}; {cubes}"),
        };
        let players = match self.family {
            Family::Fish | Family::Sets => "2 or more".to_string(),
            Family::Out => "2".into(),
            Family::Squad if self.idea == Idea::Cube => {
                "any number, in teams (squads); a teacher or non-playing student throws".into()
            }
            Family::Squad => {
                "2 or more, in teams (squads); a teacher or non-playing student throws".into()
            }
        };
        let name_it = match self.idea {
            Idea::Cube => "the color on top of the cube names the set".to_string(),
            Idea::Comp => "the thrower puts the prime after one of the two color cubes, and that Set-Name (X′) names the set".into(),
            Idea::Eq | Idea::Inc => "the thrower builds a statement with the face-up relation from the thrown cubes; the cards fished out are its truth set, \"the largest set of cards for which the statement … is true\" (8.4)".into(),
            _ => format!(
                "the two color cubes are placed one on either side of the {} (\"interpreted as described in section 4.2-A\")",
                self.idea.face_up().map(|s| s.canonical()).unwrap_or_default()
            ),
        };
        let procedure = match self.family {
            Family::Fish => format!("The first player places six cards face up. The player to his left throws; {name_it}, and he takes every face-up card it fishes out and keeps it face down. The first player deals enough cards to show six again, and the next player to the left throws, until the deck is used up; then play goes on until no cards are left on the table. The player with the most cards wins; a numeral-cube throw breaks a tie. Alternate scoring (`--first-to-31`): each round's cards are its score, the deal moves to the left, and the first player with 31 points at the end of a round wins."),
            Family::Out => format!("The dealer turns up seven cards in front of his opponent and seven in front of himself; {} The players throw in turn, the non-dealer first; {name_it}, and the thrower turns down his own cards that it fishes out. The first player with all his cards turned down wins.", match self.deck().len() { 14 => "no card is left over.", 15 => "the extra card goes face down by the dealer.", _ => "the extra card goes face down by the dealer and the sixteenth is set aside unseen." }),
            Family::Squad => format!("Each team places six cards face up. The teacher throws and announces the Set-Name ({name_it}); every team turns down its cards that it fishes out and deals again up to six; with its deck used up a team plays on without dealing. The first team to get rid of all the cards in front of it — its deck used up, or all six removed by one throw — wins the round. Tied teams play a sudden-death round with six cards each: the team getting more cards out on a throw wins."),
            Family::Sets if matches!(self.idea, Idea::Eq | Idea::Inc) => format!("The first player deals six cards face up. The player to his left throws the numeral and the other cubes. If he can build a statement ({name_it}) whose truth set among the face-up cards has precisely the number on one numeral cube, he sets that numeral as the Goal and takes those cards; he deals replacements and the player to his left throws. Play ends when the table and the deck are empty; the most cards wins, and tied players play six-card sudden-death play-offs: each deals himself six fresh cards and throws once; whoever takes the most cards wins."),
            Family::Sets => format!("The first player deals six cards face up. The player to his left throws the numeral and the other cubes. If he can find a Set-Name ({name_it}) that fishes out precisely the number on one numeral cube, he sets that numeral as the Goal and the Set-Name to the left of the \"=\" and takes the cards; he deals replacements and the player to his left throws. Play ends when the table and the deck are empty; the most cards wins, and tied players play six-card sudden-death play-offs: each deals himself six fresh cards and throws once; whoever takes the most cards wins."),
        };
        let judged = match self.family {
            Family::Sets if matches!(self.idea, Idea::Eq | Idea::Inc) => "The player enters a Goal (a thrown numeral) and a statement with the face-up relation from the thrown cubes. The software reads it with onsets-core and accepts the claim only if the number of face-up cards that make it true equals the Goal; a claim that does not fit passes the turn without cards, and the software shows a fitting statement if there was one. A player may pass.".to_string(),
            Family::Sets => "The player enters a Goal (a thrown numeral) and a Set-Name of the game's form from the thrown cubes. The software reads the Set-Name with onsets-core, counts the face-up cards it fishes out and accepts the claim only if that count equals the Goal; a claim that does not fit passes the turn without cards, and the software shows a combination that would have fitted if there was one. A player may pass (the software says whether some combination fitted).".to_string(),
            _ => "The thrower enters the Set-Name (or statement) built from the throw and the cards it fishes out (in SQUAD, each team its own). The software checks the Set-Name is of the game's form and uses only the thrown cubes, and judges the cards against what onsets-core computes: right, they are taken, turned down or removed as the game says; wrong, nothing changes and the student looks again (the software names the typed cards that do not belong and says how many are missing, never which). It never lists the cards first.".into(),
        };
        let mut notes = vec![
            "Cube faces are not listed in the manual (M69 2.1); the project's faces are used: color cubes red, blue, green, orange; red-symbol ∪ ∩ − ′; numerals 1 1 2 3 4 5 (editions.md Q16).".to_string(),
            "The cube symbols are B R G O (orange is O; a `Y` typed is read as O, the notation's letter for the fourth color).".to_string(),
        ];
        match self.idea {
            Idea::Comp if self.family != Family::Sets => notes.push("The COMP games are the cup games with ′ face up (M69 8.3), so two color cubes are thrown; the manual does not say how two colors go with the unary ′: the thrower puts the prime after the color he chooses (X′ or Y′; docs/rulings.md). The blank card stays in the deck (M69 8.3).".into()),
            Idea::Comp => notes.push("The blank card stays in the deck (M69 8.3).".into()),
            Idea::Eq | Idea::Inc => notes.push("The statement games are described only by their differences from the cup games (8.4); the blank card is kept in because the thrown red-symbol cubes may show ′ (editions.md Q29). A statement is one relation between two Set-Names (§4.3-B).".into()),
            Idea::Cube if self.family == Family::Fish => notes.push("The alternate method of scoring (M69 8.1-A) is played with `--first-to-31` in the terminal (`first_to_31` on the server): a round is one deck played out; ties at 31 or more are broken by numeral-cube throws.".into()),
            _ => {}
        }
        if self.idea == Idea::Inc && self.family == Family::Sets {
            notes.push("The manual prints this title as \"INK SETS\" (8.4); `inc-sets` and `ink-sets` both find it.".into());
        }
        if self.family == Family::Sets {
            notes.push("When no combination fits the throw the turn passes to the left without cards (editions.md Q29).".into());
            notes.push("A tie for most cards is settled by \"six-card sudden-death play-offs between the winners with each one rolling a cube\" (M69 8.1-D): each tied player in turn gets six fresh cards and one throw; the most cards taken wins, and those still tied play again (docs/rulings.md).".into());
        }
        if matches!(self.idea, Idea::Diff | Idea::Comp) {
            notes.push("No X − Y and no X′ fishes out the card with all four dots, so it is left out of the deck, as the §8 preamble leaves the blank card out of the games that cannot fish it (docs/rulings.md).".into());
        }
        if self.family == Family::Out && self.deck().len() == 16 {
            notes.push("One extra card goes face down by the dealer, as the manual says (M69 8.1-B); with the blank card in, the sixteenth card is set aside unseen.".into());
        }
        if self.section() == "8.3" || self.section() == "8.4" {
            notes.push(format!("The manual gives these games as variants of the cup games (M69 {}); the procedure above is the cup game's with the changes it names.", self.section()));
        }
        Description {
            number: self.number(),
            id: self.id(),
            title,
            section: self.section(),
            idea: self.idea,
            family: self.family,
            teaches,
            players,
            materials,
            procedure,
            judged,
            notes,
        }
    }
}

/// What a player does.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum IntroAct {
    /// FISH, OUT, SQUAD: the Set-Name (or statement) built from the throw,
    /// and the cards the student finds it fishes out (1969 letters, e.g.
    /// `BG RG blank`, or `none`): one entry in FISH and OUT, one per team in
    /// SQUAD. The software judges them; it never lists them first.
    Name {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<String>>,
    },
    /// SETS: a Goal (a thrown numeral) and the Set-Name that fishes it out.
    Claim { goal: u8, text: String },
    /// SETS: no claim this turn.
    Pass,
}

/// Why an act is refused (the state is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum IntroError {
    #[error("the game is over")]
    Over,
    #[error("{game} is played by {expected}; this act belongs to another game")]
    WrongAct { game: String, expected: String },
    #[error("{goal} is not on a thrown numeral cube (thrown: {thrown})")]
    NotThrown { goal: u8, thrown: String },
    #[error("{0}")]
    Name(NameError),
    /// FISH, OUT and SQUAD: the cards fished out must be named by the student.
    #[error("field `cards`: name the cards {text} fishes out{whose} (e.g. `BG RG`, or `none`)")]
    CardsMissing { text: String, whose: String },
    /// A typed card that is not a card, or not face up where it was looked for.
    #[error("field `cards`: {message}")]
    Cards { message: String },
}

/// What the last act did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The seat (player or team index) that acted, or `None` for the
    /// teacher's throw in a SQUAD game.
    pub seat: Option<usize>,
    pub text: String,
    /// Cards fished out, per seat whose cards were looked at (1969 names).
    pub fished: Vec<String>,
    pub correct: bool,
    pub message: String,
}

/// The state of a game being played.
#[derive(Debug)]
pub struct Intro {
    game: IntroGame,
    seats: usize,
    dice: Dice,
    /// Undealt cards: one deck (FISH, SETS, OUT's extra cards), or one per team (SQUAD).
    decks: Vec<Vec<Card>>,
    /// Face-up cards: one table (FISH, SETS) or one per seat (OUT, SQUAD).
    tables: Vec<Vec<Card>>,
    /// Cards turned down per seat.
    won: Vec<Vec<Card>>,
    turn: usize,
    throw: Vec<Symbol>,
    turns: u32,
    winners: Vec<usize>,
    /// SQUAD's and SETS's sudden-death play-off: the tied seats.
    playoff: Vec<usize>,
    /// SETS play-off: cards each tied player took in this play-off round.
    playoff_taken: Vec<u32>,
    /// SETS play-off: which tied player throws (index into `playoff`).
    playoff_at: usize,
    /// FISH's alternate scoring (M69 8.1-A): the target (31), if played.
    first_to: Option<u32>,
    /// Alternate scoring: points of the finished rounds, per player.
    totals: Vec<u32>,
    /// Alternate scoring: the dealer of this round; the round's number.
    dealer: usize,
    round: u32,
    /// Answers judged wrong (the student tries again).
    mistakes: u32,
    last: Option<Outcome>,
}

impl Intro {
    /// A new game with `seats` players (teams in SQUAD), dealt and thrown
    /// from `seed`. OUT games always have two players; others at least two
    /// (SQUAD at least one team), at most eight.
    pub fn new(game: IntroGame, seats: usize, seed: u64) -> Intro {
        let seats = match game.family {
            Family::Out => 2,
            // CUBE SQUAD: "Any number can play" (M69 8.1-C); the cup games'
            // SQUAD and its variants: "2 or more" (M69 8.2-C, 8.3, 8.4).
            Family::Squad if game.idea == Idea::Cube => seats.clamp(1, 8),
            _ => seats.clamp(2, 8),
        };
        let mut dice = Dice::new(seed);
        let deal = |dice: &mut Dice| {
            let mut d = game.deck();
            dice.shuffle(&mut d);
            d
        };
        let (decks, tables) = match game.family {
            Family::Fish | Family::Sets => {
                let mut d = deal(&mut dice);
                let t: Vec<Card> = d.drain(..6).collect();
                (vec![d], vec![t])
            }
            Family::Out => {
                let mut d = deal(&mut dice);
                let opponent: Vec<Card> = d.drain(..7).collect();
                let dealer: Vec<Card> = d.drain(..7).collect();
                // Seat 0 deals; "the extra card is placed face down in front
                // of the dealer" (M69 8.1-B): one card; a sixteenth is set aside.
                d.truncate(1);
                (vec![d], vec![dealer, opponent])
            }
            Family::Squad => {
                let mut decks = Vec::new();
                let mut tables = Vec::new();
                for _ in 0..seats {
                    let mut d = deal(&mut dice);
                    tables.push(d.drain(..6).collect());
                    decks.push(d);
                }
                (decks, tables)
            }
        };
        let mut g = Intro {
            game,
            seats,
            dice,
            decks,
            tables,
            won: vec![Vec::new(); seats],
            // The player to the dealer's left (seat 1) throws first; in OUT
            // the non-dealer.
            turn: 1 % seats,
            throw: Vec::new(),
            turns: 0,
            winners: Vec::new(),
            playoff: Vec::new(),
            playoff_taken: Vec::new(),
            playoff_at: 0,
            first_to: None,
            totals: vec![0; seats],
            dealer: 0,
            round: 1,
            mistakes: 0,
            last: None,
        };
        g.roll();
        g
    }

    /// Checks a Set-Name (or statement) typed for this throw — its form and
    /// its cubes — before the student is asked for the cards.
    pub fn check_naming(&self, text: &str) -> Result<(), IntroError> {
        self.read(text, CardSet::ALL)
            .map(|_| ())
            .map_err(IntroError::Name)
    }

    /// A FISH game with the alternate method of scoring (M69 8.1-A): each
    /// round's cards are its score, the deal moves to the left, and the first
    /// player with 31 points at the end of a round wins (ties: numeral-cube
    /// throws). `None` for the other families.
    pub fn first_to_31(game: IntroGame, seats: usize, seed: u64) -> Option<Intro> {
        if game.family != Family::Fish {
            return None;
        }
        let mut g = Intro::new(game, seats, seed);
        g.first_to = Some(31);
        Some(g)
    }

    /// Points of the finished rounds (alternate scoring), if played.
    pub fn totals(&self) -> Option<&[u32]> {
        self.first_to.map(|_| self.totals.as_slice())
    }
    /// The round being played (alternate scoring: 1, 2, …).
    pub fn round(&self) -> u32 {
        self.round
    }
    /// The tied seats of a sudden-death play-off being played, if any.
    pub fn playoff(&self) -> &[usize] {
        &self.playoff
    }
    /// Answers judged wrong so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    pub fn game(&self) -> IntroGame {
        self.game
    }
    pub fn seats(&self) -> usize {
        self.seats
    }
    /// Whose turn it is (FISH, OUT, SETS); SQUAD's throws are the teacher's.
    pub fn turn(&self) -> Option<usize> {
        (self.game.family != Family::Squad).then_some(self.turn)
    }
    pub fn throw(&self) -> &[Symbol] {
        &self.throw
    }
    pub fn is_over(&self) -> bool {
        !self.winners.is_empty()
    }
    pub fn winners(&self) -> &[usize] {
        &self.winners
    }
    pub fn last(&self) -> Option<&Outcome> {
        self.last.as_ref()
    }
    /// Face-up cards of each table.
    pub fn tables(&self) -> &[Vec<Card>] {
        &self.tables
    }
    /// Cards each seat has turned down.
    pub fn won(&self) -> &[Vec<Card>] {
        &self.won
    }
    /// How many throws have been made.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    fn roll(&mut self) {
        self.throw = self.dice.throw_all(&self.game.shaking_set());
        self.turns += 1;
    }

    /// The cubes that may be written: the throw (without numerals) and the
    /// face-up cube.
    fn writable(&self) -> Vec<Symbol> {
        let mut c: Vec<Symbol> = self
            .throw
            .iter()
            .copied()
            .filter(|s| !s.is_digit())
            .collect();
        if let Some(f) = self.game.idea.face_up() {
            c.push(f);
        }
        c
    }

    fn set_of(cards: &[Card]) -> CardSet {
        cards.iter().fold(CardSet::EMPTY, |s, c| s.with(*c))
    }

    /// Reads `text` against the cards `cards` as this game's form.
    fn read(&self, text: &str, cards: CardSet) -> Result<CardSet, NameError> {
        let r = naming::read(text, self.game.form(), &self.writable(), cards)?;
        self.game.check_shape(&r.symbols)?;
        Ok(r.fished)
    }

    /// Namings the throw allows, each with the cards it fishes out of
    /// `cards`, for the SETS games' hints and the tests; the FISH, OUT and
    /// SQUAD screens never show the cards (the student finds them).
    pub fn namings(&self, cards: CardSet) -> Vec<(String, CardSet)> {
        let colors: Vec<Symbol> = self
            .throw
            .iter()
            .copied()
            .filter(|s| matches!(s, Symbol::Color(_)))
            .collect();
        let mut out: Vec<(String, CardSet)> = Vec::new();
        let add = |text: String, out: &mut Vec<(String, CardSet)>| {
            if out.iter().all(|(t, _)| *t != text) {
                if let Ok(f) = self.read(&text, cards) {
                    out.push((text, f));
                }
            }
        };
        match self.game.idea {
            Idea::Cube => colors
                .iter()
                .for_each(|c| add(kit::symbol_name(*c), &mut out)),
            Idea::Comp => colors
                .iter()
                .for_each(|c| add(format!("{}′", kit::symbol_name(*c)), &mut out)),
            Idea::Cup | Idea::Cap | Idea::Diff => {
                let op = self
                    .game
                    .idea
                    .face_up()
                    .map(|s| s.canonical())
                    .unwrap_or_default();
                for (i, a) in colors.iter().enumerate() {
                    for (j, b) in colors.iter().enumerate() {
                        if i != j {
                            add(
                                format!("{} {op} {}", kit::symbol_name(*a), kit::symbol_name(*b)),
                                &mut out,
                            );
                        }
                    }
                }
            }
            Idea::Eq | Idea::Inc => {
                let mut names = Names::new(&self.writable(), cards);
                for f in names.all_statements() {
                    let t = kit::from_notation(&f.text);
                    if self.read(&t, cards).is_ok() {
                        out.push((t, f.cards));
                    }
                }
                // Shortest first, then by text: never by how many cards
                // they fish out (the student finds the cards).
                out.sort_by(|(a, _), (b, _)| {
                    a.chars().count().cmp(&b.chars().count()).then(a.cmp(b))
                });
            }
        }
        out
    }

    /// A correct claim for the current SETS throw, if any: (Goal, Set-Name).
    pub fn fitting_claim(&self) -> Option<(u8, String)> {
        let cards = Self::set_of(&self.tables[0]);
        let goals: Vec<u8> = self
            .throw
            .iter()
            .filter_map(|s| match s {
                Symbol::Digit(d) => Some(*d),
                _ => None,
            })
            .collect();
        self.namings(cards).into_iter().find_map(|(t, f)| {
            goals
                .iter()
                .find(|g| f.len() == **g as u32)
                .map(|g| (*g, t))
        })
    }

    /// Applies one act. A refused act leaves the game as it was.
    pub fn act(&mut self, act: &IntroAct) -> Result<(), IntroError> {
        if self.is_over() {
            return Err(IntroError::Over);
        }
        match (self.game.family, act) {
            (Family::Sets, IntroAct::Claim { goal, text }) => self.claim(*goal, text),
            (Family::Sets, IntroAct::Pass) if !self.playoff.is_empty() => {
                self.last = Some(Outcome {
                    seat: Some(self.turn),
                    text: "pass".into(),
                    fished: Vec::new(),
                    correct: true,
                    message: "Passed: no cards in this play-off throw.".into(),
                });
                self.playoff_next(0);
                Ok(())
            }
            (Family::Sets, IntroAct::Pass) => {
                let hint = self.fitting_claim();
                let message = match &hint {
                    Some((g, t)) => format!("Passed. {t} would have fished out {g} card(s)."),
                    None => "Passed: no combination fitted this throw.".into(),
                };
                self.last = Some(Outcome {
                    seat: Some(self.turn),
                    text: "pass".into(),
                    fished: Vec::new(),
                    correct: hint.is_none(),
                    message,
                });
                self.next_turn();
                Ok(())
            }
            (Family::Sets, _) => Err(IntroError::WrongAct {
                game: self.game.title(),
                expected: "a claim (Goal and Set-Name) or a pass".into(),
            }),
            (_, IntroAct::Name { text, cards }) => self.name(text, cards.as_deref()),
            (_, _) => Err(IntroError::WrongAct {
                game: self.game.title(),
                expected: "naming the set the throw makes".into(),
            }),
        }
    }

    fn claim(&mut self, goal: u8, text: &str) -> Result<(), IntroError> {
        if !self.throw.contains(&Symbol::Digit(goal)) {
            return Err(IntroError::NotThrown {
                goal,
                thrown: self
                    .throw
                    .iter()
                    .filter(|s| s.is_digit())
                    .map(|s| s.canonical())
                    .collect::<Vec<_>>()
                    .join(" "),
            });
        }
        let cards = Self::set_of(&self.tables[0]);
        let fished = self.read(text, cards).map_err(IntroError::Name)?;
        let seat = self.turn;
        if !self.playoff.is_empty() {
            let fits = fished.len() == goal as u32;
            self.last = Some(Outcome {
                seat: Some(seat),
                text: text.trim().to_string(),
                fished: vec![kit::cards_name(fished)],
                correct: fits,
                message: if fits {
                    format!(
                        "Num({}) = {goal}: correct; {goal} card(s) in this play-off throw.",
                        text.trim()
                    )
                } else {
                    format!(
                        "{} fishes out {} card(s), not {goal}: no cards in this play-off throw.",
                        text.trim(),
                        fished.len()
                    )
                },
            });
            self.playoff_next(if fits { goal as u32 } else { 0 });
            return Ok(());
        }
        if fished.len() == goal as u32 {
            self.take(0, seat, fished);
            self.last = Some(Outcome {
                seat: Some(seat),
                text: text.trim().to_string(),
                fished: vec![kit::cards_name(fished)],
                correct: true,
                message: format!(
                    "Num({}) = {goal}: correct; {} card(s) taken.",
                    text.trim(),
                    goal
                ),
            });
            self.refill(0);
        } else {
            let hint = self.fitting_claim();
            self.last = Some(Outcome {
                seat: Some(seat),
                text: text.trim().to_string(),
                fished: vec![kit::cards_name(fished)],
                correct: false,
                message: format!(
                    "{} fishes out {} card(s) ({}), not {goal}: no cards this turn.{}",
                    text.trim(),
                    fished.len(),
                    kit::cards_name(fished),
                    match hint {
                        Some((g, t)) => format!(" {t} would have fished out {g}."),
                        None => " No combination fitted this throw.".into(),
                    }
                ),
            });
        }
        self.next_turn();
        Ok(())
    }

    /// The cards the student typed for seat `i`'s look (FISH, OUT: one
    /// entry; SQUAD: one per team), read against the face-up cards `table`.
    fn typed_cards(
        &self,
        text: &str,
        cards: Option<&[String]>,
        i: usize,
        table: CardSet,
    ) -> Result<CardSet, IntroError> {
        let whose = if self.game.family == Family::Squad {
            format!(" for team {}", i + 1)
        } else {
            String::new()
        };
        let missing = || IntroError::CardsMissing {
            text: text.trim().to_string(),
            whose: whose.clone(),
        };
        let typed = cards.and_then(|c| c.get(i)).ok_or_else(missing)?;
        parse_cards(typed, table).map_err(|message| IntroError::Cards {
            message: format!("{message}{whose}"),
        })
    }

    /// Why the student's cards are not the cards fished out, without
    /// naming the ones missed (the student looks again).
    fn wrong_cards(text: &str, typed: CardSet, fished: CardSet) -> Option<String> {
        if typed == fished {
            return None;
        }
        let extra = typed.difference(fished);
        let missed = fished.difference(typed).len();
        let mut m = String::new();
        if !extra.is_empty() {
            m.push_str(&format!(
                "{} {} not fished out by {text}",
                kit::cards_name(extra),
                if extra.len() == 1 { "is" } else { "are" }
            ));
        }
        if missed > 0 {
            if !m.is_empty() {
                m.push_str("; ");
            }
            m.push_str(&format!(
                "{missed} card{} it fishes out {} missing",
                if missed == 1 { "" } else { "s" },
                if missed == 1 { "is" } else { "are" }
            ));
        }
        Some(m)
    }

    /// Records an answer judged wrong: nothing else changes, the same
    /// player (or the teacher) answers again.
    fn record_wrong(&mut self, seat: Option<usize>, text: &str, why: &str) {
        self.mistakes += 1;
        self.last = Some(Outcome {
            seat,
            text: text.trim().into(),
            fished: Vec::new(),
            correct: false,
            message: format!("Not quite: {why}. Look again and type the cards."),
        });
    }

    fn name(&mut self, text: &str, cards: Option<&[String]>) -> Result<(), IntroError> {
        match self.game.family {
            Family::Fish => {
                let table = Self::set_of(&self.tables[0]);
                let fished = self.read(text, table).map_err(IntroError::Name)?;
                let typed = self.typed_cards(text, cards, 0, table)?;
                let seat = self.turn;
                if let Some(why) = Self::wrong_cards(text.trim(), typed, fished) {
                    self.record_wrong(Some(seat), text, &why);
                    return Ok(());
                }
                self.take(0, seat, fished);
                self.refill(0);
                self.last = Some(Outcome {
                    seat: Some(seat),
                    text: text.trim().into(),
                    fished: vec![kit::cards_name(fished)],
                    correct: true,
                    message: format!(
                        "Right: {} fishes out {} card(s).",
                        text.trim(),
                        fished.len()
                    ),
                });
                if self.decks[0].is_empty() && self.stuck(0) {
                    self.end_fish_round();
                } else {
                    self.next_turn();
                }
            }
            Family::Out => {
                let seat = self.turn;
                let table = Self::set_of(&self.tables[seat]);
                let fished = self.read(text, table).map_err(IntroError::Name)?;
                let typed = self.typed_cards(text, cards, 0, table)?;
                if let Some(why) = Self::wrong_cards(text.trim(), typed, fished) {
                    self.record_wrong(Some(seat), text, &why);
                    return Ok(());
                }
                self.take(seat, seat, fished);
                self.last = Some(Outcome {
                    seat: Some(seat),
                    text: text.trim().into(),
                    fished: vec![kit::cards_name(fished)],
                    correct: true,
                    message: format!(
                        "Right: {} turns down {} card(s).",
                        text.trim(),
                        fished.len()
                    ),
                });
                if self.tables[seat].is_empty() {
                    self.winners = vec![seat];
                } else if self.stuck(0) && self.stuck(1) {
                    // Neither player can turn down another card: fewer left wins.
                    self.finish_by_fewest(&[0, 1]);
                } else {
                    self.next_turn();
                }
            }
            Family::Squad => self.squad_name(text, cards)?,
            Family::Sets => {
                return Err(IntroError::WrongAct {
                    game: self.game.title(),
                    expected: "a claim (Goal and Set-Name) or a pass".into(),
                })
            }
        }
        Ok(())
    }

    fn squad_name(&mut self, text: &str, cards: Option<&[String]>) -> Result<(), IntroError> {
        // Check the Set-Name and every team's answer before touching any table.
        self.read(text, CardSet::ALL).map_err(IntroError::Name)?;
        let teams: Vec<usize> = if self.playoff.is_empty() {
            (0..self.seats).collect()
        } else {
            self.playoff.clone()
        };
        let mut found = Vec::new();
        let mut wrong = Vec::new();
        for &t in &teams {
            let table = Self::set_of(&self.tables[t]);
            let f = self.read(text, table).map_err(IntroError::Name)?;
            let typed = self.typed_cards(text, cards, t, table)?;
            if let Some(why) = Self::wrong_cards(text.trim(), typed, f) {
                wrong.push(format!("team {}: {why}", t + 1));
            }
            found.push(f);
        }
        if !wrong.is_empty() {
            self.record_wrong(None, text, &wrong.join("; "));
            return Ok(());
        }
        let mut fished_words = Vec::new();
        let mut counts = Vec::new();
        for (&t, &f) in teams.iter().zip(&found) {
            self.take(t, t, f);
            fished_words.push(kit::cards_name(f));
            counts.push(f.len());
        }
        let mut message = format!("{} is thrown.", text.trim());
        if !self.playoff.is_empty() {
            let best = counts.iter().copied().max().unwrap_or(0);
            let top: Vec<usize> = teams
                .iter()
                .zip(&counts)
                .filter(|(_, c)| **c == best)
                .map(|(t, _)| *t)
                .collect();
            if top.len() == 1 {
                self.winners = top;
                message.push_str(" The sudden-death round is decided.");
            } else {
                message.push_str(" Still tied: another sudden-death throw.");
                self.playoff_deal(&top);
            }
        } else {
            let cleared: Vec<usize> = teams
                .iter()
                .copied()
                .filter(|t| self.tables[*t].is_empty())
                .collect();
            for &t in &teams {
                self.refill(t);
            }
            let all_stuck = teams
                .iter()
                .all(|t| self.decks[*t].is_empty() && self.stuck(*t));
            match cleared.len() {
                0 if all_stuck => self.finish_by_fewest(&teams),
                0 => {}
                1 => self.winners = cleared,
                _ => {
                    message.push_str(" Several teams cleared their cards: a sudden-death round with six cards each.");
                    self.playoff_deal(&cleared);
                }
            }
        }
        self.last = Some(Outcome {
            seat: None,
            text: text.trim().into(),
            fished: fished_words,
            correct: true,
            message,
        });
        if !self.is_over() {
            self.roll();
        }
        Ok(())
    }

    fn playoff_deal(&mut self, teams: &[usize]) {
        self.playoff = teams.to_vec();
        for &t in teams {
            let mut d = self.game.deck();
            self.dice.shuffle(&mut d);
            self.tables[t] = d.drain(..6).collect();
            self.decks[t] = Vec::new();
        }
    }

    /// Moves the fished cards of table `table` to seat `seat`'s pile.
    fn take(&mut self, table: usize, seat: usize, fished: CardSet) {
        let (gone, stay): (Vec<Card>, Vec<Card>) = self.tables[table]
            .iter()
            .partition(|c| fished.contains(**c));
        self.tables[table] = stay;
        self.won[seat].extend(gone);
    }

    fn refill(&mut self, table: usize) {
        let deck = if self.decks.len() > table { table } else { 0 };
        while self.tables[table].len() < 6 {
            match self.decks[deck].pop() {
                Some(c) => self.tables[table].push(c),
                None => break,
            }
        }
    }

    fn next_turn(&mut self) {
        if self.game.family == Family::Sets && self.decks[0].is_empty() && self.stuck(0) {
            self.end_sets();
            return;
        }
        self.turn = (self.turn + 1) % self.seats;
        self.roll();
    }

    /// Whether no throw can fish out any face-up card of table `t` (an
    /// empty table included).
    fn stuck(&self, t: usize) -> bool {
        self.tables[t].iter().all(|c| !self.game.idea.can_fish(*c))
    }

    /// The seats among `seats` with the fewest face-up cards win (a game
    /// that cannot go on, docs/rulings.md).
    fn finish_by_fewest(&mut self, seats: &[usize]) {
        let fewest = seats
            .iter()
            .map(|s| self.tables[*s].len())
            .min()
            .unwrap_or(0);
        self.winners = seats
            .iter()
            .copied()
            .filter(|s| self.tables[*s].len() == fewest)
            .collect();
    }

    /// The end of a FISH round: most cards wins (ties: numeral-cube throws,
    /// M69 8.1-A); with the alternate scoring the round's cards are added to
    /// the totals and a new round is dealt by the next player to the left
    /// until someone has 31 at the end of a round (M69 8.1-A).
    fn end_fish_round(&mut self) {
        let round: Vec<u32> = self.won.iter().map(|w| w.len() as u32).collect();
        let Some(target) = self.first_to else {
            self.finish_by_numeral(&round);
            return;
        };
        for (t, r) in self.totals.iter_mut().zip(&round) {
            *t += r;
        }
        if self.totals.iter().any(|t| *t >= target) {
            let totals = self.totals.clone();
            self.finish_by_numeral(&totals);
            return;
        }
        self.round += 1;
        self.dealer = (self.dealer + 1) % self.seats;
        let mut d = self.game.deck();
        self.dice.shuffle(&mut d);
        self.tables[0] = d.drain(..6).collect();
        self.decks[0] = d;
        self.won = vec![Vec::new(); self.seats];
        self.turn = (self.dealer + 1) % self.seats;
        self.roll();
    }

    /// The end of a SETS game: most cards wins; tied players play six-card
    /// sudden-death play-offs (M69 8.1-D).
    fn end_sets(&mut self) {
        let best = self.won.iter().map(Vec::len).max().unwrap_or(0);
        let tied: Vec<usize> = (0..self.seats)
            .filter(|s| self.won[*s].len() == best)
            .collect();
        if tied.len() == 1 {
            self.winners = tied;
        } else {
            self.start_playoff(tied);
        }
    }

    /// A SETS play-off round among `tied`: each in turn gets six fresh cards
    /// and one throw (M69 8.1-D, docs/rulings.md).
    fn start_playoff(&mut self, tied: Vec<usize>) {
        self.playoff_taken = vec![0; tied.len()];
        self.playoff = tied;
        self.playoff_at = 0;
        self.playoff_throw();
    }

    fn playoff_throw(&mut self) {
        let mut d = self.game.deck();
        self.dice.shuffle(&mut d);
        self.tables[0] = d.drain(..6).collect();
        self.decks[0] = Vec::new();
        self.turn = self.playoff[self.playoff_at];
        self.roll();
    }

    /// Records a play-off throw's cards and moves to the next tied player,
    /// or decides the round.
    fn playoff_next(&mut self, taken: u32) {
        self.playoff_taken[self.playoff_at] = taken;
        self.playoff_at += 1;
        if self.playoff_at < self.playoff.len() {
            self.playoff_throw();
            return;
        }
        let best = self.playoff_taken.iter().copied().max().unwrap_or(0);
        let top: Vec<usize> = self
            .playoff
            .iter()
            .zip(&self.playoff_taken)
            .filter(|(_, t)| **t == best)
            .map(|(s, _)| *s)
            .collect();
        if top.len() == 1 {
            self.winners = top;
        } else {
            self.start_playoff(top);
        }
    }

    /// The highest score wins; ties are broken by numeral-cube throws
    /// (M69 8.1-A), each tied player throwing until one is highest.
    fn finish_by_numeral(&mut self, scores: &[u32]) {
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut tied: Vec<usize> = (0..self.seats).filter(|s| scores[*s] == best).collect();
        while tied.len() > 1 {
            let rolls: Vec<u8> = tied
                .iter()
                .map(|_| match self.dice.throw(CubeKind::Numeral) {
                    Symbol::Digit(d) => d,
                    _ => 0,
                })
                .collect();
            let top = rolls.iter().copied().max().unwrap_or(0);
            tied = tied
                .iter()
                .zip(&rolls)
                .filter(|(_, r)| **r == top)
                .map(|(s, _)| *s)
                .collect();
        }
        self.winners = tied;
    }

    /// The namings the throw allows, for a menu (FISH, OUT and SQUAD games
    /// other than the statement games, whose statements are typed).
    pub fn options(&self) -> Vec<String> {
        if self.is_over()
            || self.game.family == Family::Sets
            || matches!(self.game.idea, Idea::Eq | Idea::Inc)
        {
            return Vec::new();
        }
        let t = match self.game.family {
            Family::Out => self.turn,
            _ => 0,
        };
        self.namings(Self::set_of(&self.tables[t]))
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    /// The state as JSON for the browser and the server (1969 letters).
    pub fn view(&self) -> serde_json::Value {
        serde_json::json!({
            "kind": "intro",
            "game": self.game.describe(),
            "seats": self.seats,
            "turn": self.turn(),
            "throw": self.throw.iter().map(|s| kit::symbol_name(*s)).collect::<Vec<_>>(),
            "face_up": self.game.idea.face_up().map(kit::symbol_name),
            "tables": self.tables.iter().map(|t| t.iter().map(|c| kit::card_name(*c)).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "decks": self.decks.iter().map(Vec::len).collect::<Vec<_>>(),
            "won": self.won.iter().map(Vec::len).collect::<Vec<_>>(),
            "playoff": self.playoff,
            "totals": self.totals(),
            "round": self.round,
            "mistakes": self.mistakes,
            "last": self.last,
            "over": self.is_over(),
            "winners": self.winners,
            "throws": self.turns,
            "options": self.options(),
        })
    }
}

/// Reads the cards a student typed (1969 letters, any order: `BG RG
/// blank`; `none` for no card), each one face up in `table`.
pub fn parse_cards(text: &str, table: CardSet) -> Result<CardSet, String> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") {
        return Ok(CardSet::EMPTY);
    }
    let mut set = CardSet::EMPTY;
    for word in t.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        let card = Card::parse(&kit::to_notation(word)).map_err(|_| {
            format!(
                "`{word}` is not a card: write a card by its dots, B R G O (e.g. `BG`), or `blank`"
            )
        })?;
        if !table.contains(card) {
            return Err(format!("{} is not face up here", kit::card_name(card)));
        }
        set = set.with(card);
    }
    Ok(set)
}

#[cfg(test)]
mod tests;
