//! The page's stylesheet and script as served: their source without the indentation, blank
//! lines, comment lines and spaces around punctuation that only a reader of the source needs.
//! A phone fetches every byte of them with every page (the page is not compressed).

use std::sync::LazyLock;

/// The stylesheet every page holds inline, compacted once.
static STYLE: LazyLock<String> = LazyLock::new(|| compact_style(include_str!("../../../static/play.css")));

/// The script's sources, in the order they run: what every page does, then the play page's.
const SCRIPTS: [&str; 2] = [
    include_str!("../../../static/page.js"),
    include_str!("../../../static/play.js"),
];

/// The page's script, its sources compacted once into one, so a page fetches one file.
static SCRIPT: LazyLock<String> = LazyLock::new(|| {
    SCRIPTS
        .iter()
        .map(|source| compact_script(source))
        .collect::<Vec<_>>()
        .join("\n")
});

/// The stylesheet as the pages hold it.
pub fn style() -> &'static str {
    &STYLE
}

/// The script as `/static/play.js` serves it.
pub fn script() -> &'static str {
    &SCRIPT
}

/// `source` (CSS) with each run of whitespace outside a quoted string (whose backslash escapes
/// are followed) made one space, and none left after `{ } ; : ,` or before `{ } ;`. A space
/// before `:` stays: `td ::before` and `td::before` select different things.
fn compact_style(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut quote = None;
    let mut escaped = false;
    let mut space = false;
    for c in source.chars() {
        if let Some(open) = quote {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                _ if c == open => quote = None,
                _ => {}
            }
            continue;
        }
        if c.is_whitespace() {
            space = true;
            continue;
        }
        let after_punctuation = out.ends_with(['{', '}', ';', ':', ',']);
        if space && !out.is_empty() && !after_punctuation && !matches!(c, '{' | '}' | ';') {
            out.push(' ');
        }
        space = false;
        if matches!(c, '"' | '\'') {
            quote = Some(c);
        }
        out.push(c);
    }
    out
}

/// `source` (JavaScript) with each line's indentation, blank lines and whole-line `//`
/// comments left out. Only whole lines are dropped, so no string or expression is touched; a
/// statement's line break stays where the source has one.
fn compact_script(source: &str) -> String {
    source
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stylesheet_loses_its_layout_but_not_its_strings_or_selectors() {
        let source = ":root { --ink: #111; }\n@media (max-width: 40em) {\n  .a, .b { margin: 0 auto; }\n}\n.story td::before { content: attr(data-label) \": \"; }\ntd ::after { content: \"● \\\" ; \"; }\n";
        assert_eq!(
            compact_style(source),
            ":root{--ink:#111;}@media (max-width:40em){.a,.b{margin:0 auto;}}.story td::before{content:attr(data-label) \": \";}td ::after{content:\"● \\\" ; \";}"
        );
    }

    #[test]
    fn a_script_loses_its_indentation_blank_lines_and_comment_lines_only() {
        let source = "(function () {\n  // why\n  var url = \"http://x\"; // kept\n\n  go(url);\n})();\n";
        assert_eq!(
            compact_script(source),
            "(function () {\nvar url = \"http://x\"; // kept\ngo(url);\n})();"
        );
    }

    #[test]
    fn the_served_stylesheet_and_script_are_smaller_and_keep_every_string() {
        let css = include_str!("../../../static/play.css");
        let js = SCRIPTS.concat();
        // Each line is trimmed: a template literal's lines would lose their indentation.
        assert!(!js.contains('`'), "the script holds no template literal");
        assert!(style().len() < css.len() && script().len() < js.len());
        for quoted in css.split('"').skip(1).step_by(2) {
            assert!(style().contains(&format!("\"{quoted}\"")), "{quoted}");
        }
        for line in js
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
        {
            assert!(script().contains(line), "{line}");
        }
    }
}
