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

/// A set of panels, as a teacher link's `hide=` names them by anchor: one bit per panel.
///
/// ```
/// use pe_explorer::lesson::{panels::PanelSet, PanelId};
/// let set = PanelSet::default().with(PanelId::Rope);
/// assert!(set.contains(PanelId::Rope) && !set.contains(PanelId::Alibi));
/// assert_eq!(set.panels().collect::<Vec<_>>(), [PanelId::Rope]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanelSet(u32);

const _: () = assert!(PanelId::ALL.len() <= 32);

impl PanelSet {
    pub fn with(self, panel: PanelId) -> PanelSet {
        PanelSet(self.0 | 1 << panel.page_index())
    }

    pub fn without(self, panel: PanelId) -> PanelSet {
        PanelSet(self.0 & !(1 << panel.page_index()))
    }

    pub fn contains(self, panel: PanelId) -> bool {
        self.0 & 1 << panel.page_index() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The panels in the set, in page order.
    pub fn panels(self) -> impl Iterator<Item = PanelId> {
        PanelId::ALL.into_iter().filter(move |p| self.contains(*p))
    }

    /// The panel whose anchor is `anchor`.
    pub fn panel(anchor: &str) -> Option<PanelId> {
        PanelId::ALL.into_iter().find(|p| p.anchor() == anchor)
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
