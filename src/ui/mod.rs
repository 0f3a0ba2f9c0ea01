//! Leptos components: the app shell, the controls, one file per panel, and canvas plumbing.
//! Only this module touches the DOM.

pub mod add_concat;
pub mod alibi;
pub mod anchors;
pub mod app;
pub mod canvas;
pub mod chart;
pub mod classroom;
pub mod clipboard;
pub mod context;
pub mod controls;
pub mod course;
pub mod dom;
pub mod dot_product;
pub mod embedding;
pub mod export_tools;
pub mod extrapolation;
pub mod finger;
pub mod framed;
pub mod frequencies;
#[cfg(not(target_arch = "wasm32"))]
pub mod handout;
pub mod header;
pub mod heatmap;
pub mod labs;
pub mod math;
pub mod navigate;
pub mod net;
pub mod notices;
pub mod panel;
pub mod panels;
pub mod panic_banner;
pub mod parts;
pub mod pe_vector;
pub mod prerendered;
pub mod real_data;
pub mod rope;
pub mod rotation;
pub mod saturation;
pub mod shell;
pub mod static_links;
pub mod teacher;
pub mod waves;
pub mod word_order;

pub use app::{mount, App};
pub use prerendered::PRERENDERED_ID;
