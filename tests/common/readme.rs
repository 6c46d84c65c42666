//! The README's command blocks, read as a new user types them.

/// One `muster` line of a README block: as written after `muster `, and split as a shell
/// would split it.
pub struct Line {
    pub text: String,
    pub args: Vec<String>,
}

/// The `muster` lines of `readme`'s `sh` blocks between `<!-- NAME` and `<!-- /NAME -->`, in
/// order.
pub fn block_lines(readme: &str, name: &str) -> Vec<Line> {
    let start = readme
        .find(&format!("<!-- {name}"))
        .expect("the README marks where its blocks start");
    let end = readme[start..]
        .find(&format!("<!-- /{name} -->"))
        .expect("the README marks where its blocks end");
    let mut lines = Vec::new();
    for (i, part) in readme[start..start + end].split("```").enumerate() {
        // Odd parts are inside a fence; only the shell blocks hold commands.
        let Some(block) = part.strip_prefix("sh\n").filter(|_| i % 2 == 1) else {
            continue;
        };
        lines.extend(
            block
                .lines()
                .filter_map(|line| line.strip_prefix("muster "))
                .map(|text| Line {
                    text: text.to_owned(),
                    args: shell_words::split(text).expect("each line splits like a shell's"),
                }),
        );
    }
    lines
}
