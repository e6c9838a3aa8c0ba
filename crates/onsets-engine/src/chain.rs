//! An append-only list shared between successive states: cloning it and
//! pushing onto it cost O(1), so [`crate::Match::apply`] (which clones the
//! state) stays O(size of the state) however long the match's log and
//! scoresheet grow, and a replay is linear (docs/performance.md, replay).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

struct Node<T> {
    item: T,
    prev: Option<Arc<Node<T>>>,
}

impl<T> Drop for Node<T> {
    /// Unlinks iteratively: dropping a list of 100,000 items must not
    /// recurse 100,000 deep.
    fn drop(&mut self) {
        let mut prev = self.prev.take();
        while let Some(node) = prev {
            match Arc::try_unwrap(node) {
                Ok(mut n) => prev = n.prev.take(),
                Err(_) => break,
            }
        }
    }
}

/// A persistent append-only list (newest last). Reading it in order costs
/// O(len) per call (`iter` collects the items); indexing walks from the end.
pub struct Chain<T> {
    head: Option<Arc<Node<T>>>,
    len: usize,
}

impl<T> Chain<T> {
    pub const fn new() -> Self {
        Chain { head: None, len: 0 }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn push(&mut self, item: T) {
        let prev = self.head.take();
        self.head = Some(Arc::new(Node { item, prev }));
        self.len += 1;
    }
    pub fn clear(&mut self) {
        self.head = None;
        self.len = 0;
    }
    /// The newest item.
    pub fn last(&self) -> Option<&T> {
        self.head.as_deref().map(|n| &n.item)
    }
    /// The items, oldest first.
    pub fn iter(&self) -> std::vec::IntoIter<&T> {
        let mut out = Vec::with_capacity(self.len);
        let mut cur = self.head.as_deref();
        while let Some(n) = cur {
            out.push(&n.item);
            cur = n.prev.as_deref();
        }
        out.reverse();
        out.into_iter()
    }
    /// The `i`-th item, oldest first.
    pub fn get(&self, i: usize) -> Option<&T> {
        if i >= self.len {
            return None;
        }
        let mut cur = self.head.as_deref();
        for _ in 0..(self.len - 1 - i) {
            cur = cur.and_then(|n| n.prev.as_deref());
        }
        cur.map(|n| &n.item)
    }
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.iter().cloned().collect()
    }
}

impl<T> Default for Chain<T> {
    fn default() -> Self {
        Chain::new()
    }
}

impl<T> Clone for Chain<T> {
    fn clone(&self) -> Self {
        Chain {
            head: self.head.clone(),
            len: self.len,
        }
    }
}

impl<T> std::ops::Index<usize> for Chain<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        self.get(i).expect("index within the list")
    }
}

impl<'a, T> IntoIterator for &'a Chain<T> {
    type Item = &'a T;
    type IntoIter = std::vec::IntoIter<&'a T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T> FromIterator<T> for Chain<T> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        let mut c = Chain::new();
        for x in it {
            c.push(x);
        }
        c
    }
}

impl<T> From<Vec<T>> for Chain<T> {
    fn from(v: Vec<T>) -> Self {
        v.into_iter().collect()
    }
}

impl<T: PartialEq> PartialEq for Chain<T> {
    fn eq(&self, other: &Self) -> bool {
        if self.len != other.len {
            return false;
        }
        match (&self.head, &other.head) {
            (Some(a), Some(b)) if Arc::ptr_eq(a, b) => true,
            _ => self.iter().eq(other.iter()),
        }
    }
}

impl<T: Eq> Eq for Chain<T> {}

impl<T: PartialEq> PartialEq<Vec<T>> for Chain<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.len == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: fmt::Debug> fmt::Debug for Chain<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for Chain<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Chain<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(d).map(Chain::from)
    }
}

#[cfg(test)]
mod tests {
    use super::Chain;

    #[test]
    fn push_clone_and_read_in_order() {
        let mut a: Chain<u32> = (0..5).collect();
        let b = a.clone();
        a.push(5);
        assert_eq!(a.len(), 6);
        assert_eq!(b.len(), 5, "a clone does not see later pushes");
        assert_eq!(
            a.iter().copied().collect::<Vec<_>>(),
            vec![0, 1, 2, 3, 4, 5]
        );
        assert_eq!((a[0], a[5], a.last()), (0, 5, Some(&5)));
        assert_eq!(a.get(6), None);
        assert_ne!(a, b);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "[0,1,2,3,4,5]");
        let back: Chain<u32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, a);
    }

    #[test]
    fn a_long_list_drops_without_recursion() {
        let c: Chain<u64> = (0..1_000_000).collect();
        let keep = c.clone();
        drop(c);
        assert_eq!(keep.len(), 1_000_000);
        drop(keep);
    }
}
