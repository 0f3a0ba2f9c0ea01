//! The labs (docs/internals.md, "Labs"): one file each, holding the lab's title and
//! explanation, its settings, their defaults and one [`LabValues`] table of what a link carries
//! (its prefix, each number with its range and rounding, the rules between them); and one list,
//! `labs!` below, from which the lab's id, the page's contents, the prefixes a shared link keeps
//! and the check on lesson steps' values all come.
//!
//! The page's URL table (`query`) is compiled into the page every student loads, so a lab keeps
//! its values under its own prefix (`rx_` for the context-extension lab), which the page's reader
//! ignores: the lab reads them from the link as it was opened and writes them back beside the
//! page's values. Everything here is plain data and functions: the page reads [`LABS`] (titles,
//! anchors, panels) without any lab's code coming with it.

mod values;

pub use values::{
    lab_pairs, open_labs_in, without_prefix, Choice, LabLink, LabName, LabNumber, LabProblem,
    LabSettings, LabValues, LinkedValues, OPEN_LABS_KEY,
};

use super::panels::PanelId;

/// What every lab's file uses: the table's types and the macros that write it.
mod prelude {
    pub use super::{Choice, Lab, LabLink, LabName, LabNumber, LabProblem, LabSettings, LabValues};
    pub use crate::lesson::PanelId;
    pub use crate::{choice, lab_name, lab_number, lab_settings};
}

/// What the contents and a lab's fold put before its title.
pub const LAB_WORD: [&str; 2] = ["Lab: ", "实验："];

/// A lab as the page lists it: its heading's id, the panel it is drawn under, its title and its
/// explanation, each `[English, 中文]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lab {
    pub anchor: &'static str,
    pub panel: PanelId,
    pub title: [&'static str; 2],
    /// Its explanation, whose glossary terms the chapter links (`course::panel_terms`).
    pub text: [&'static str; 2],
}

impl Lab {
    pub const fn new(
        anchor: &'static str,
        panel: PanelId,
        title: [&'static str; 2],
        text: [&'static str; 2],
    ) -> Lab {
        Lab {
            anchor,
            panel,
            title,
            text,
        }
    }
}

/// The list of labs: one line a lab, `Id: module, Settings;` (`()` for a lab without values in
/// the URL). It declares the module, the lab's [`LabId`], its place in [`LABS`] (the page's
/// order: by panel, then as the panel shows them), its prefix in [`lab_prefixes`], its reader
/// in [`some_lab_value_unusable`] and its table in [`table_problems`].
macro_rules! labs {
    ($($id:ident: $module:ident, $settings:ty;)*) => {
        $(pub mod $module;)*

        /// A lab, by its place in [`LABS`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum LabId {
            $($id,)*
        }

        impl LabId {
            /// Every lab, in the page's order.
            pub const ALL: &'static [LabId] = &[$(LabId::$id,)*];

            /// Its heading's id (`lab-xpos`). Taken from its entry at compile time, as `panel`:
            /// the page's wasm links labs by these and carries none of the labs' words.
            pub fn anchor(self) -> &'static str {
                match self {
                    $(LabId::$id => const { $module::LAB.anchor },)*
                }
            }

            /// Its title, `[English, 中文]`, for the fold the page draws (taken as `anchor` is:
            /// the page carries the titles, not the labs' explanations).
            pub fn title(self) -> [&'static str; 2] {
                match self {
                    $(LabId::$id => const { $module::LAB.title },)*
                }
            }

            /// The panel it is drawn under.
            pub fn panel(self) -> PanelId {
                match self {
                    $(LabId::$id => const { $module::LAB.panel },)*
                }
            }
        }

        /// Every lab, in the page's order (`LabId as usize` is its place).
        pub const LABS: &[Lab] = &[$($module::LAB,)*];

        /// Every lab's prefix: the pairs a shared link carries beside the page's (the open labs'
        /// list first).
        pub fn lab_prefixes() -> impl Iterator<Item = &'static str> {
            let prefixes = [$(<$settings as LinkedValues>::PREFIX,)*];
            std::iter::once(OPEN_LABS_KEY).chain(prefixes.into_iter().flatten())
        }

        /// Whether some lab's reader could not take `query`'s values as they are (it clamped,
        /// kept or fixed one): a lesson step's values must be ones their lab takes.
        pub fn some_lab_value_unusable(query: &str) -> bool {
            false $(|| <$settings as LinkedValues>::unusable(query))*
        }

        /// Each lab's table's problem, if it has one (`LinkedValues::table_problem`), by its
        /// heading's id: `tests/labs.rs` asks every lab of the list.
        pub fn table_problems() -> Vec<(&'static str, String)> {
            [$(($module::LAB.anchor, <$settings as LinkedValues>::table_problem()),)*]
                .into_iter()
                .filter_map(|(anchor, problem)| Some((anchor, problem?)))
                .collect()
        }
    };
}

