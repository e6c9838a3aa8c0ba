//! The data of a match: configuration, actions, events, rejections and the
//! state pieces. Everything here is serde-serializable so a match is a JSON
//! log (see `docs/engine.md`).

use onsets_core::{Division, Edition, Goal, GoalDigit, GoalLayout, Rule, Section, Symbol};
use serde::{Deserialize, Serialize};

/// Serde helpers for core types that are not themselves serde types.
pub(crate) mod serde_util {
    use onsets_core::{Division, Symbol};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn ser_division<S: Serializer>(d: &Division, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(d.name())
    }
    pub fn de_division<'de, D: Deserializer<'de>>(d: D) -> Result<Division, D::Error> {
        let t = String::deserialize(d)?;
        t.parse().map_err(serde::de::Error::custom)
    }
    /// The rule edition of a match header, as the two fields of a position
    /// (notation.md): `"edition"` (absent for 2026-27) and, for 1969,
    /// `"form"`.
    pub mod edition_fields {
        use onsets_core::Edition;
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        #[derive(Serialize, Deserialize, Default)]
        struct Fields {
            #[serde(default, skip_serializing_if = "Option::is_none")]
            edition: Option<String>,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            form: Option<String>,
        }

        pub fn serialize<S: Serializer>(e: &Edition, s: S) -> Result<S::Ok, S::Error> {
            let fields = if *e == Edition::default() {
                Fields::default()
            } else {
                Fields {
                    edition: Some(e.name().to_string()),
                    form: e.form().map(|f| f.name().to_string()),
                }
            };
            fields.serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Edition, D::Error> {
            let f = Fields::deserialize(d)?;
            match (f.edition, f.form) {
                (None, None) => Ok(Edition::default()),
                (None, Some(_)) => Err(serde::de::Error::custom(
                    "`form` belongs to the 1969 edition only",
                )),
                (Some(e), form) => {
                    Edition::from_parts(&e, form.as_deref()).map_err(serde::de::Error::custom)
                }
            }
        }
    }
    pub fn ser_symbol<S: Serializer>(x: &Symbol, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&x.canonical())
    }
    pub fn de_symbol<'de, D: Deserializer<'de>>(d: D) -> Result<Symbol, D::Error> {
        let t = String::deserialize(d)?;
        Symbol::parse(&t).map_err(|e| serde::de::Error::custom(e.to_string()))
    }
}

/// How presented Solutions are checked (VII-C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CheckingMode {
    /// The engine rules on every Solution with the exact checker, as a judge
    /// asked under VII-C-6 would.
    #[default]
    Judge,
    /// The opponents accept or object (VII-C-4, VII-C-5); a Solution stands
    /// unless an objection is upheld. Objections are ruled on with the checker.
    Players,
}

/// The header line of a match log: everything that fixes a match besides its
/// actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchConfig {
    /// Seed of the ChaCha8 generator that rolls the cubes and shuffles the cards.
    /// Absent from a log read while its match is played (docs/security/hidden.md):
    /// [`MatchConfig::seed_withheld`] is then set and the seed reads as 0.
    #[serde(default)]
    pub seed: u64,
    /// Two or three players, in seating order: the player to the left of
    /// player `i` is player `i + 1` (mod n) (IV-A: play goes to the left).
    pub players: Vec<String>,
    #[serde(
        serialize_with = "serde_util::ser_division",
        deserialize_with = "serde_util::de_division"
    )]
    pub division: Division,
    /// Adventurous On-Sets (variations, II-C) or Basic On-Sets.
    pub adventurous: bool,
    /// The rule edition (`"edition"` and, for 1969, `"form"` in the header;
    /// absent means 2026-27, so older logs read as before).
    #[serde(flatten, with = "serde_util::edition_fields")]
    pub edition: Edition,
    /// Length of the round in ms (XI-B: 30 minutes).
    #[serde(default = "default_round")]
    pub round_ms: u64,
    #[serde(default)]
    pub checking: CheckingMode,
    /// When true the engine itself points out every illegal procedure the
    /// moment it happens (a judge standing at the table): it is charged and
    /// corrected at once and never insulated.
    #[serde(default)]
    pub auto_charge: bool,
    /// Players not at the table when the match starts (X-D); they join with
    /// [`Act::Arrive`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<usize>,
    /// Fixed faces, deals and first Goal-setter instead of the generator's
    /// (for scenarios written by hand, e.g. from the judges' manual).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Dice>,
    /// The commitment to the seed published when the match starts:
    /// lowercase hex of SHA-256 over the 32 bytes of `seed_salt` followed by
    /// the seed as 8 bytes big-endian ([`crate::seed_commitment`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_commitment: Option<String>,
    /// The random per-match salt of the commitment (64 hex digits), kept
    /// with the seed and revealed with it once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_salt: Option<String>,
    /// Set by the log's reader ([`crate::read_header`]) when the header has
    /// no `seed`: the log was read while the match was played, and whatever
    /// the generator would draw next is unknown (the seed reads as 0).
    #[serde(skip)]
    pub seed_withheld: bool,
}

