//! The panels of the page, in its order: the one list from which the page, its table of contents
//! and lesson mode's steps take their panels. Each panel's title, text and view are looked up
//! by exhaustive `match` (`i18n::panel_title`, `ui::panels::render`), so a new entry here that
//! lacks one of them does not compile.

/// One panel of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PanelId {
    WordOrder,
    Embedding,
    Vector,
    Heatmap,
    Waves,
    Frequencies,
    Rotation,
    DotProduct,
    AddConcat,
    Saturation,
    Extrapolation,
    Rope,
    Alibi,
    RealData,
}

impl PanelId {
    /// Every panel, in the order of the page and of the source texts: why order matters, the
    /// input path, the formula and its pictures, its relative-position property, how it meets
    /// the word vector, what came after it, and last a real model.
    pub const ALL: [PanelId; 14] = [
        PanelId::WordOrder,
        PanelId::Embedding,
        PanelId::Vector,
        PanelId::Heatmap,
        PanelId::Waves,
        PanelId::Frequencies,
        PanelId::Rotation,
        PanelId::DotProduct,
        PanelId::AddConcat,
        PanelId::Saturation,
        PanelId::Extrapolation,
        PanelId::Rope,
        PanelId::Alibi,
        PanelId::RealData,
    ];

    /// The panel's anchor: its element id, so `…#rope` opens at it.
    ///
    /// ```
    /// use pe_explorer::lesson::PanelId;
    /// assert_eq!(PanelId::DotProduct.anchor(), "dot-product");
    /// ```
    pub fn anchor(self) -> &'static str {
        match self {
            PanelId::WordOrder => "word-order",
            PanelId::Embedding => "embedding",
            PanelId::Vector => "vector",
            PanelId::Heatmap => "heatmap",
            PanelId::Waves => "waves",
            PanelId::Frequencies => "frequencies",
            PanelId::Rotation => "rotation",
            PanelId::DotProduct => "dot-product",
            PanelId::AddConcat => "add-concat",
            PanelId::Saturation => "saturation",
            PanelId::Extrapolation => "extrapolation",
            PanelId::Rope => "rope",
            PanelId::Alibi => "alibi",
            PanelId::RealData => "real-data",
        }
    }

    /// Where the panel stands on the page (0 for the first).
    pub fn page_index(self) -> usize {
        PanelId::ALL.iter().position(|p| *p == self).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_are_unique() {
        for (n, a) in PanelId::ALL.iter().enumerate() {
            for b in &PanelId::ALL[n + 1..] {
                assert_ne!(a.anchor(), b.anchor());
            }
            assert_eq!(a.page_index(), n);
        }
    }
}
