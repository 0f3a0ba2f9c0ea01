//! The lesson context every component reads: the one state signal and its language, provided
//! by [`App`](super::App) and taken with [`use_lesson`]. Panels import this module, never
//! `app.rs` (which imports the panels).

use leptos::prelude::*;

use crate::i18n::{Bilingual, Key, Translate};
use crate::lesson::panels::PanelSet;
use crate::lesson::params::FieldSet;
use crate::lesson::query::ChosenValues;
use crate::lesson::{Field, Lang, PanelId, Params};

/// The lesson state shared with every panel. A `Copy` handle to one signal: panels read it and
/// the controls write it, so there is exactly one source of truth for what the URL says.
#[derive(Clone, Copy)]
pub struct Lesson {
    pub params: RwSignal<Params>,
    /// `params.lang`, as its own memo so that text re-renders only when the language changes.
    pub lang: Memo<Lang>,
    /// A teacher link's hidden and locked controls, as their own memo: every control reads them,
    /// and a slider move must not re-run those reads.
    teacher: Memo<(FieldSet, FieldSet, PanelSet)>,
    /// The values chosen for fields that other controls now hold lower (k by pos, i by
    /// d_model…), restored when they fit again.
    pub chosen: RwSignal<ChosenValues>,
}

impl Lesson {
    /// The context for a state signal.
    pub fn new(params: RwSignal<Params>) -> Lesson {
        Lesson {
            params,
            lang: Memo::new(move |_| params.with(|p| p.lang)),
            teacher: Memo::new(move |_| params.with(|p| (p.hidden, p.locked, p.hidden_panels))),
            chosen: RwSignal::new(ChosenValues::default()),
        }
    }

    /// Sets one field from its control: the nearest valid state, with every value another
    /// control had pushed down brought back as far as it now fits ([`ChosenValues`]).
    pub fn set(self, field: Field, value: f64) {
        let state = self.params.get_untracked();
        let mut chosen = self.chosen.get_untracked();
        let next = chosen.set(state, field, value);
        self.chosen.set(chosen);
        self.params.set(next);
    }

    /// Whether a teacher link hides `field`'s control (`hide=`).
    pub fn hidden(self, field: Field) -> bool {
        self.teacher.with(|(hidden, ..)| hidden.contains(field))
    }

    /// Whether a teacher link locks `field`'s control (`lock=`).
    pub fn locked(self, field: Field) -> bool {
        self.teacher.with(|(_, locked, _)| locked.contains(field))
    }

    /// Whether a teacher link hides panel `panel` (`hide=` with its anchor).
    pub fn panel_hidden(self, panel: PanelId) -> bool {
        self.teacher.with(|(.., panels)| panels.contains(panel))
    }
}

/// Reads the lesson context; every component is rendered under [`App`](super::App), which
/// provides it.
pub fn use_lesson() -> Lesson {
    // Not `expect_context`: its panic message formats the type's name with `{:?}`, which brings
    // the Unicode tables of `str`'s Debug formatting into the page (docs/bundle.md).
    use_context::<Lesson>().expect("the lesson context")
}

/// `text` (a key of the strings' table, or a lab's `[English, 中文]` pair) in the lesson's
/// language, as a reactive value for a view or an attribute.
pub fn tr(text: impl Bilingual) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lesson().lang;
    move || text.in_language(lang.get())
}

/// What a teacher link does to the control of `field`: `hidden` hides the whole control,
/// `disabled` and `title` lock it and say why. Spread on the control's outer element and its
/// input: `<div hidden=restriction.hidden() data-hide-as=restriction.hide_as()>` and `<input disabled=restriction.disabled() title=restriction.title()>`.
#[derive(Clone, Copy)]
pub struct Restriction {
    lesson: Lesson,
    field: Field,
}

impl Restriction {
    pub fn of(field: Field) -> Restriction {
        Restriction {
            lesson: use_lesson(),
            field,
        }
    }

    pub fn hidden(self) -> impl Fn() -> bool + Copy + Send + Sync + 'static {
        move || self.lesson.hidden(self.field)
    }

    /// The name `hide=` gives the control (`data-hide-as`): the page's first script hides what
    /// a link names from the first paint, before the wasm (index.html, `static_links::keep_hidden_list`).
    pub fn hide_as(self) -> &'static str {
        self.field.symbol()
    }

    pub fn disabled(self) -> impl Fn() -> bool + Copy + Send + Sync + 'static {
        move || self.lesson.locked(self.field)
    }

    /// "Locked by this link" on a locked control, nothing otherwise.
    pub fn title(self) -> impl Fn() -> Option<&'static str> + Copy + Send + Sync + 'static {
        move || {
            self.lesson
                .locked(self.field)
                .then(|| self.lesson.lang.get().t(Key::Locked))
        }
    }
}
