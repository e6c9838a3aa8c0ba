//! The rule's words for what the terminal shows: variations with their
//! parameters, the Restriction cubes set out, and every choice a variation
//! with a blank to fill offers (II-C-1-c).

use onsets_core::eval::{binary, Semantics};
use onsets_core::{Card, CardSet, Color, Symbol, Variation};
use onsets_engine::SetOut;
use std::collections::BTreeSet;

/// The name of a variation as the rules write it (XIII), by its keyword.
pub fn variation_name(keyword: &str) -> &'static str {
    match keyword {
        "required-cube" => "Required Cube",
        "wild-cube" => "Wild Cube",
        "union-intersection-interchangeable" => "∪ and ∩ Interchangeable",
        "universe-empty-interchangeable" => "V and Λ Interchangeable",
        "two-operations" => "Two Operations",
        "multiple-operations" => "Multiple Operations",
        "shift-from-permitted" => "Shift from Permitted",
        "no-null-restrictions" => "No Null Restrictions",
        "absolute-value" => "Absolute Value",
        "double-set" => "Double Set",
        "required-card" => "Required Card",
        "forbidden-card" => "Forbidden Card",
        "blank-card-wild" => "Blank Card Wild",
        "symmetric-difference" => "Symmetric Difference",
        "two-solutions" => "Two Solutions",
        _ => "",
    }
}

/// What a variation does, in one line from the rule's words, with its
/// section (XIII): shown under the variation menu and on the help's
/// variation page. Empty for an unknown keyword.
pub fn variation_meaning(keyword: &str) -> &'static str {
    match keyword {
        "required-cube" => "the Solution must contain the chosen cube (XIII-A-1)",
        "wild-cube" => "the cube may be any non-digit symbol, the same throughout (XIII-A-2)",
        "union-intersection-interchangeable" => {
            "any ∪ may represent ∪ or ∩, and any ∩ may represent ∩ or ∪ (XIII-A-3)"
        }
        "universe-empty-interchangeable" => {
            "any V may represent V or Λ, and any Λ may represent Λ or V (XIII-A-4)"
        }
        "two-operations" => "the Set-Name needs at least two operation symbols, ∪ ∩ − ′ (XIII-A-5)",
        "multiple-operations" => {
            "any operation sign not in Forbidden may be used many times (XIII-A-6)"
        }
        "shift-from-permitted" => {
            "your move may shift a Permitted cube to Required or Forbidden (XIII-A-7)"
        }
        "no-null-restrictions" => "each Restriction must remove at least one card (XIII-B-8)",
        "absolute-value" => "an upside-down digit in the Goal may be read right-side-up (XIII-B-9)",
        "double-set" => "each card in the chosen set counts double for all Solutions (XIII-C-10)",
        "required-card" => "the chosen card must be in the Set-Name of any Solution (XIII-C-11)",
        "forbidden-card" => {
            "the chosen card must not be in the Set-Name of any Solution (XIII-C-11)"
        }
        "blank-card-wild" => {
            "each writer says which colors, if any, the blank card has (XIII-C-12)"
        }
        "symmetric-difference" => {
            "− means symmetric difference: A − B is (A − B) ∪ (B − A) (XIII-D-13)"
        }
        "two-solutions" => "write two Solutions; the second has a card the first lacks (XIII-D-14)",
        _ => "",
    }
}

/// Every variation's keyword, in the rules' order (XIII-A to XIII-D).
pub const VARIATIONS: [&str; 15] = [
    "required-cube",
    "wild-cube",
    "union-intersection-interchangeable",
    "universe-empty-interchangeable",
    "two-operations",
    "multiple-operations",
    "shift-from-permitted",
    "no-null-restrictions",
    "absolute-value",
    "double-set",
    "required-card",
    "forbidden-card",
    "blank-card-wild",
    "symmetric-difference",
    "two-solutions",
];

/// A variation selection (the engine's notation, `wild-cube Y`) in the
/// rule's words with its section: `Wild Cube: Y (XIII-A-2)`. Text that is
/// not a variation is returned as it is.
pub fn variation_words(text: &str) -> String {
    let Ok(v) = Variation::parse(text) else {
        return text.to_string();
    };
    let name = variation_name(v.keyword());
    let param = match &v {
        Variation::RequiredCube(s) | Variation::WildCube(s) => format!(": {s}"),
        Variation::DoubleSet(e) => format!(": {e}"),
        Variation::RequiredCard(c) | Variation::ForbiddenCard(c) => format!(": {}", card_words(*c)),
        _ => String::new(),
    };
    format!("{name}{param} ({})", v.section())
}

