//! Pure pixel work: colour maps, matrix → RGBA buffers, plot geometry. No
//! browser types, so it is tested natively like the core.

pub mod colormap;
pub mod heatmap;
pub mod layout;
pub mod real_model;
pub mod rope_extension;
pub mod svg_plot;