/// The `"dice"` of a match header: what the generator would otherwise draw.
/// Shakes beyond the list, and anything a shake leaves out, are drawn from
/// the seeded generator as usual.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Dice {
    /// The first Goal-setter, instead of the lot of I-D.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_setter: Option<usize>,
    /// Shake by shake, in order.
    #[serde(default)]
    pub shakes: Vec<ShakeDice>,
    /// 1969 only: the winners of the coin tosses between simultaneous
    /// Challengers (M69 3.6 comment 2), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coins: Vec<usize>,
}

/// One shake's cubes and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct ShakeDice {
    /// The 18 faces in cube order (3 digit, 8 color, 4 operation, 3
    /// Restriction cubes), separated by spaces: `"1 2 3 B R G Y B R G Y ∪ ∩ − ′ V Λ ="`.
    /// Where the Restriction cubes are set out (II-A-3) the set-out wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<String>,
    /// The top of the deck, in the order dealt: `"B R G BR BG RG"`; the rest
    /// of the deck follows, shuffled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<String>,
}

fn default_round() -> u64 {
    30 * 60_000
}

impl MatchConfig {
    /// A configuration with the tournament defaults (30-minute round, judge
    /// checking, illegal procedure left to the players).
    pub fn new(seed: u64, players: &[&str], division: Division, adventurous: bool) -> Self {
        MatchConfig {
            seed,
            players: players.iter().map(|s| s.to_string()).collect(),
            division,
            adventurous,
            edition: Edition::default(),
            round_ms: default_round(),
            checking: CheckingMode::Judge,
            auto_charge: false,
            absent: Vec::new(),
            dice: None,
            seed_commitment: None,
            seed_salt: None,
            seed_withheld: false,
        }
    }
}

/// A section of the playing mat or Resources (I-B-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Resources,
    Goal,
    Required,
    Permitted,
    Forbidden,
}

impl Place {
    pub fn section(self) -> Section {
        match self {
            Place::Resources => Section::Resources,
            Place::Goal => Section::Goal,
            Place::Required => Section::Required,
            Place::Permitted => Section::Permitted,
            Place::Forbidden => Section::Forbidden,
        }
    }
    pub fn name(self) -> &'static str {
        self.section().name()
    }
}

/// The kind of cube (I-B-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Family {
    Digit,
    Color,
    Operation,
    Restriction,
}

/// One of the 18 physical cubes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cube {
    /// 0–2 digit, 3–10 color, 11–14 operation, 15–17 Restriction cubes.
    pub id: u8,
    pub family: Family,
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    #[serde(
        serialize_with = "serde_util::ser_symbol",
        deserialize_with = "serde_util::de_symbol"
    )]
    pub face: Symbol,
    pub place: Place,
}