/// A variation in force, short (the Variations line): `Wild Cube Y`.
pub fn variation_short(v: &Variation) -> String {
    let name = variation_name(v.keyword());
    match v {
        Variation::RequiredCube(s) | Variation::WildCube(s) => format!("{name} {s}"),
        Variation::DoubleSet(e) => format!("{name} {e}"),
        Variation::RequiredCard(c) | Variation::ForbiddenCard(c) => {
            format!("{name} {}", card_words(*c))
        }
        _ => name.to_string(),
    }
}

/// A card as the rules name it: `BRG`, or `blank`.
pub fn card_words(c: Card) -> String {
    if c.is_blank() {
        "blank".into()
    } else {
        c.to_string()
    }
}

/// The Restriction cubes set out before the roll (II-A-3), in words.
pub fn set_out_words(s: Option<SetOut>) -> String {
    match s {
        None => "roll the cubes".into(),
        Some(SetOut::TwoUniverseOneEmpty) => {
            "set out two V and one Λ Restriction cubes, then roll (II-A-3)".into()
        }
        Some(SetOut::OneUniverseTwoEmpty) => {
            "set out one V and two Λ Restriction cubes, then roll (II-A-3)".into()
        }
    }
}

/// Every Double Set a player may name in this Universe (XIII-C-10): a set of
/// cards that is not empty and not the whole Universe, named by at most four
/// symbols (grouping symbols not counted). One name per distinct set of
/// cards, the shortest found first, with the set's number of cards;
/// `symmetric` when − already means symmetric difference (XIII-D-13
/// comment c).
pub fn double_sets(universe: CardSet, symmetric: bool) -> Vec<(String, u32)> {
    let sem = Semantics {
        symmetric_difference: symmetric,
    };
    // Expressions by number of symbols: (text, truth table, is atomic).
    let mut by_size: Vec<Vec<(String, CardSet, bool)>> = vec![Vec::new(); 5];
    let atoms = [
        Symbol::Color(Color::Blue),
        Symbol::Color(Color::Red),
        Symbol::Color(Color::Green),
        Symbol::Color(Color::Yellow),
        Symbol::Universe,
        Symbol::Empty,
    ];
    for a in atoms {
        let t = onsets_core::eval::set_table(a).unwrap_or(CardSet::EMPTY);
        by_size[1].push((a.to_string(), t, true));
    }
    let ops = [Symbol::Union, Symbol::Intersection, Symbol::Minus];
    for size in 2..=4 {
        let mut next = Vec::new();
        // Complement: X′ with X of size - 1 (a compound X is grouped).
        for (t, v, atomic) in &by_size[size - 1] {
            let text = if *atomic || t.ends_with('′') {
                format!("{t}′")
            } else {
                format!("({t})′")
            };
            next.push((text, v.complement(), true));
        }
        // X op Y with sizes adding up to size - 1.
        for left in 1..size - 1 {
            let right = size - 1 - left;
            for (lt, lv, la) in &by_size[left] {
                for (rt, rv, ra) in &by_size[right] {
                    for op in ops {
                        let l = if *la { lt.clone() } else { format!("({lt})") };
                        let r = if *ra { rt.clone() } else { format!("({rt})") };
                        next.push((format!("{l} {op} {r}"), binary(op, *lv, *rv, sem), false));
                    }
                }
            }
        }
        by_size[size] = next;
    }
    let mut seen: BTreeSet<u16> = BTreeSet::new();
    let mut out = Vec::new();
    for (text, table, _) in by_size.iter().flatten() {
        let cards = table.intersection(universe);
        if cards.is_empty() || cards == universe || !seen.insert(cards.bits()) {
            continue;
        }
        out.push((text.clone(), cards.len()));
    }
    out
}

