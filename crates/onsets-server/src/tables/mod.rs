//! The tables of every rule edition. A 2026-27 or 2019-20 table is
//! `crate::table` (an actor over the engine's `Match`); a 1969 table is
//! [`host1969`] (an actor over the 1969 `Game`, [`game1969::Table1969`]),
//! reached by the same `TableHandle`, commands and frames
//! (docs/protocol.md), so one WebSocket session plays both.

pub mod game1969;
pub mod host1969;
