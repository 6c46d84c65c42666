//! What the server's routes and a remote's client share of URLs: a name as one path segment.

/// The bytes a path segment keeps as they are: letters, digits and `-._~`.
const KEPT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// `text` as one segment of a URL's path, every other byte percent-encoded.
pub fn segment(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, KEPT).to_string()
}
