//! Pairing a round: seating the entries at tables of three where possible,
//! then two (rules I-A, III-A: "two- or three-player matches"), and a bye for
//! an entry that cannot be seated (only when a single entry is left).
//!
//! Seating is a search over the entries in a given order (standings, or the
//! first round's random or seed order): the first unseated entry heads the
//! next table and takes companions nearest to it in that order. Among all
//! seatings the one of least [cost](seat) is chosen, the first in that order
//! among equals, so tables are as close in the standings as the costs allow.
//! The search is exhaustive up to a node budget (always, for up to a dozen
//! entries); beyond it the best seating found so far is kept.

/// Nodes the search may visit before it keeps the best seating found.
pub const SEARCH_BUDGET: u64 = 200_000;

/// The table sizes for `n` entries: threes where possible, then twos (10 →
/// 3, 3, 2, 2), largest first; and whether one entry is left over for a
/// bye (only `n == 1`).
pub fn table_sizes(n: usize) -> (Vec<usize>, bool) {
    match n {
        0 => (vec![], false),
        1 => (vec![], true),
        _ => {
            let twos = match n % 3 {
                0 => 0,
                1 => 2,
                _ => 1,
            };
            let threes = (n - 2 * twos) / 3;
            let mut v = vec![3; threes];
            v.extend(std::iter::repeat_n(2, twos));
            (v, false)
        }
    }
}

/// Seats the entries of `order` (as many as `sizes` add up to) at tables of
/// `sizes` (any arrangement of that multiset), minimising the sum of
/// `cost(a, b)` over every two entries seated together. Returns the tables
/// in order, each with its entries in the given order.
///
/// The search runs first bounded by `hard` (a seating of total cost under
/// it, e.g. one without a repeated meeting: any pair costing `hard` or more
/// is then cut at once), and only when none is found within the budget,
/// unbounded: so a large event finds a seating free of costly pairs long
/// before the budget would be spent improving a poor first seating. When
/// even that search runs out of budget, pairwise swaps between tables lower
/// the cost further ([`improve`]).
pub fn seat(
    order: &[usize],
    sizes: &[usize],
    cost: &dyn Fn(usize, usize) -> u64,
    hard: u64,
    budget: u64,
) -> Vec<Vec<usize>> {
    let threes = sizes.iter().filter(|s| **s == 3).count();
    let twos = sizes.iter().filter(|s| **s == 2).count();
    debug_assert_eq!(threes * 3 + twos * 2, order.len());
    for bound in [Some(hard), None] {
        let mut s = Search {
            order,
            cost,
            budget,
            nodes: 0,
            seated: vec![false; order.len()],
            tables: Vec::new(),
            best: bound.map(|b| (b, Vec::new())),
        };
        s.dfs(&mut threes.clone(), &mut twos.clone(), 0);
        match s.best {
            Some((_, t)) if bound.is_some() && (!t.is_empty() || order.is_empty()) => return t,
            Some((_, mut t)) if bound.is_none() => {
                improve(&mut t, cost);
                return t;
            }
            _ => {}
        }
    }
    Vec::new()
}

/// The cost of one table: every two of its players.
fn table_cost(t: &[usize], cost: &dyn Fn(usize, usize) -> u64) -> u64 {
    let mut c = 0;
    for (i, a) in t.iter().enumerate() {
        for b in &t[i + 1..] {
            c += cost(*a, *b);
        }
    }
    c
}

/// When the budget ran out without a seating free of costly pairs: swaps
/// two players of two tables while that lowers the cost (at most 50 sweeps).
/// A seating found by the exhaustive search is left alone (no swap can
/// improve on the least cost).
fn improve(tables: &mut [Vec<usize>], cost: &dyn Fn(usize, usize) -> u64) {
    for _ in 0..50 {
        let mut better = false;
        for a in 0..tables.len() {
            for b in a + 1..tables.len() {
                for i in 0..tables[a].len() {
                    for j in 0..tables[b].len() {
                        let before = table_cost(&tables[a], cost) + table_cost(&tables[b], cost);
                        if before == 0 {
                            continue;
                        }
                        let (x, y) = (tables[a][i], tables[b][j]);
                        tables[a][i] = y;
                        tables[b][j] = x;
                        if table_cost(&tables[a], cost) + table_cost(&tables[b], cost) < before {
                            better = true;
                        } else {
                            tables[a][i] = x;
                            tables[b][j] = y;
                        }
                    }
                }
            }
        }
        if !better {
            return;
        }
    }
}

