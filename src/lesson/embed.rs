//! `embed=`: the one panel or lab an embedded page shows.

use super::labs::LabId;
use super::panels::PanelId;

/// The one panel or lab an embedded page shows (`embed=rope`, `embed=lab-xpos`): a slide or a
/// course page frames it without the rest of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Embed {
    Panel(PanelId),
    Lab(LabId),
}

impl Embed {
    /// Every panel, then every lab, in the page's order.
    pub fn all() -> impl Iterator<Item = Embed> {
        let panels = PanelId::ALL.into_iter().map(Embed::Panel);
        panels.chain(LabId::ALL.iter().copied().map(Embed::Lab))
    }

    /// Its anchor, as `embed=` names it.
    ///
    /// ```
    /// use pe_explorer::lesson::{embed::Embed, PanelId};
    /// assert_eq!(Embed::Panel(PanelId::Rope).anchor(), "rope");
    /// assert_eq!(Embed::from_anchor("lab-xpos").map(Embed::panel), Some(PanelId::Rope));
    /// assert_eq!(Embed::from_anchor("nowhere"), None);
    /// ```
    pub fn anchor(self) -> &'static str {
        match self {
            Embed::Panel(panel) => panel.anchor(),
            Embed::Lab(lab) => lab.anchor(),
        }
    }

    /// The panel it is on.
    pub fn panel(self) -> PanelId {
        match self {
            Embed::Panel(panel) => panel,
            Embed::Lab(lab) => lab.panel(),
        }
    }

    /// The panel or lab whose anchor is `anchor`.
    pub fn from_anchor(anchor: &str) -> Option<Embed> {
        Embed::all().find(|e| e.anchor() == anchor.trim())
    }
}