/// How the Restriction cubes are set out when they are not rolled
/// (II-A-3, Basic rule I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SetOut {
    TwoUniverseOneEmpty,
    OneUniverseTwoEmpty,
}

/// A Goal as placed on the mat: a legal layout in the notation (`3*2+1`,
/// `~2`, …) or any other placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum GoalSpec {
    Layout(String),
    Illegal {
        digits: Vec<u8>,
        description: String,
    },
}

impl GoalSpec {
    /// The Goal it describes, or why it cannot be read.
    pub fn goal(&self) -> Result<Goal, String> {
        match self {
            GoalSpec::Layout(t) => Goal::parse(t).map_err(|e| e.to_string()),
            GoalSpec::Illegal {
                digits,
                description,
            } => {
                if digits.is_empty()
                    || digits.len() > 3
                    || digits.iter().any(|d| !(1..=5).contains(d))
                {
                    return Err("a Goal has one to three digit cubes showing 1–5 (III-B)".into());
                }
                Ok(Goal::new(GoalLayout::Illegal {
                    digits: digits.iter().map(|d| GoalDigit::new(*d)).collect(),
                    description: description.clone(),
                }))
            }
        }
    }
}

/// The two challenges of V-A, and the "no Goal" challenge of III-D-2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ChallengeKind {
    Now,
    Impossible,
    NoGoal,
}

/// The two players of a challenge a 2019-20 Third Party may agree with
/// (VII-A-3: "whether to agree with the Challenger or the Mover").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Challenger,
    Mover,
}

/// The reasons of VII-C-5 an opponent gives to reject a Solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum Objection {
    /// VII-C-5-a: the Goal has no legal interpretation.
    GoalIllegal,
    /// VII-C-5-b: the Solution equals a value that is not a legal value of the Goal.
    WrongValue,
    /// VII-C-5-c: a grouping of the Solution (written out in full) that does
    /// not equal the Goal.
    Ambiguous { grouping: String },
    /// VII-C-5-d: a symbol or group of symbols has no defined meaning.
    Undefined,
    /// VII-C-5-e: a variation is applied incorrectly or not at all; also the
    /// cube rules of VII-B-4.
    Variation,
}

/// What the players do. Every action carries the match clock `at_ms`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub at_ms: u64,
    #[serde(flatten)]
    pub act: Act,
}

