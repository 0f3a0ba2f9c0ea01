//! The course's chapters as the code needs them: each chapter's id (its page's folder) and its
//! panels, and which page of the site a page is. The chapters' words (title, key
//! points, questions) are in `assets/course.txt` (`course.rs`), read only by the build-time
//! prerender; a test checks that its chapters are these.

use super::panels::PanelId;
use super::steps::STEP_PANELS;

/// One chapter as the code needs it: its page's folder and its panels, in page order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChapterPanels {
    pub id: &'static str,
    pub panels: &'static [PanelId],
}

/// The chapters in the course's order: every panel once, in page order (a test checks it).
pub const CHAPTERS: [ChapterPanels; 8] = [
    ChapterPanels {
        id: "order",
        panels: &[PanelId::WordOrder, PanelId::Embedding],
    },
    ChapterPanels {
        id: "sinusoidal",
        panels: &[
            PanelId::Vector,
            PanelId::Heatmap,
            PanelId::Waves,
            PanelId::Frequencies,
        ],
    },
    ChapterPanels {
        id: "relative",
        panels: &[PanelId::Rotation, PanelId::DotProduct],
    },
    ChapterPanels {
        id: "meeting",
        panels: &[PanelId::AddConcat, PanelId::Saturation],
    },
    ChapterPanels {
        id: "extrapolation",
        panels: &[PanelId::Extrapolation],
    },
    ChapterPanels {
        id: "rope",
        panels: &[PanelId::Rope],
    },
    ChapterPanels {
        id: "schemes",
        panels: &[PanelId::Alibi],
    },
    ChapterPanels {
        id: "real-model",
        panels: &[PanelId::RealData],
    },
];

/// The name of the `<meta>` in every page's head that holds the course's map (the chapters,
/// where each anchor and lesson step is, each lab's panel: the page's first script reads it)
/// and the glossary terms the page's live panels link (`data-terms`). Not on `<html>`: the
/// charset must be declared within a page's first 1 024 bytes.
pub const COURSE_META: &str = "pe-course";

/// The folder of the glossary's page.
pub const GLOSSARY_FOLDER: &str = "glossary";

/// The folder of the exam summary's page (one sheet per chapter).
pub const SUMMARY_FOLDER: &str = "summary";

/// Which page of the site a page is: the course's contents (the site's root), a chapter (its
/// index in [`CHAPTERS`]), the exam summary or the glossary. Each exists once per language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Home,
    Chapter(usize),
    Summary,
    Glossary,
}

impl Page {
    /// Every page of one language, in the course's order.
    pub fn all() -> impl Iterator<Item = Page> {
        std::iter::once(Page::Home)
            .chain((0..CHAPTERS.len()).map(Page::Chapter))
            .chain([Page::Summary, Page::Glossary])
    }

    /// The page's folder below its language's folder ("" for the contents).
    ///
    /// ```
    /// use pe_explorer::lesson::chapters::Page;
    /// assert_eq!(Page::Chapter(5).folder(), "rope");
    /// assert_eq!(Page::from_folder("rope"), Page::Chapter(5));
    /// ```
    pub fn folder(self) -> &'static str {
        match self {
            Page::Home => "",
            Page::Chapter(n) => CHAPTERS.get(n).map_or("", |c| c.id),
            Page::Summary => SUMMARY_FOLDER,
            Page::Glossary => GLOSSARY_FOLDER,
        }
    }

    /// The page whose folder is `folder` (`<html data-page>`); the contents for any other.
    pub fn from_folder(folder: &str) -> Page {
        match folder {
            GLOSSARY_FOLDER => return Page::Glossary,
            SUMMARY_FOLDER => return Page::Summary,
            _ => {}
        }
        CHAPTERS
            .iter()
            .position(|c| c.id == folder)
            .map_or(Page::Home, Page::Chapter)
    }

    /// The panels the page shows (none but a chapter's).
    pub fn panels(self) -> &'static [PanelId] {
        match self {
            Page::Chapter(n) => CHAPTERS.get(n).map_or(&[], |c| c.panels),
            _ => &[],
        }
    }

    /// How many folders the page is below the site's root, in `zh` if `chinese`.
    pub fn depth(self, chinese: bool) -> usize {
        usize::from(chinese) + usize::from(self != Page::Home)
    }
}

