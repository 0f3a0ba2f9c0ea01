//! Each panel's view, by its entry in the page's one panel list ([`PanelId::ALL`]).

use leptos::prelude::*;

use super::add_concat::AddConcatPanel;
use super::alibi::AlibiPanel;
use super::dot_product::DotProductPanel;
use super::embedding::EmbeddingPanel;
use super::extrapolation::ExtrapolationPanel;
use super::frequencies::FrequenciesPanel;
use super::heatmap::HeatmapPanel;
use super::pe_vector::PeVectorPanel;
use super::real_data::RealDataPanel;
use super::rope::RopePanel;
use super::rotation::RotationPanel;
use super::saturation::SaturationPanel;
use super::waves::WavesPanel;
use super::word_order::WordOrderPanel;
use crate::lesson::PanelId;

/// The view of `panel`.
pub fn render(panel: PanelId) -> AnyView {
    match panel {
        PanelId::WordOrder => view! { <WordOrderPanel /> }.into_any(),
        PanelId::Embedding => view! { <EmbeddingPanel /> }.into_any(),
        PanelId::Vector => view! { <PeVectorPanel /> }.into_any(),
        PanelId::Heatmap => view! { <HeatmapPanel /> }.into_any(),
        PanelId::Waves => view! { <WavesPanel /> }.into_any(),
        PanelId::Frequencies => view! { <FrequenciesPanel /> }.into_any(),
        PanelId::Rotation => view! { <RotationPanel /> }.into_any(),
        PanelId::DotProduct => view! { <DotProductPanel /> }.into_any(),
        PanelId::AddConcat => view! { <AddConcatPanel /> }.into_any(),
        PanelId::Saturation => view! { <SaturationPanel /> }.into_any(),
        PanelId::Extrapolation => view! { <ExtrapolationPanel /> }.into_any(),
        PanelId::Rope => view! { <RopePanel /> }.into_any(),
        PanelId::Alibi => view! { <AlibiPanel /> }.into_any(),
        PanelId::RealData => view! { <RealDataPanel /> }.into_any(),
    }
}
