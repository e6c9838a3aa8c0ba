//! A player's weak spots (docs/practice.md, "My weaknesses"): each answer's
//! themes, each theme's attempts, solved, performance rating and median
//! time, and the measure of weakness that chooses what to practise. Pure.

use onsets_puzzles::Puzzle;
use serde::Serialize;
use std::collections::BTreeMap;

/// Every theme of a puzzle: its own (`onsets_puzzles::themes`), one per
/// variation in its position (`variation:` and the variation's keyword,
/// XIII), and one per rule section its proved explanation cites (`rule:`
/// and the section, e.g. `rule:V-A-2`).
pub fn themes_of(p: &Puzzle) -> Vec<String> {
    let mut out: Vec<String> = p.themes.clone();
    if let Some(vs) = p.position["variations"].as_array() {
        for v in vs.iter().filter_map(|v| v.as_str()) {
            if let Some(word) = v.split_whitespace().next() {
                out.push(format!("variation:{word}"));
            }
        }
    }
    out.extend(rule_sections(&p.explanation).map(|s| format!("rule:{s}")));
    tidy(out)
}

/// The themes of one answer: the puzzle's, and for a written Solution
/// judged incorrect the rule sections the checker cited (`reasons`).
pub fn themes_of_answer<'a>(p: &Puzzle, cited: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out = themes_of(p);
    out.extend(cited.flat_map(rule_sections).map(|s| format!("rule:{s}")));
    tidy(out)
}

fn tidy(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v.dedup();
    v
}

/// The rule sections written in a text: a Roman numeral of the rules'
/// sections (I to XIII), `-`, a capital letter, then optionally `-` and a
/// number and `-` and a small letter (`V-A-2`, `VII-B-4-f`, `III-B`).
pub fn rule_sections(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .map(|w| w.trim_matches('-'))
        .filter(|w| is_section(w))
}

fn is_section(w: &str) -> bool {
    let mut parts = w.split('-');
    let roman = parts.next().unwrap_or_default();
    if roman.is_empty() || !roman.chars().all(|c| matches!(c, 'I' | 'V' | 'X')) {
        return false;
    }
    let Some(letter) = parts.next() else {
        return false;
    };
    if letter.len() != 1 || !letter.chars().all(|c| c.is_ascii_uppercase()) {
        return false;
    }
    match (parts.next(), parts.next(), parts.next()) {
        (None, _, _) => true,
        (Some(n), rest, None) => {
            !n.is_empty()
                && n.chars().all(|c| c.is_ascii_digit())
                && rest.is_none_or(|l| l.len() == 1 && l.chars().all(|c| c.is_ascii_lowercase()))
        }
        _ => false,
    }
}

/// The name of a theme for people.
pub fn theme_name(slug: &str) -> String {
    if let Some((_, name)) = onsets_puzzles::themes::THEMES
        .iter()
        .find(|(s, _)| *s == slug)
    {
        return (*name).to_string();
    }
    if let Some(v) = slug.strip_prefix("variation:") {
        return format!("Variation {v} (XIII)");
    }
    if let Some(r) = slug.strip_prefix("rule:") {
        return format!("Rule {r}");
    }
    slug.to_string()
}

/// Whether a theme slug can be asked for: a puzzle theme, `variation:…`
/// or `rule:…`.
pub fn is_theme(slug: &str) -> bool {
    onsets_puzzles::themes::is_theme(slug)
        || slug
            .strip_prefix("variation:")
            .or_else(|| slug.strip_prefix("rule:"))
            .is_some_and(|s| {
                !s.is_empty()
                    && s.len() <= 40
                    && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
}

/// One answer counted for a theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub correct: bool,
    /// The puzzle's difficulty (its starting rating).
    pub difficulty: f64,
    /// `None`: not timed (an attempt of the puzzles' own route).
    pub ms: Option<i64>,
}

/// One theme's line of the dashboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ThemeLine {
    pub theme: String,
    pub name: String,
    pub attempts: i64,
    pub solved: i64,
    /// The performance rating: the mean difficulty of the puzzles tried
    /// plus 400 × (solved − missed) / attempts.
    pub rating: i64,
    /// The median time of the timed answers (`None`: none timed).
    pub median_ms: Option<i64>,
}

