//! Themes of puzzles, for practising one idea at a time: the variation in
//! force (XIII), Restrictions in the answer (VI-B), the kind of challenge
//! (V-A), and the skill the kind trains.

use onsets_core::{Position, Variation};

/// Every theme, with its name for people.
pub const THEMES: [(&str, &str); 15] = [
    ("now-challenges", "Now challenges (V-A-2)"),
    ("impossible-proofs", "Impossible proofs (V-A-1)"),
    ("no-challenge", "When not to challenge (V-A)"),
    ("writing-solutions", "Writing Solutions (VII-B)"),
    ("safe-moves", "Safe moves (IV-B)"),
    ("goal-setting", "Setting the Goal (III-B)"),
    ("flub-claims", "Flub claims, 1969 (M69 3.5)"),
    ("restrictions", "Restrictions (VI-B)"),
    ("variations", "Variations (XIII)"),
    ("wild-cubes", "Wild cubes (XIII-A-2)"),
    ("required-cube", "Required cube (XIII-A-1)"),
    ("shift-from-permitted", "Shift from Permitted (XIII-A-7)"),
    ("double-set", "Double Set (XIII-C-10)"),
    (
        "required-forbidden-card",
        "Required and Forbidden cards (XIII-C-11)",
    ),
    (
        "operations",
        "Operation variations (XIII-A-3 to 6, XIII-D-13)",
    ),
];

/// Whether `slug` names a theme.
pub fn is_theme(slug: &str) -> bool {
    THEMES.iter().any(|(s, _)| *s == slug)
}

/// The themes of the variations chosen in a position.
pub fn of_variations(position: &Position) -> Vec<&'static str> {
    let mut out = Vec::new();
    for v in position.variations() {
        out.push("variations");
        out.push(match v {
            Variation::WildCube(_) => "wild-cubes",
            Variation::RequiredCube(_) => "required-cube",
            Variation::ShiftFromPermitted => "shift-from-permitted",
            Variation::DoubleSet(_) => "double-set",
            Variation::RequiredCard(_) | Variation::ForbiddenCard(_) => "required-forbidden-card",
            _ => "operations",
        });
    }
    out
}

/// "restrictions" when a Solution text writes a Restriction symbol.
pub fn of_solution(text: Option<&str>) -> Vec<&'static str> {
    match text {
        // a B19 wild cube (`R@=`, `∪@⊆`) is not a Restriction
        Some(t)
            if {
                let t = t.replace("@=", "").replace("@⊆", "");
                t.contains('=') || t.contains('⊆')
            } =>
        {
            vec!["restrictions"]
        }
        _ => Vec::new(),
    }
}

/// Sorted and without repeats.
pub fn tidy(mut themes: Vec<&'static str>) -> Vec<String> {
    themes.sort_unstable();
    themes.dedup();
    themes.into_iter().map(String::from).collect()
}
