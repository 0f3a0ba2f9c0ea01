//! Pure pixel work: colour maps, matrix → RGBA buffers, plot geometry. No
//! browser types, so it is tested natively like the core.

pub mod bars;
pub mod colormap;
pub mod curves;
pub mod finger;
pub mod fits;
pub mod heat;
pub mod heatmap;
pub mod layout;
pub mod numbers;
pub mod real_model;
pub mod step_chart;
pub mod svg_plot;
pub mod wavelengths;