/// The acts of a match (see `docs/engine.md` for who may do each, and when).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Act {
    /// Time passes: expired time limits (XI) and the round's end (XI-B) apply.
    Clock,
    /// The Goal-setter rolls the cubes (II-A); `set_out` is required where the
    /// Restriction cubes are not rolled (Elementary, Basic: II-A-3).
    Roll {
        player: usize,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        set_out: Option<SetOut>,
    },
    /// The dealer deals `count` more cards from the shuffled deck (II-B).
    Deal { player: usize, count: u8 },
    /// A variation selection (II-C), in the notation of `onsets_core::Variation`.
    SelectVariation { player: usize, variation: String },
    /// A player who may pick a second variation (Senior, II-C-3) declines to.
    EndSelection { player: usize },
    /// Move a cube from Resources (IV-B); `bonus` says "Bonus" first (III-C, IV-C).
    Move {
        player: usize,
        cube: u8,
        to: Place,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        bonus: bool,
    },
    /// Shift from Permitted (XIII-A-7): a cube in Permitted to Required or Forbidden.
    Shift { player: usize, cube: u8, to: Place },
    /// The Goal-setter places the Goal and says "Goal" (III-A, III-B).
    /// `unused_to_forbidden` also puts the unused digit cubes in Forbidden (III-B comment, OS-B1).
    SetGoal {
        player: usize,
        goal: GoalSpec,
        #[serde(default = "yes")]
        #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
        unused_to_forbidden: bool,
    },
    /// 2019-20 only (III-B-2-b, c): the Goal-setter places digit cubes in the
    /// Goal section as `goal` without saying "Goal" yet. Every cube already
    /// in the Goal section must be used (III-B-2: "Once a digit cube touches
    /// the Goal section of the mat, it must be used in the Goal"); the
    /// arrangement may be replaced while the time lasts and is the Goal when
    /// the Goal-setter's time runs out (III-B-2-c). Under 2026-27 refused
    /// with `edition`.
    ArrangeGoal { player: usize, goal: GoalSpec },
    /// "no Goal" (III-D).
    DeclareNoGoal { player: usize },
    /// An opponent agrees with "no Goal" (III-D-1).
    AgreeNoGoal { player: usize },
    /// Pick up the challenge block and say Now, Impossible, or challenge "no Goal" (V, III-D-2).
    Challenge { player: usize, kind: ChallengeKind },
    /// Pick up the challenge block without saying anything yet: the player
    /// has 15 seconds to state a valid challenge (XI-A-1-f); silence costs
    /// one point and the challenge is set aside (V-B).
    PickUpBlock { player: usize },
    /// The holder of the block decides not to challenge (V-B: −1).
    PutDownBlock { player: usize },
    /// An absent player arrives at the table (X-D): after the Goal-setter
    /// has rolled they sit out the shake and score −2 for it.
    Arrive { player: usize },
    /// Charge illegal procedure (IX-A) against the latest uncorrected one.
    ChargeIllegalProcedure { player: usize },
    /// After a charge of two cubes moved to Forbidden without "Bonus", the
    /// offender returns one of them to Resources (IV-C comment b).
    ReturnCube { player: usize, cube: u8 },
    /// Present a written Solution (VII-C-2); `goal` is the written Goal after
    /// a "no Goal" challenge (III-D-2).
    Present {
        player: usize,
        solution: String,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        goal: Option<GoalSpec>,
    },
    /// A player who may present says they will not (VII-C-1).
    Decline { player: usize },
    /// 2019-20 only (VII-A-3): the Third Party of a Now or Impossible
    /// challenge declares the side they agree with. Joining the player who
    /// must write means writing (X-A-1: no Solution presented is not
    /// correct); joining the other player means not writing. Under 2026-27
    /// refused with `edition`.
    JoinSide { player: usize, side: Side },
    /// Accept the Solution being checked (VII-C-4).
    Accept { player: usize, writer: usize },
    /// Reject the Solution being checked with a reason of VII-C-5.
    Object {
        player: usize,
        writer: usize,
        #[serde(flatten)]
        objection: Objection,
    },
}

fn yes() -> bool {
    true
}

impl Act {
    /// The acting player, if any.
    pub fn player(&self) -> Option<usize> {
        use Act::*;
        match self {
            Clock => None,
            Roll { player, .. }
            | Deal { player, .. }
            | SelectVariation { player, .. }
            | EndSelection { player }
            | Move { player, .. }
            | Shift { player, .. }
            | SetGoal { player, .. }
            | ArrangeGoal { player, .. }
            | DeclareNoGoal { player }
            | AgreeNoGoal { player }
            | Challenge { player, .. }
            | PickUpBlock { player }
            | PutDownBlock { player }
            | Arrive { player }
            | ChargeIllegalProcedure { player }
            | ReturnCube { player, .. }
            | Present { player, .. }
            | Decline { player }
            | JoinSide { player, .. }
            | Accept { player, .. }
            | Object { player, .. } => Some(*player),
        }
    }
}

/// Why an action was refused. The state is untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// A stable code (`not-your-turn`, `wrong-phase`, …).
    pub code: RejectCode,
    /// The rule section it rests on, e.g. `IV-B`.
    pub rule: Rule,
    pub message: String,
}

impl Rejection {
    pub fn new(code: RejectCode, rule: &'static str, message: impl Into<String>) -> Self {
        Rejection {
            code,
            rule: Rule(rule),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.code, self.rule, self.message)
    }
}

impl std::error::Error for Rejection {}

