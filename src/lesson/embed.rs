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

/// The sizes the share dialog's `<iframe>` code offers, width × height in CSS pixels, the first
/// the one it starts with: a 16 : 9 slide's at three sizes, then 4 : 3 for a course page. An
/// embedded page lays itself out as a slide in any frame at least 3 : 2 wide and 400 px tall, its
/// type in proportion to the frame (`style/main.css`, `ui/framed.rs`); the browser tests check
/// every part at these slide sizes and at 768 × 432, a frame made narrower by its page.
pub const FRAME_SIZES: [(u32, u32); 4] = [(960, 540), (1280, 720), (1920, 1080), (800, 600)];

/// What has the focus when a key is pressed in an embedded page, as far as the keys a slide uses
/// are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyTarget {
    /// The page itself, a chart or a text: none of a slide's keys means anything there.
    Page,
    /// A control (a slider, a button, a checkbox, a list): its arrows, Space and letters move it.
    Control,
    /// A box the key is typed into (a text field; a number box for "."): the character is its own.
    TextBox,
}

/// The slide-software command (a reveal.js API method, called through its postMessage API) for
/// a key pressed inside an embedded page, when the key is the slide's rather than the page's:
/// a clicker's PageDown / PageUp from any focus (as in lesson mode: a slider's page step gives
/// way to them), its blank-screen keys B and "." unless they are typed, and the keyboard's
/// other slide keys (Space, N, P, the arrows) only where no control uses them. The keys and
/// their methods are reveal.js's own keyboard bindings (docs/sources.md), the arrows as in a deck
/// of one row of slides (its linear mode: → and ↓ the next, ← and ↑ the previous).
///
/// ```
/// use pe_explorer::lesson::embed::{slide_command, KeyTarget};
/// assert_eq!(slide_command("PageDown", false, KeyTarget::Control), Some("next"));
/// assert_eq!(slide_command("ArrowRight", false, KeyTarget::Control), None);
/// assert_eq!(slide_command("ArrowRight", false, KeyTarget::Page), Some("next"));
/// assert_eq!(slide_command("b", false, KeyTarget::TextBox), None);
/// ```
pub fn slide_command(key: &str, shift: bool, target: KeyTarget) -> Option<&'static str> {
    let on_page = target == KeyTarget::Page;
    let typed = target == KeyTarget::TextBox;
    match key {
        "PageDown" => Some("next"),
        "PageUp" => Some("prev"),
        "b" | "B" | "." if !typed => Some("togglePause"),
        " " if on_page => Some(if shift { "prev" } else { "next" }),
        "n" | "N" if on_page => Some("next"),
        "p" | "P" if on_page => Some("prev"),
        "ArrowRight" | "ArrowDown" if on_page => Some("next"),
        "ArrowLeft" | "ArrowUp" if on_page => Some("prev"),
        _ => None,
    }
}

/// The message an embedded page posts to the page that frames it for `command` (from
/// [`slide_command`]), pressed as `key`: reveal.js's postMessage API reads a JSON string with
/// `method` and `args`; `namespace` and `key` let any other page that frames it do the same.
pub fn slide_message(command: &str, key: &str) -> String {
    let key: String = if key == " " {
        "Space".into()
    } else {
        key.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
            .collect()
    };
    format!(r#"{{"namespace":"pe-explorer","method":"{command}","args":[],"key":"{key}"}}"#)
}
