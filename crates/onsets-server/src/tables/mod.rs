//! The games of the rule editions as a table holds them, beside the one
//! table actor (`crate::table`): [`game1969`], a 1969 game with its seats,
//! its bots and their challenge window (M69 §§2–3), hosted by the actor and
//! by the HTTP alias (`crate::table1969`).

pub mod game1969;