/// Why an action was refused: a stable code whose kebab-case spelling
/// ([`RejectCode::as_str`]) is the wire format (`rejected` frames, logs; see
/// docs/engine.md). Code compares codes, never strings. `Internal`, `Storage`
/// and `NotStarted` are the host's (the server's) own refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum RejectCode {
    AlreadyAgreed,
    AlreadyChallenged,
    AlreadyDealt,
    AlreadyDecided,
    AlreadyPresent,
    AlreadyPresented,
    AlreadyRolled,
    BadDice,
    BadGoal,
    BadSection,
    BadVariation,
    BlockHeld,
    BonusCommits,
    BonusDigit,
    BonusToForbidden,
    ClockBackwards,
    CubeNotThere,
    DealNothing,
    Declined,
    Edition,
    Forceout,
    GoalCubeMustStay,
    GoalFirst,
    GoalTouched,
    Internal,
    JudgeMode,
    LastCube,
    MatchOver,
    MayNotPresent,
    MustOrMayNot,
    MustSelect,
    NoSuchCube,
    NoSuchDigit,
    NoSuchPlayer,
    NotBeingChecked,
    NotDealer,
    NotGoalSetter,
    NotHolding,
    NotOffender,
    NotOneOfTheTwo,
    NotSeated,
    NotStarted,
    NotThirdParty,
    NotYourSelection,
    NotYourTurn,
    NothingToReturn,
    OneBonus,
    OwnDeclaration,
    OwnSolution,
    Players,
    ReturnFirst,
    Round,
    SetOut,
    Storage,
    TimeUp,
    Waiting,
    WrongPhase,
}

impl RejectCode {
    /// Every code, in alphabetical order of its spelling.
    pub const ALL: [RejectCode; 57] = [
        RejectCode::AlreadyAgreed,
        RejectCode::AlreadyChallenged,
        RejectCode::AlreadyDealt,
        RejectCode::AlreadyDecided,
        RejectCode::AlreadyPresent,
        RejectCode::AlreadyPresented,
        RejectCode::AlreadyRolled,
        RejectCode::BadDice,
        RejectCode::BadGoal,
        RejectCode::BadSection,
        RejectCode::BadVariation,
        RejectCode::BlockHeld,
        RejectCode::BonusCommits,
        RejectCode::BonusDigit,
        RejectCode::BonusToForbidden,
        RejectCode::ClockBackwards,
        RejectCode::CubeNotThere,
        RejectCode::DealNothing,
        RejectCode::Declined,
        RejectCode::Edition,
        RejectCode::Forceout,
        RejectCode::GoalCubeMustStay,
        RejectCode::GoalFirst,
        RejectCode::GoalTouched,
        RejectCode::Internal,
        RejectCode::JudgeMode,
        RejectCode::LastCube,
        RejectCode::MatchOver,
        RejectCode::MayNotPresent,
        RejectCode::MustOrMayNot,
        RejectCode::MustSelect,
        RejectCode::NoSuchCube,
        RejectCode::NoSuchDigit,
        RejectCode::NoSuchPlayer,
        RejectCode::NotBeingChecked,
        RejectCode::NotDealer,
        RejectCode::NotGoalSetter,
        RejectCode::NotHolding,
        RejectCode::NotOffender,
        RejectCode::NotOneOfTheTwo,
        RejectCode::NotSeated,
        RejectCode::NotStarted,
        RejectCode::NotThirdParty,
        RejectCode::NotYourSelection,
        RejectCode::NotYourTurn,
        RejectCode::NothingToReturn,
        RejectCode::OneBonus,
        RejectCode::OwnDeclaration,
        RejectCode::OwnSolution,
        RejectCode::Players,
        RejectCode::ReturnFirst,
        RejectCode::Round,
        RejectCode::SetOut,
        RejectCode::Storage,
        RejectCode::TimeUp,
        RejectCode::Waiting,
        RejectCode::WrongPhase,
    ];

