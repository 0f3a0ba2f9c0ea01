//! What the page asks of the teacher's tools (`ui::classroom::teacher_tools` to
//! `ui::teacher::start`): one type for both wasms, written and read here. The two talk through
//! the page's loader (`peTools`, a JavaScript function), so a command travels as a string.

use super::labs::LabId;
use super::panels::{PanelId, PanelSet};

/// What an export button saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// The panel's pictures as one PNG at twice the screen's resolution.
    Png,
    /// The panel's pictures as one SVG.
    Svg,
    /// The PE matrix as CSV.
    Csv,
    /// The PE matrix as JSON.
    Json,
    /// NumPy code that rebuilds the PE matrix, copied.
    Numpy,
    /// PyTorch code that rebuilds the PE matrix, copied.
    Pytorch,
}

impl ExportFormat {
    /// What every panel exports: its pictures.
    pub const PICTURES: [ExportFormat; 2] = [ExportFormat::Png, ExportFormat::Svg];
    /// What the heatmap exports: its pictures, the matrix and code that rebuilds it.
    pub const MATRIX: [ExportFormat; 6] = [
        ExportFormat::Png,
        ExportFormat::Svg,
        ExportFormat::Csv,
        ExportFormat::Json,
        ExportFormat::Numpy,
        ExportFormat::Pytorch,
    ];

    /// The format's code: in commands, test ids (`export-<code>-<panel>`) and for export.js.
    pub fn code(self) -> &'static str {
        match self {
            ExportFormat::Png => "png",
            ExportFormat::Svg => "svg",
            ExportFormat::Csv => "csv",
            ExportFormat::Json => "json",
            ExportFormat::Numpy => "numpy",
            ExportFormat::Pytorch => "pytorch",
        }
    }

    /// The format with code `code`.
    ///
    /// ```
    /// use pe_explorer::lesson::tools::ExportFormat;
    /// for format in ExportFormat::MATRIX {
    ///     assert_eq!(ExportFormat::from_code(format.code()), Some(format));
    /// }
    /// assert!(ExportFormat::PICTURES.iter().all(|f| ExportFormat::MATRIX.contains(f)));
    /// assert_eq!(ExportFormat::from_code("PNG"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<ExportFormat> {
        Self::MATRIX.into_iter().find(|f| f.code() == code)
    }
}

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
    /// An export button's file: its format, of a panel.
    Export(ExportFormat, PanelId),
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
    /// use pe_explorer::lesson::tools::{ExportFormat, ToolsCommand};
    /// use pe_explorer::lesson::PanelId;
    /// for command in [
    ///     ToolsCommand::Lesson,
    ///     ToolsCommand::Export(ExportFormat::Png, PanelId::Rope),
    ///     ToolsCommand::Export(ExportFormat::Pytorch, PanelId::Heatmap),
    ///     ToolsCommand::Labs(PanelId::Alibi),
    ///     ToolsCommand::OpenLab(LabId::Xpos),
    ///     ToolsCommand::Step(17),
    /// ] {
    ///     assert_eq!(ToolsCommand::decode(&command.encode()), Some(command));
    /// }
    /// assert_eq!(ToolsCommand::Labs(PanelId::Alibi).encode(), "labs alibi");
    /// assert_eq!(ToolsCommand::decode("labs nowhere"), None);
    /// assert_eq!(ToolsCommand::decode("step 0"), None);
    /// assert_eq!(ToolsCommand::decode("export gif rope"), None);
    /// ```
    pub fn encode(&self) -> String {
        match self {
            ToolsCommand::Lesson => "lesson".into(),
            ToolsCommand::Leave => "leave".into(),
            ToolsCommand::Open => "open".into(),
            ToolsCommand::Share => "share".into(),
            ToolsCommand::Export(format, panel) => {
                format!("export {} {}", format.code(), panel.anchor())
            }
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
                ToolsCommand::Export(ExportFormat::from_code(format)?, PanelSet::panel(anchor)?)
            }
            ("labs", anchor) => ToolsCommand::Labs(PanelSet::panel(anchor)?),
            ("open", anchor) => ToolsCommand::OpenLab(LabId::from_anchor(anchor)?),
            ("step", n) => ToolsCommand::Step(n.parse().ok().filter(|n| *n > 0)?),
            _ => return None,
        })
    }
}

/// What the teacher's tools ask of the page on its `pe-set-state` channel: the page owns the
/// state, so the tools ask for a change instead of making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageRequest {
    /// Take this query string as the state.
    State(String),
    /// While an export makes a panel's pictures: draw the panel's canvases, off screen ones
    /// too, at `scale` device pixels per CSS pixel (2 for a PNG, 1 for an SVG's recording);
    /// 0 puts every canvas back as it was.
    Redraw {
        /// Device pixels per CSS pixel, or 0 for as before.
        scale: u8,
        /// The panel being exported.
        panel: PanelId,
    },
}

impl PageRequest {
    /// The request as its message: a redraw is `export <scale> <panel>`, a state its query.
    ///
    /// ```
    /// use pe_explorer::lesson::tools::PageRequest;
    /// use pe_explorer::lesson::PanelId;
    /// let redraw = PageRequest::Redraw { scale: 2, panel: PanelId::Rope };
    /// assert_eq!(redraw.encode(), "export 2 rope");
    /// assert_eq!(PageRequest::decode(&redraw.encode()), redraw);
    /// let state = PageRequest::State("?pos=3".into());
    /// assert_eq!(PageRequest::decode(&state.encode()), state);
    /// // A redraw that names no panel or no scale is read as a query, which reads nothing.
    /// assert_eq!(PageRequest::decode("export x rope"), PageRequest::State("export x rope".into()));
    /// ```
    pub fn encode(&self) -> String {
        match self {
            PageRequest::State(query) => query.clone(),
            PageRequest::Redraw { scale, panel } => format!("export {scale} {}", panel.anchor()),
        }
    }

    /// The request a message gives.
    pub fn decode(text: &str) -> PageRequest {
        let redraw = text.strip_prefix("export ").and_then(|rest| {
            let (scale, anchor) = rest.split_once(' ')?;
            // Whole numbers: `str::parse::<f64>` would bring 14 KB of float parsing (docs/bundle.md).
            let scale = scale.parse().ok()?;
            Some(PageRequest::Redraw {
                scale,
                panel: PanelSet::panel(anchor)?,
            })
        });
        redraw.unwrap_or_else(|| PageRequest::State(text.to_string()))
    }
}
