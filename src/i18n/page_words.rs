//! Words only the build writes: the fixed parts of the prerendered course (`ui::course`: a
//! chapter's headings, the menu, the glossary's page) and the printed handouts (`ui::handout`).
//! Native only, so neither the page's wasm nor `zh.txt` carries them; `[English, 中文]`, as a
//! [`Lang::pick`](crate::lesson::Lang::pick) takes them.

/// A text in both languages: English, then Chinese.
pub type Words = [&'static str; 2];

pub const CHAPTER_NAVIGATION: Words = ["Chapters", "章节导航"];
pub const CHAPTER_OF: Words = ["Chapter {n} of {count}", "第 {n} 章，共 {count} 章"];
pub const CHECK_YOURSELF: Words = ["Check yourself", "自测"];
pub const CHECK_YOURSELF_INTRO: Words = ["Answer each question before you open its answer. A question from lesson mode can be set up on the page by its link.", "先自己作答，再展开答案。来自课堂模式的题目，可以点它的链接在页面上重现题目的设置。"];
pub const COURSE_CONTENTS: Words = ["The course, chapter by chapter", "课程目录"];
pub const COURSE_INTRO: Words = ["Eight short chapters, from why order matters to a real model's learned positions. Each opens with its key points and ends with questions to check yourself; the panels and labs listed under a chapter are on its page.", "共八章，从为什么需要位置讲到真实模型的可学习位置表。每章开头是要点，结尾是自测题；每章下列出的各节和实验都在该章的页面上。"];
pub const GLOSSARY: Words = ["Glossary", "术语表"];
pub const GLOSSARY_FIND: Words = ["Find a term", "查找术语"];
pub const GLOSSARY_INDEX: Words = ["Index", "索引"];
pub const HANDOUT_ANSWER_LABEL: Words = ["Answer", "答案"];
pub const HANDOUT_ANSWERS_TITLE: Words = ["Answer key", "答案"];
pub const HANDOUT_CLICKER_ONLY: Words = ["Every step runs on the clicker alone: Page Down reveals, then moves on; Page Up takes a reveal back, then goes back; B blanks the screen. No step needs the mouse.", "每一步都只用翻页笔：Page Down 先揭晓答案，再进入下一步；Page Up 先收回已揭晓的答案，再回到上一步；B 让屏幕变黑。没有哪一步需要鼠标。"];
pub const HANDOUT_CLICKER_RUN: Words = ["Clicker: the first Page Down starts the training run in the lab, and the answer shows when the run ends (a few seconds); Page Up stops waiting.", "翻页笔：第一次按 Page Down 会在实验中开始训练，训练结束时显示答案（几秒钟）；按 Page Up 则不再等待。"];
pub const HANDOUT_COLUMN_CLOCK: Words = ["From–to (min)", "起止（分钟）"];
pub const HANDOUT_COLUMN_MINUTES: Words = ["Minutes", "分钟"];
pub const HANDOUT_COLUMN_PANEL: Words = ["Section", "所在的节"];
pub const HANDOUT_COLUMN_QUESTION: Words = ["Question", "题号"];
pub const HANDOUT_COLUMN_STEP: Words = ["Lesson step", "课堂步骤"];
pub const HANDOUT_GUIDE_TITLE: Words = ["Teacher's guide", "教师指南"];
pub const HANDOUT_NAME: Words = [
    "Name: ____________   Class: ________   Date: ________",
    "姓名：____________　班级：________　日期：________",
];
pub const HANDOUT_PREDICTION: Words = ["My prediction, and why:", "我的预测和理由："];
pub const HANDOUT_PRINT_HINT: Words = [
    "Print this page (Ctrl+P or ⌘P): it is laid out for A4 and Letter paper.",
    "打印本页（Ctrl+P 或 ⌘P）：版面适用于 A4 纸和美式信纸（Letter）。",
];
pub const HANDOUT_QUESTION: Words = ["Question {n}", "第 {n} 题"];
pub const HANDOUT_SITE: Words = [
    "PE Explorer: how transformers know word order",
    "位置编码探索器：Transformer 如何知道词序",
];
pub const HANDOUT_TIMINGS: Words = ["Timings", "时间安排"];
pub const HANDOUT_WHERE: Words = [
    "lesson step {step}, section “{panel}”",
    "课堂模式第 {step} 步，“{panel}”一节",
];
pub const HANDOUT_WORKSHEET_TITLE: Words = ["Worksheet", "学生练习单"];
pub const KEY_POINTS: Words = ["Key points", "本章要点"];
pub const LIST_SEPARATOR: Words = [", ", "、"];
pub const NEXT_CHAPTER: Words = ["Next chapter", "下一章"];
pub const PREVIOUS_CHAPTER: Words = ["Previous chapter", "上一章"];
pub const SET_UP_STEP: Words = [
    "Set it up on the page (lesson step {n})",
    "在页面上重现（课堂模式第 {n} 步）",
];
pub const SHOW_ANSWER: Words = ["Show the answer", "显示答案"];
pub const TERM_COLON: Words = [": ", "："];