/// Typing in the Solution editor: whether the letter `c`, typed after
/// `before` (the text left of the cursor), continues the word `blank` of a
/// `blank:` part (Blank Card Wild, notation.md) rather than standing for a
/// symbol (`n` is ∩ and `b` is B elsewhere). Returns how many characters
/// before the cursor belong to the word, to be rewritten as typed.
pub fn continues_blank(before: &str, c: char) -> Option<usize> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let chars: Vec<char> = before.chars().collect();
    // The word before the cursor, read back as typed (B was b, ∩ was n).
    let mut k = 0;
    while k < chars.len() && k < 4 {
        let ch = chars[chars.len() - 1 - k];
        if ch.is_ascii_alphabetic() || ch == '∩' {
            k += 1;
        } else {
            break;
        }
    }
    if k == 0 || chars.len() > k && chars[chars.len() - 1 - k].is_alphanumeric() {
        return None;
    }
    let typed: String = chars[chars.len() - k..]
        .iter()
        .map(|ch| match ch {
            '∩' => 'n',
            other => other.to_ascii_lowercase(),
        })
        .collect();
    let word = format!("{typed}{}", c.to_ascii_lowercase());
    ("blank".starts_with(&word) && word.len() >= 2).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_read_in_the_rules_words() {
        assert_eq!(variation_words("wild-cube Y"), "Wild Cube: Y (XIII-A-2)");
        assert_eq!(
            variation_words("required-card blank"),
            "Required Card: blank (XIII-C-11)"
        );
        assert_eq!(
            variation_words("double-set R′"),
            "Double Set: R′ (XIII-C-10)"
        );
        assert_eq!(
            set_out_words(Some(SetOut::TwoUniverseOneEmpty)),
            "set out two V and one Λ Restriction cubes, then roll (II-A-3)"
        );
        assert!(!set_out_words(Some(SetOut::OneUniverseTwoEmpty)).contains("Universe"));
    }

    /// XIII-C-10: "A player selecting this variation may choose to double B,
    /// R′, G ∩ Y, (B − R)′, V − B′, and so on. Players may not specify Double
    /// Sets like B ∪ R ∪ G, Y − (B ∩ G)′ …" (at most four symbols); "if a
    /// player selects R − Y as the doubled set but there are no cards in
    /// R − Y, the player is penalized"; nor the whole Universe.
    #[test]
    fn xiii_c_10_every_double_set_of_at_most_four_symbols() {
        let u = CardSet::parse("B R G Y BR BG RG BRG blank").unwrap();
        let sets = double_sets(u, false);
        let cards: Vec<u32> = sets.iter().map(|(_, n)| *n).collect();
        assert!(cards.iter().all(|n| *n >= 1 && *n < u.len()));
        // One entry per distinct set of cards.
        let mut distinct = std::collections::BTreeSet::new();
        for (t, _) in &sets {
            let e = Variation::parse(&format!("double-set {t}")).expect(t);
            assert!(matches!(e, Variation::DoubleSet(_)), "{t}");
            assert!(distinct.insert(t.clone()));
        }
        // B, R′, G ∩ Y (empty here: G ∩ Y has no card), (B − R)′ …
        assert!(sets.iter().any(|(t, _)| t == "B"));
        assert!(sets.iter().any(|(t, _)| t == "R′"));
        assert!(
            !sets.iter().any(|(t, _)| t == "G ∩ Y"),
            "no card is G and Y"
        );
        // Far more than the two the engine's list suggests.
        assert!(sets.len() > 20, "{}", sets.len());
        // B ∪ R ∪ G (five symbols) is not a name offered.
        assert!(!sets.iter().any(|(t, _)| t == "B ∪ R ∪ G"));
    }

    #[test]
    fn blank_is_typed_in_lowercase() {
        // b → B, then l a n k continue the word `blank`.
        assert_eq!(continues_blank("B", 'l'), Some(1));
        assert_eq!(continues_blank("bla", 'n'), Some(3));
        assert_eq!(continues_blank("R ∪ G; bla", 'n'), Some(3));
        assert_eq!(continues_blank("blan", 'k'), Some(4));
        // Elsewhere n is ∩ and b is B.
        assert_eq!(continues_blank("B ", 'n'), None);
        assert_eq!(continues_blank("", 'b'), None);
        assert_eq!(continues_blank("R", 'n'), None);
        assert_eq!(continues_blank("blank", 'x'), None);
    }
}
