//! What the page asks of the teacher's tools (`ui::classroom::teacher_tools` to
//! `ui::teacher::start`): one type for both wasms, written and read here. The two talk through
//! the page's loader (`peTools`, a JavaScript function), so a command travels as a string.

use super::labs::LabId;
use super::panels::{PanelId, PanelSet};

/// A command for the teacher's tools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToolsCommand {
    /// Start lesson mode (the plan picker).
    Lesson,
    /// Leave lesson mode.
    Leave,
    /// The page was opened at a lesson step, plan or list of steps: take it from there.
    Open,
    /// Open the share dialog.
    Share,
    /// An export button's file: its format (`png`, `svg`, `csv`, `json`, `numpy`, `pytorch`)
    /// of a panel.
    Export(String, PanelId),
    /// Draw the labs of a panel into its folds (a reader opened one, or one the link opened came near).
    Labs(PanelId),
    /// Draw and unfold a lab, then scroll to it (a link to its heading).
    OpenLab(LabId),
    /// Go to lesson step n in lesson mode (a link to a step followed inside the app).
    Step(usize),
}

impl ToolsCommand {
    /// The command as its message.
    ///
    /// ```
    /// use pe_explorer::lesson::labs::LabId;
    /// use pe_explorer::lesson::tools::ToolsCommand;
    /// use pe_explorer::lesson::PanelId;
    /// for command in [
    ///     ToolsCommand::Lesson,
    ///     ToolsCommand::Export("png".into(), PanelId::Rope),
    ///     ToolsCommand::Labs(PanelId::Alibi),
    ///     ToolsCommand::OpenLab(LabId::Xpos),
    ///     ToolsCommand::Step(17),
    /// ] {
    ///     assert_eq!(ToolsCommand::decode(&command.encode()), Some(command));
    /// }
    /// assert_eq!(ToolsCommand::Labs(PanelId::Alibi).encode(), "labs alibi");
    /// assert_eq!(ToolsCommand::decode("labs nowhere"), None);
    /// assert_eq!(ToolsCommand::decode("step 0"), None);
    /// ```
    pub fn encode(&self) -> String {
        match self {
            ToolsCommand::Lesson => "lesson".into(),
            ToolsCommand::Leave => "leave".into(),
            ToolsCommand::Open => "open".into(),
            ToolsCommand::Share => "share".into(),
            ToolsCommand::Export(format, panel) => format!("export {format} {}", panel.anchor()),
            ToolsCommand::Labs(panel) => format!("labs {}", panel.anchor()),
            ToolsCommand::OpenLab(lab) => format!("open {}", lab.anchor()),
            ToolsCommand::Step(n) => format!("step {n}"),
        }
    }

    /// The command a message gives; `None` for one no command writes.
    pub fn decode(text: &str) -> Option<ToolsCommand> {
        let (verb, rest) = text.split_once(' ').unwrap_or((text, ""));
        Some(match (verb, rest) {
            ("lesson", "") => ToolsCommand::Lesson,
            ("leave", "") => ToolsCommand::Leave,
            ("open", "") => ToolsCommand::Open,
            ("share", "") => ToolsCommand::Share,
            ("export", rest) => {
                let (format, anchor) = rest.split_once(' ')?;
                ToolsCommand::Export(format.into(), PanelSet::panel(anchor)?)
            }
            ("labs", anchor) => ToolsCommand::Labs(PanelSet::panel(anchor)?),
            ("open", anchor) => ToolsCommand::OpenLab(LabId::from_anchor(anchor)?),
            ("step", n) => ToolsCommand::Step(n.parse().ok().filter(|n| *n > 0)?),
            _ => return None,
        })
    }
}
