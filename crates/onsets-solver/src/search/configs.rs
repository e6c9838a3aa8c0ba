//! The configurations of a search: which Resources cubes may be used
//! (VII-B-4-e, VII-B-4-f), what the wild cubes stand for (XIII-A-2, ruling
//! 7) and the blank card's colors (XIII-C-12).

use super::cards::visible_colors;
use super::{usable, Setup};
use onsets_core::{Card, Situation, Symbol};

/// After a Now challenge: no Resources cube, or one of each face
/// (VII-B-4-e). Otherwise: every usable Resources cube (VII-B-4-f) or none
/// (forceout).
pub(super) fn now_choices(setup: &Setup) -> Vec<Vec<Symbol>> {
    let p = setup.position;
    let r = setup.rules.restrictions;
    let res: Vec<Symbol> = p.resources().iter().filter(|s| usable(*s, r)).collect();
    match p.situation() {
        Situation::Now => {
            // One choice per face; and two faces of one meaning class (an
            // interchangeable pair, XIII-A-3/4) give the same search: the
            // written symbols are the class's, so the Solutions are the
            // same, unless the face is wild or a Required Cube variation's.
            let rules = &setup.rules;
            let plain = |f: Symbol| !rules.is_wild(f) && !rules.required_cubes.contains(&f);
            let mut v = vec![Vec::new()];
            let mut seen: Vec<Symbol> = Vec::new();
            for s in res {
                let same =
                    |t: &Symbol| *t == s || (plain(*t) && plain(s) && rules.same_class(*t, s));
                if !seen.iter().any(same) {
                    seen.push(s);
                    v.push(vec![s]);
                }
            }
            v
        }
        Situation::Impossible | Situation::EndOfRound => vec![res],
        Situation::Forceout => vec![Vec::new()],
    }
}

/// Every meaning class of every wild face with a usable cube (XIII-A-2,
/// ruling 7): a wild cube may stand for any non-digit symbol, = and ⊆ only
/// where Restrictions are used.
pub(super) fn wild_meanings(setup: &Setup, resources: &[Symbol]) -> Vec<Vec<(Symbol, Symbol)>> {
    let p = setup.position;
    let r = setup.rules.restrictions;
    let present = |f: Symbol| {
        p.required().iter().any(|s| s == f)
            || p.permitted().iter().any(|s| s == f)
            || resources.contains(&f)
    };
    let mut out: Vec<Vec<(Symbol, Symbol)>> = vec![Vec::new()];
    for &face in &setup.rules.wild {
        if !present(face) {
            continue;
        }
        let mut classes: Vec<Symbol> = vec![face];
        for m in Symbol::NON_DIGIT {
            if !usable(m, r) {
                continue;
            }
            if classes.iter().any(|&c| setup.rules.same_class(c, m)) {
                continue;
            }
            classes.push(m);
        }
        out = out
            .into_iter()
            .flat_map(|v| {
                classes.iter().map(move |&m| {
                    let mut w = v.clone();
                    w.push((face, m));
                    w
                })
            })
            .collect();
    }
    out
}

/// The blank card's colorings to search (XIII-C-12), in order. A color no
/// usable cube shows ([`visible_colors`]) is read by no Set-Name or
/// Restriction (VI-B-2), so two colorings that differ only in such colors
/// name the same physical cards with every Solution: unless a card
/// variation (XIII-C-11) or the Double Set variation singles out cards by
/// their colors, only the first of them (those colors off) is searched; the
/// others would find the same sets after it, or nothing.
pub(super) fn blank_colorings(setup: &Setup) -> Vec<Card> {
    let rules = &setup.rules;
    let hidden = if rules.required_cards.is_empty()
        && rules.forbidden_cards.is_empty()
        && rules.double_set.is_none()
    {
        !visible_colors(setup) & 0b1111
    } else {
        0
    };
    if setup.rules.blank_card_wild && setup.position.universe().contains(Card::BLANK) {
        (0..16u8)
            .filter(|m| m & hidden == 0)
            .filter_map(Card::from_mask)
            // A19 XIII-C-10 comment b: not the forbidden card's colors.
            .filter(|c| {
                !(setup.rules.blank_not_forbidden_colors
                    && !c.is_blank()
                    && setup.rules.forbidden_cards.contains(c))
            })
            .collect()
    } else {
        vec![Card::BLANK]
    }
}
