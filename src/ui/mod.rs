//! Leptos components: the app shell, the controls, one file per panel, and canvas plumbing.
//! Only this module touches the DOM.

pub mod app;
pub mod canvas;
pub mod controls;
pub mod notices;
pub mod pe_vector;

pub use app::App;