    /// The kebab-case code of the wire format.
    pub const fn as_str(self) -> &'static str {
        match self {
            RejectCode::AlreadyAgreed => "already-agreed",
            RejectCode::AlreadyChallenged => "already-challenged",
            RejectCode::AlreadyDealt => "already-dealt",
            RejectCode::AlreadyDecided => "already-decided",
            RejectCode::AlreadyPresent => "already-present",
            RejectCode::AlreadyPresented => "already-presented",
            RejectCode::AlreadyRolled => "already-rolled",
            RejectCode::BadDice => "bad-dice",
            RejectCode::BadGoal => "bad-goal",
            RejectCode::BadSection => "bad-section",
            RejectCode::BadVariation => "bad-variation",
            RejectCode::BlockHeld => "block-held",
            RejectCode::BonusCommits => "bonus-commits",
            RejectCode::BonusDigit => "bonus-digit",
            RejectCode::BonusToForbidden => "bonus-to-forbidden",
            RejectCode::ClockBackwards => "clock-backwards",
            RejectCode::CubeNotThere => "cube-not-there",
            RejectCode::DealNothing => "deal-nothing",
            RejectCode::Declined => "declined",
            RejectCode::Edition => "edition",
            RejectCode::Forceout => "forceout",
            RejectCode::GoalCubeMustStay => "goal-cube-must-stay",
            RejectCode::GoalFirst => "goal-first",
            RejectCode::GoalTouched => "goal-touched",
            RejectCode::Internal => "internal",
            RejectCode::JudgeMode => "judge-mode",
            RejectCode::LastCube => "last-cube",
            RejectCode::MatchOver => "match-over",
            RejectCode::MayNotPresent => "may-not-present",
            RejectCode::MustOrMayNot => "must-or-may-not",
            RejectCode::MustSelect => "must-select",
            RejectCode::NoSuchCube => "no-such-cube",
            RejectCode::NoSuchDigit => "no-such-digit",
            RejectCode::NoSuchPlayer => "no-such-player",
            RejectCode::NotBeingChecked => "not-being-checked",
            RejectCode::NotDealer => "not-dealer",
            RejectCode::NotGoalSetter => "not-goal-setter",
            RejectCode::NotHolding => "not-holding",
            RejectCode::NotOffender => "not-offender",
            RejectCode::NotOneOfTheTwo => "not-one-of-the-two",
            RejectCode::NotSeated => "not-seated",
            RejectCode::NotStarted => "not-started",
            RejectCode::NotThirdParty => "not-third-party",
            RejectCode::NotYourSelection => "not-your-selection",
            RejectCode::NotYourTurn => "not-your-turn",
            RejectCode::NothingToReturn => "nothing-to-return",
            RejectCode::OneBonus => "one-bonus",
            RejectCode::OwnDeclaration => "own-declaration",
            RejectCode::OwnSolution => "own-solution",
            RejectCode::Players => "players",
            RejectCode::ReturnFirst => "return-first",
            RejectCode::Round => "round",
            RejectCode::SetOut => "set-out",
            RejectCode::Storage => "storage",
            RejectCode::TimeUp => "time-up",
            RejectCode::Waiting => "waiting",
            RejectCode::WrongPhase => "wrong-phase",
        }
    }

    /// The code spelled `code`.
    pub fn from_code(code: &str) -> Option<RejectCode> {
        RejectCode::ALL.into_iter().find(|c| c.as_str() == code)
    }
}