labs! {
    ModelPath: model_path, model_path::ModelPathSettings;
    WeightTying: weight_tying, weight_tying::TyingSettings;
    Numbering: numbering, ();
    TextsCode: texts_code, ();
    ShiftOperator: shift_operator, shift_operator::ShiftSettings;
    BasisFit: basis_fit, basis_fit::BasisSettings;
    TrainingStep: training_step, training_step::TrainingSettings;
    Train: train, train::TrainSettings;
    RopeComplex: rope_complex, ();
    RopeExtension: rope_extension, rope_extension::RopeExtensionSettings;
    Xpos: xpos, xpos::XposSettings;
    Rope2d: rope_2d, rope_2d::Rope2dSettings;
    FamilyTree: family_tree, ();
    RelativeBias: relative_bias, relative_bias::RelativeBiasSettings;
    Nope: nope, nope::NopeSettings;
}

/// What every lab's heading id starts with (`lab-xpos`), and no panel's.
pub const LAB_ANCHOR_PREFIX: &str = "lab-";

impl LabId {
    /// The lab's entry in [`LABS`], with its words (the page's wasm does not need them: the
    /// static page has them).
    pub fn lab(self) -> &'static Lab {
        &LABS[self as usize]
    }

    /// The lab's name in a link's list of open labs (`labs=xpos`): its heading's id without the
    /// `lab-` every lab's heading starts with.
    ///
    /// ```
    /// use pe_explorer::lesson::labs::LabId;
    /// assert_eq!(LabId::Xpos.link_name(), "xpos");
    /// assert_eq!(LabId::RopeComplex.link_name(), "rope-complex");
    /// ```
    pub fn link_name(self) -> &'static str {
        let anchor = self.anchor();
        anchor.strip_prefix(LAB_ANCHOR_PREFIX).unwrap_or(anchor)
    }

    /// The lab whose heading is `anchor`.
    ///
    /// ```
    /// use pe_explorer::lesson::labs::LabId;
    /// assert_eq!(LabId::from_anchor("lab-xpos"), Some(LabId::Xpos));
    /// assert_eq!(LabId::from_anchor("xpos"), None);
    /// ```
    pub fn from_anchor(anchor: &str) -> Option<LabId> {
        LabId::ALL.iter().copied().find(|id| id.anchor() == anchor)
    }

    /// The labs drawn under `panel`, in the order it shows them.
    pub fn under(panel: PanelId) -> impl Iterator<Item = LabId> {
        LabId::ALL
            .iter()
            .copied()
            .filter(move |id| id.panel() == panel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_lab_has_its_own_anchor_and_is_listed_under_its_panel() {
        assert_eq!(LABS.len(), LabId::ALL.len());
        for (n, id) in LabId::ALL.iter().enumerate() {
            assert_eq!(*id as usize, n);
            assert!(id.anchor().starts_with(LAB_ANCHOR_PREFIX));
            assert_eq!(LabId::from_anchor(id.anchor()), Some(*id));
            assert_eq!((id.anchor(), id.panel()), (id.lab().anchor, id.lab().panel));
            assert_eq!(id.title(), id.lab().title);
            assert!(LabId::under(id.lab().panel).any(|other| other == *id));
        }
        // The page's order: a panel's labs together, the panels in page order.
        let panels: Vec<usize> = LABS.iter().map(|l| l.panel.page_index()).collect();
        assert!(panels.windows(2).all(|w| w[0] <= w[1]), "{panels:?}");
    }

    #[test]
    fn each_prefix_is_one_labs_alone() {
        let prefixes: Vec<&str> = lab_prefixes().collect();
        for (n, a) in prefixes.iter().enumerate() {
            for b in &prefixes[n + 1..] {
                assert!(!a.starts_with(b) && !b.starts_with(a), "{a} and {b}");
            }
        }
    }
}
