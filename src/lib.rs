//! PE Explorer (位置编码探索器): an interactive lesson on positional encodings.
//!
//! Data flows one way: URL ⇄ lesson state → core computation (memoised) → drawing.

// The prerender's HTML rendering nests the whole page's view types more deeply than the DOM's.
#![cfg_attr(feature = "ssr", recursion_limit = "256")]

/// The pure-Rust encoding core: every formula of the lesson, no web types.
pub mod encoding;
/// The PE matrix as CSV, JSON and NumPy / PyTorch code, shared by the app and the `pe_csv` example.
pub mod export;
/// Every user-visible string, in English and 简体中文.
pub mod i18n;
/// The lesson state (`Params`), its limits, and its URL form.
pub mod lesson;
/// The student link's QR code as SVG (for the teacher's tools only).
pub mod qr;
/// Pure pixel work: colour maps, heatmap buffers, plot geometry.
pub mod render;
/// Leptos components; the only module that touches the DOM.
pub mod ui;