impl std::fmt::Display for RejectCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for RejectCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The tasks with a time limit (XI-A-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Task {
    Roll,
    Deal,
    SelectVariation,
    SetGoal,
    Move,
    Write,
    Check,
}

/// What happened. Events are derived from actions: the log holds actions only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    FirstSetterRolls {
        rolls: Vec<Vec<u8>>,
    },
    ShakeStarted {
        shake: u32,
        goal_setter: usize,
        dealer: usize,
    },
    Rolled {
        faces: Vec<String>,
    },
    Dealt {
        cards: Vec<String>,
    },
    ExtraCardsRemoved {
        cards: Vec<String>,
    },
    DealIncomplete {
        have: u32,
        min: u32,
    },
    DealTransferred {
        to: usize,
    },
    VariationSelected {
        player: usize,
        variation: String,
    },
    SelectionInsulated {
        player: usize,
        variation: String,
    },
    SelectionForfeited {
        player: usize,
    },
    SelectionEnded,
    BonusMove {
        player: usize,
        cube: u8,
    },
    Moved {
        player: usize,
        cube: u8,
        to: Place,
    },
    Shifted {
        player: usize,
        cube: u8,
        to: Place,
    },
    DigitCubesToForbidden {
        player: usize,
        cubes: Vec<u8>,
    },
    LastCubeReturned {
        player: usize,
        cube: u8,
    },
    /// A cube returned to Resources by the offender's choice (IV-C comment b).
    CubeReturned {
        player: usize,
        cube: u8,
    },
    GoalSet {
        player: usize,
        goal: String,
    },
    /// 2019-20 (III-B-2-b): the Goal-setter arranged the digit cubes in the
    /// Goal section (not yet "Goal"); the cubes are there for all to see.
    GoalArranged {
        player: usize,
        goal: String,
    },
    /// 2019-20 (III-B-2-c): the Goal-setter's time ran out with cubes in the
    /// Goal section: the arrangement has been set (a `GoalSet` follows).
    GoalSetByTime {
        player: usize,
    },
    NoGoalDeclared {
        player: usize,
    },
    NoGoalAgreed,
    BlockPickedUp {
        player: usize,
    },
    Arrived {
        player: usize,
        /// After the roll: the player sits out the shake and scores −2 (X-D).
        late: bool,
    },
    AmbiguityAttempt {
        checker: usize,
        writer: usize,
        grouping: String,
    },
    Challenged {
        player: usize,
        kind: ChallengeKind,
        against: usize,
    },
    ChallengeSetAside {
        player: usize,
        rule: String,
        reason: String,
    },
    Penalty {
        player: usize,
        rule: String,
        reason: String,
    },
    IllegalProcedureCharged {
        by: Option<usize>,
        offender: usize,
        rule: String,
        correction: String,
    },
    ChargeSetAside {
        by: usize,
        reason: String,
    },
    Insulated {
        offender: usize,
        rule: String,
    },
    Forceout {
        mover: usize,
    },
    Presented {
        player: usize,
        solution: String,
    },
    Declined {
        player: usize,
    },
    /// 2019-20 (VII-A-3): the Third Party declared the side they agree with.
    JoinedSide {
        player: usize,
        side: Side,
    },
    WritingOver,
    Accepted {
        checker: usize,
        writer: usize,
    },
    ObjectionRuled {
        checker: usize,
        writer: usize,
        upheld: bool,
        reason: String,
    },
    SolutionJudged {
        writer: usize,
        correct: bool,
        reasons: Vec<String>,
        /// The Solution as presented (shown to everyone once it is judged).
        #[serde(default)]
        solution: String,
        /// The exact checker's verdict on the Solution (VII-B), for hosts
        /// that show it (the terminal game); not part of the wire format.
        /// In judge mode it decides `correct` (VII-C-6); in players mode
        /// `correct` is what the checkers' objections decided (VII-C-4).
        #[serde(skip)]
        verdict: Option<Box<onsets_core::Verdict>>,
    },
    TimeExpired {
        player: usize,
        task: Task,
        second: bool,
    },
    TurnPassed {
        to: usize,
    },
    RoundTimeUp,
    Stop,
    ShakeScored {
        shake: u32,
        scores: Vec<i32>,
    },
    ShakeVoid {
        shake: u32,
        reason: String,
    },
    MatchOver {
        totals: Vec<i32>,
        match_points: Vec<u32>,
    },
}
