//! A form's fields as a browser sends them (`application/x-www-form-urlencoded`), read strictly:
//! a value that is not UTF-8 once decoded is refused, never recorded with a replacement
//! character in its place, as the command line and the API refuse it.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::http::header::{ACCEPT, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode;
use serde_json::json;

use super::html::message_page;

/// A form's fields, in the order sent.
pub struct Fields(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequest<S> for Fields {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Fields, Response> {
        let (accept, content_type) = (header(&request, ACCEPT), header(&request, CONTENT_TYPE));
        let wants_json = accept.contains("application/json");
        let refuse = move |status: StatusCode, message: &str| {
            if wants_json {
                let body = json!({ "refused": message, "field": null }).to_string();
                (status, [(CONTENT_TYPE, "application/json")], body).into_response()
            } else {
                message_page(status, message)
            }
        };
        if !content_type.starts_with("application/x-www-form-urlencoded") {
            return Err(refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a form is sent as application/x-www-form-urlencoded, as the page sends it",
            ));
        }
        let body = Bytes::from_request(request, state)
            .await
            .map_err(IntoResponse::into_response)?;
        parsed(&body)
            .map(Fields)
            .map_err(|message| refuse(StatusCode::BAD_REQUEST, &message))
    }
}

/// A request's header `name` as text, empty when it is missing or not text.
fn header(request: &Request, name: axum::http::HeaderName) -> String {
    request
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned()
}

/// The fields of a form's body, each name and value decoded; what is not UTF-8 once decoded
/// is refused, naming the field.
fn parsed(body: &[u8]) -> Result<Vec<(String, String)>, String> {
    body.split(|b| *b == b'&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = match pair.iter().position(|b| *b == b'=') {
                Some(at) => (&pair[..at], &pair[at + 1..]),
                None => (pair, &[][..]),
            };
            let name = decoded(name).map_err(|()| "a field's name is not UTF-8 text".to_owned())?;
            let value = decoded(value)
                .map_err(|()| format!("the field '{name}' is not UTF-8 text; nothing was recorded"))?;
            Ok((name, value))
        })
        .collect()
}

/// One name or value of a form: `+` a space, `%XX` its byte, the bytes UTF-8.
fn decoded(raw: &[u8]) -> Result<String, ()> {
    let spaced: Vec<u8> = raw.iter().map(|b| if *b == b'+' { b' ' } else { *b }).collect();
    percent_decode(&spaced)
        .decode_utf8()
        .map(|text| text.into_owned())
        .map_err(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_reads_as_a_browser_sends_it_and_refuses_what_is_not_utf8() {
        let read = parsed(b"cmd=note&text=caf%C3%A9+au+lait&empty=&bare").unwrap_or_default();
        let pairs: Vec<(&str, &str)> = read.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        assert_eq!(
            pairs,
            [
                ("cmd", "note"),
                ("text", "café au lait"),
                ("empty", ""),
                ("bare", "")
            ]
        );
        let refused = parsed(b"cmd=note&text=%ff%fe");
        assert_eq!(
            refused,
            Err("the field 'text' is not UTF-8 text; nothing was recorded".to_owned())
        );
    }
}
