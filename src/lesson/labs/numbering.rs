//! The numbering lab (in the PE vector panel; its view `ui::labs::numbering`): why not just
//! number the positions? It has no values of its own in the URL: it follows the page's.

use super::prelude::*;

const TITLE: [&str; 2] = [
    "Why not just number the positions?",
    "为什么不直接给位置编号？",
];

const TEXT: [&str; 2] = [
    "A position signal is added to the word's vector, so it should stay on the scale of the vector's entries and mean the same thing wherever it is used. Compare three candidates for the word at pos. The raw index pos grows without bound: at the end of a long sequence it is in the thousands and swamps everything it is added to. ⟦numbering-why|The fraction pos/length stays below 1, but every position after the first gets a different code in a sentence twice as long, and the step from one position to the next, 1/length, changes with the length, so \"one word later\" has no fixed meaning.⟧ The sinusoidal vector keeps every entry between −1 and 1 at every position, and the distance from one position to the next is the same everywhere and for every length. Move pos and length: the first two rows change their size or their step; the sinusoid's entries stay within ±1 and its step stays the same.",
    "位置信息要加到词向量上，所以它的大小应当与词向量的分量相当，而且无论用在哪里含义都一样。本实验比较 pos 处的词的三种候选编码。原始序号 pos 没有上限：在长序列的末尾它达到几千，加到什么上都会把它淹没。⟦numbering-why|比例 pos/length 始终小于 1，但除第一个位置外，每个位置在长一倍的句子里都得到不同的编码，相邻位置之间的步长 1/length 也随长度变化，所以“往后一个词”没有固定的含义。⟧正弦位置编码在任何位置，每个分量都在 −1 到 1 之间，相邻位置之间的距离处处相同，也与序列长度无关。调节 pos 和序列长度：前两行的大小或步长随之改变；正弦位置编码的分量始终在 ±1 之内，步长也保持不变。",
];

pub const LAB: Lab = Lab::new("lab-numbering", PanelId::Vector, TITLE, TEXT);
