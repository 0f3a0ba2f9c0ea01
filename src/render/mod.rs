//! Pure pixel work: colour maps, matrix → RGBA buffers, plot geometry. No
//! browser types, so it is tested natively like the core.

pub mod basis_fit;
pub mod colormap;
pub mod family;
pub mod heatmap;
pub mod layout;
pub mod numbers;
pub mod real_model;
pub mod rope_extension;
pub mod shift_operator;
pub mod svg_plot;
