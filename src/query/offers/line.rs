//! The command lines the offers are, as a parser reads them, and the faces each is decided
//! with.

/// The faces a candidate is decided with: more than any command of play rolls.
pub(super) const FACES: usize = 16;

/// A command line's words.
pub(super) fn words(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_owned()).collect()
}

/// A command line of `command`'s words, the `values` it names (a Soldier, a Medal) and its
/// `flags`. A value that begins with `-` (a Soldier named `-x`) is one a parser would take
/// for a flag: the flags then come first and `--` before the values, and a front end adds
/// its own flags (`--die N`) before that `--` too.
pub(super) fn line(command: &[&str], values: &[&str], flags: &[&str]) -> Vec<String> {
    let mut line = words(command);
    if values.iter().any(|v| v.starts_with('-')) {
        line.extend(words(flags));
        line.push("--".to_owned());
        line.extend(words(values));
    } else {
        line.extend(words(values));
        line.extend(words(flags));
    }
    line
}