struct Search<'a> {
    order: &'a [usize],
    cost: &'a dyn Fn(usize, usize) -> u64,
    budget: u64,
    nodes: u64,
    seated: Vec<bool>,
    tables: Vec<Vec<usize>>,
    best: Option<(u64, Vec<Vec<usize>>)>,
}

impl Search<'_> {
    fn bound(&self) -> Option<u64> {
        self.best.as_ref().map(|(c, _)| *c)
    }

    // Positions index both `seated` and `order`.
    #[allow(clippy::needless_range_loop)]
    fn dfs(&mut self, threes: &mut usize, twos: &mut usize, so_far: u64) {
        self.nodes += 1;
        if self.bound().is_some_and(|b| so_far >= b)
            || (self.nodes > self.budget && self.best.is_some())
        {
            return;
        }
        let Some(head) = self.seated.iter().position(|s| !s) else {
            self.best = Some((so_far, self.tables.clone()));
            return;
        };
        self.seated[head] = true;
        let n = self.order.len();
        let order = self.order;
        let h = order[head];
        if *threes > 0 {
            *threes -= 1;
            for i in head + 1..n {
                if self.seated[i] {
                    continue;
                }
                let ci = so_far + (self.cost)(h, order[i]);
                if self.bound().is_some_and(|b| ci >= b) {
                    continue;
                }
                self.seated[i] = true;
                for j in i + 1..n {
                    if self.seated[j] {
                        continue;
                    }
                    let c = ci + (self.cost)(h, order[j]) + (self.cost)(order[i], order[j]);
                    self.seated[j] = true;
                    self.tables.push(vec![h, order[i], order[j]]);
                    self.dfs(threes, twos, c);
                    self.tables.pop();
                    self.seated[j] = false;
                }
                self.seated[i] = false;
            }
            *threes += 1;
        }
        if *twos > 0 {
            *twos -= 1;
            for i in head + 1..n {
                if self.seated[i] {
                    continue;
                }
                let c = so_far + (self.cost)(h, order[i]);
                self.seated[i] = true;
                self.tables.push(vec![h, order[i]]);
                self.dfs(threes, twos, c);
                self.tables.pop();
                self.seated[i] = false;
            }
            *twos += 1;
        }
        self.seated[head] = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_entries_sit_at_three_three_two_two() {
        assert_eq!(table_sizes(10), (vec![3, 3, 2, 2], false));
        assert_eq!(table_sizes(2), (vec![2], false));
        assert_eq!(table_sizes(4), (vec![2, 2], false));
        assert_eq!(table_sizes(5), (vec![3, 2], false));
        assert_eq!(table_sizes(9), (vec![3, 3, 3], false));
        assert_eq!(table_sizes(1), (vec![], true));
    }

    #[test]
    fn with_no_costs_tables_follow_the_order() {
        let t = seat(&[4, 3, 2, 1, 0], &[3, 2], &|_, _| 0, 1, SEARCH_BUDGET);
        assert_eq!(t, vec![vec![4, 3, 2], vec![1, 0]]);
    }

    #[test]
    fn a_costly_pair_is_split() {
        let cost = |a: usize, b: usize| u64::from((a.min(b), a.max(b)) == (0, 1));
        let t = seat(&[0, 1, 2, 3], &[2, 2], &cost, 1, SEARCH_BUDGET);
        assert_eq!(t, vec![vec![0, 2], vec![1, 3]]);
    }
}
