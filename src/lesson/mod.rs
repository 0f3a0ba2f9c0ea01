//! The lesson state: one `Params` struct, its limits, and its URL form.
//!
//! Pure and host-tested. `query` is the only module that knows query-string names.

pub mod chapters;
pub mod course;
pub mod decimal;
pub mod embed;
pub mod handout;
pub mod labs;
pub mod lang;
pub mod panels;
pub mod params;
pub mod playlist;
pub mod query;
pub mod steps;
pub mod tools;

pub use lang::Lang;
pub use panels::PanelId;
pub use params::{Field, Params, Theme};
pub use query::{from_query, to_query, Notice, Parsed, Reason};
