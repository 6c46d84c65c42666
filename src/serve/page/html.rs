//! The page's ground floor: its HTML answers (the sign-in form, a refusal's page, any
//! template rendered under the page's security headers) and the read commands whose JSON it
//! shows.

use std::sync::Arc;

use askama::Template;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use muster::app::Format;

use crate::serve::answer::{Answer, Outcome, Run, status_of as api_status};
use crate::serve::preamble::Caller;
use crate::serve::server::Server;

/// The sign-in form, with what refused the last try.
#[derive(Template)]
#[template(path = "page/sign_in.html")]
pub struct SignInPage {
    message: String,
    /// Empty: no one is signed in, so the page has no sign-out button.
    csrf: &'static str,
    who: &'static str,
}

impl SignInPage {
    /// The form, saying `message` (what refused the last try) when it is not empty.
    pub fn saying(message: &str) -> SignInPage {
        SignInPage {
            message: message.to_owned(),
            csrf: "",
            who: "",
        }
    }
}

/// A page saying only why a request was refused.
#[derive(Template)]
#[template(path = "page/message.html")]
struct MessagePage<'a> {
    message: &'a str,
    csrf: &'a str,
    who: &'a str,
}

/// An HTML answer with `status`: the page may not be framed, and scripts come only from muster.
pub fn html(status: StatusCode, body: String) -> Response {
    framed_by(status, body, "'none'")
}

/// An HTML answer with `status` that only pages at `ancestors` may frame.
pub fn framed_by(status: StatusCode, body: String, ancestors: &str) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    let policy = format!(
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors {ancestors}; form-action 'self'"
    );
    if let Ok(policy) = HeaderValue::from_str(&policy) {
        headers.insert(HeaderName::from_static("content-security-policy"), policy);
    }
    response
}

/// `template` rendered with `status`, or a 500 saying why it could not be.
pub fn render(status: StatusCode, template: &impl Template) -> Response {
    match template.render() {
        Ok(body) => html(status, body),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot render the page: {e}"),
        )
            .into_response(),
    }
}

/// A page saying why a request was refused, with `status`.
pub fn message_page(status: StatusCode, message: &str) -> Response {
    render(
        status,
        &MessagePage {
            message,
            csrf: "",
            who: "",
        },
    )
}

/// The status a refused command's page is answered with: the API's for the same outcome.
pub fn status_of(outcome: Outcome) -> StatusCode {
    api_status(outcome, false)
}

/// Runs a read command for `caller` on a blocking thread and gives its answer, printed as
/// `printed`.
pub async fn read(
    server: &Arc<Server>,
    (caller, printed): (&Caller, Format),
    campaign: Option<&str>,
    args: &[&str],
) -> Answer {
    let server = Arc::clone(server);
    let (role, reach) = (caller.role, caller.reach.clone());
    let campaign = campaign.map(str::to_owned);
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    tokio::task::spawn_blocking(move || {
        let run = Run {
            role,
            reach: &reach,
            args: &args,
            printed,
            columns: None,
            files: None,
        };
        server.read(campaign.as_deref(), &run)
    })
    .await
    .unwrap_or_else(|e| Answer::failed(Outcome::Storage, format!("the request failed: {e}")))
}

/// A read command's JSON output, or the page saying why it was refused.
pub async fn read_ok(
    server: &Arc<Server>,
    caller: &Caller,
    campaign: Option<&str>,
    args: &[&str],
) -> Result<String, Response> {
    read_printed(server, (caller, Format::Json), campaign, args).await
}

/// A read command's output printed as `printed`, or the page saying why it was refused.
pub async fn read_printed(
    server: &Arc<Server>,
    asker: (&Caller, Format),
    campaign: Option<&str>,
    args: &[&str],
) -> Result<String, Response> {
    let answer = read(server, asker, campaign, args).await;
    match answer.outcome {
        Outcome::Done => Ok(answer.output),
        outcome => Err(message_page(status_of(outcome), &answer.said())),
    }
}

/// `muster ARGS --format html` of `campaign`: a page to print, framed only by the site itself.
pub async fn print_page(server: &Arc<Server>, caller: &Caller, campaign: &str, args: &[&str]) -> Response {
    match read_printed(server, (caller, Format::Html), Some(campaign), args).await {
        Ok(page) => framed_by(StatusCode::OK, page, "'self'"),
        Err(answer) => answer,
    }
}

/// A page's query string of the shape `T` (`?page=2`), or a page saying it is not one the
/// page reads, rather than the framework's plain text.
pub struct PageQuery<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequestParts<S> for PageQuery<T> {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<PageQuery<T>, Response> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(query)) => Ok(PageQuery(query)),
            Err(e) => Err(message_page(
                StatusCode::BAD_REQUEST,
                &format!(
                    "this page's address is not one it reads ({}); open it from the play page",
                    e.body_text()
                ),
            )),
        }
    }
}

/// A page's path of the shape `T` (a campaign and a version), or a page saying it names no
/// such thing, rather than the framework's plain text.
pub struct PagePath<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned + Send> axum::extract::FromRequestParts<S>
    for PagePath<T>
{
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<PagePath<T>, Response> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(path)) => Ok(PagePath(path)),
            Err(e) => Err(message_page(
                StatusCode::NOT_FOUND,
                &format!(
                    "this address names no page ({}); a version or a Mission is a number, as the log prints it",
                    e.body_text()
                ),
            )),
        }
    }
}