/// The address of page `to` from page `from` of the same language (both in one language's
/// folder): relative, so the site works at any path; `hash` without its `#`.
///
/// ```
/// use pe_explorer::lesson::chapters::{page_href, Page};
/// assert_eq!(page_href(Page::Chapter(0), Page::Chapter(5), "rope"), "../rope/#rope");
/// assert_eq!(page_href(Page::Chapter(5), Page::Chapter(5), "rope"), "#rope");
/// assert_eq!(page_href(Page::Home, Page::Glossary, ""), "glossary/");
/// assert_eq!(page_href(Page::Glossary, Page::Home, ""), "../");
/// ```
pub fn page_href(from: Page, to: Page, hash: &str) -> String {
    let hash = if hash.is_empty() {
        String::new()
    } else {
        format!("#{hash}")
    };
    if from == to && !hash.is_empty() {
        return hash;
    }
    let up = if from == Page::Home { "" } else { "../" };
    let folder = match to.folder() {
        "" if up.is_empty() => "./".to_owned(),
        "" => String::new(),
        folder => format!("{folder}/"),
    };
    format!("{up}{folder}{hash}")
}

/// Where a link to `anchor` (a panel's or a lab's heading) goes from page `from` in the state
/// `params`: the anchor itself when its panel is on `from`, else its chapter's page with the
/// state's values (not the lesson step), relative, so the prerender and the app write the same.
///
/// ```
/// use pe_explorer::lesson::{chapters::{anchor_href, Page}, Params};
/// let params = Params { d_model: 64, ..Params::default() };
/// assert_eq!(anchor_href("lab-xpos", Page::Chapter(5), &params), "#lab-xpos");
/// assert_eq!(anchor_href("lab-xpos", Page::Chapter(6), &params), "../rope/?d_model=64&lang=en#lab-xpos");
/// ```
pub fn anchor_href(anchor: &str, from: Page, params: &super::Params) -> String {
    let panel = super::labs::LabId::from_anchor(anchor)
        .map(super::labs::LabId::panel)
        .or_else(|| super::panels::PanelSet::panel(anchor));
    match panel {
        Some(panel) if !from.panels().contains(&panel) => {
            let to = Page::Chapter(chapter_of(panel));
            let query = super::to_query(&super::Params { step: 0, ..*params });
            format!("{}?{query}#{anchor}", page_href(from, to, ""))
        }
        _ => format!("#{anchor}"),
    }
}

/// The chapter that holds `panel`.
pub fn chapter_of(panel: PanelId) -> usize {
    CHAPTERS
        .iter()
        .position(|c| c.panels.contains(&panel))
        .unwrap_or(0)
}

/// The chapter of lesson step `step` (1-based), if there is such a step.
pub fn chapter_of_step(step: usize) -> Option<usize> {
    let panel = STEP_PANELS.get(step.checked_sub(1)?)?;
    Some(chapter_of(*panel))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chapters_hold_every_panel_once_in_page_order() {
        let in_order: Vec<PanelId> = CHAPTERS.iter().flat_map(|c| c.panels.to_vec()).collect();
        assert_eq!(in_order, PanelId::ALL);
    }

    const LANGUAGE_FOLDER: &str = "zh";

    #[test]
    fn every_page_has_its_own_folder_and_is_found_by_it() {
        let pages: Vec<Page> = Page::all().collect();
        // The contents, each chapter, the exam summary and the glossary.
        assert_eq!(pages.len(), CHAPTERS.len() + 3);
        for page in pages {
            assert_eq!(Page::from_folder(page.folder()), page);
        }
        // A chapter's folder never names a panel's anchor of another chapter's page, nor the
        // language folder.
        assert!(CHAPTERS
            .iter()
            .all(|c| ![LANGUAGE_FOLDER, SUMMARY_FOLDER, GLOSSARY_FOLDER].contains(&c.id)));
    }

    #[test]
    fn each_step_belongs_to_the_chapter_of_its_panel() {
        assert_eq!(chapter_of_step(1), Some(0));
        assert_eq!(chapter_of_step(17), Some(5));
        assert_eq!(chapter_of_step(0), None);
        assert_eq!(chapter_of_step(STEP_PANELS.len() + 1), None);
    }
}