/// The median of some times (the lower middle of an even count).
pub fn median(times: &mut [i64]) -> Option<i64> {
    if times.is_empty() {
        return None;
    }
    times.sort_unstable();
    Some(times[(times.len() - 1) / 2])
}

/// A theme's line from its answers.
pub fn line(theme: &str, marks: &[Mark]) -> ThemeLine {
    let attempts = marks.len() as i64;
    let solved = marks.iter().filter(|m| m.correct).count() as i64;
    let mean = if attempts == 0 {
        1500.0
    } else {
        marks.iter().map(|m| m.difficulty).sum::<f64>() / attempts as f64
    };
    let rating = if attempts == 0 {
        mean
    } else {
        mean + 400.0 * (2 * solved - attempts) as f64 / attempts as f64
    };
    let mut times: Vec<i64> = marks.iter().filter_map(|m| m.ms).collect();
    ThemeLine {
        theme: theme.to_string(),
        name: theme_name(theme),
        attempts,
        solved,
        rating: rating.round() as i64,
        median_ms: median(&mut times),
    }
}

/// Every theme's answers: `(themes, mark)` of each answer grouped by theme.
pub fn by_theme(answers: &[(Vec<String>, Mark)]) -> BTreeMap<String, Vec<Mark>> {
    let mut out: BTreeMap<String, Vec<Mark>> = BTreeMap::new();
    for (themes, mark) in answers {
        for t in themes {
            out.entry(t.clone()).or_default().push(*mark);
        }
    }
    out
}

/// How weak a player is at a theme, 0 to 1.5: the error rate, smoothed so
/// that a theme never tried counts as half missed,
/// `(missed + 1) / (attempts + 2)`, times `(1 + slowness) / 2`, where the
/// slowness is the theme's median time over the player's median time of
/// every timed answer, held to 0.5 ..= 2 (1 when either is unknown). Halving
/// the slowness's weight keeps errors first: being quick never hides a
/// theme's misses, and a theme answered wrongly and slowly is the weakest;
/// a theme not tried yet comes before a theme mastered.
pub fn weakness(line: &ThemeLine, overall_median_ms: Option<i64>) -> f64 {
    let missed = (line.attempts - line.solved) as f64;
    let error = (missed + 1.0) / (line.attempts as f64 + 2.0);
    error * (1.0 + slowness(line.median_ms, overall_median_ms)) / 2.0
}

/// A theme's median time over the player's, held to 0.5 ..= 2.
pub fn slowness(theme_ms: Option<i64>, overall_ms: Option<i64>) -> f64 {
    match (theme_ms, overall_ms) {
        (Some(t), Some(all)) if all > 0 => (t as f64 / all as f64).clamp(0.5, 2.0),
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_sections_are_read_from_text() {
        let t =
            "Neither. Now is wrong (V-A-2): for example V − B (VII-B-4-f); III-B, XIII-A-7 and IV.";
        let v: Vec<&str> = rule_sections(t).collect();
        assert_eq!(v, vec!["V-A-2", "VII-B-4-f", "III-B", "XIII-A-7"]);
        assert!(rule_sections("B-R, V-B-R and Y-2").next().is_none());
    }

    #[test]
    fn the_weakest_theme_is_wrong_and_slow() {
        let m = |correct, ms| Mark {
            correct,
            difficulty: 1500.0,
            ms: Some(ms),
        };
        let good = line("safe-moves", &[m(true, 2_000), m(true, 2_000)]);
        let slow_bad = line("goal-setting", &[m(false, 9_000), m(true, 8_000)]);
        let fast_bad = line("restrictions", &[m(false, 1_000), m(true, 1_000)]);
        let untried = line("double-set", &[]);
        let all = Some(2_000);
        assert!(weakness(&slow_bad, all) > weakness(&fast_bad, all));
        assert!(weakness(&fast_bad, all) > weakness(&good, all));
        assert!(weakness(&untried, all) > weakness(&good, all));
        assert_eq!(good.rating, 1900);
        assert_eq!(slow_bad.rating, 1500);
        assert_eq!(slow_bad.median_ms, Some(8_000));
    }
}
