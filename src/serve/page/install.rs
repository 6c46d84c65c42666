//! What lets a phone keep the page on its home screen (over HTTPS, where browsers offer it):
//! the web app manifest, its icons (a Sergeant's chevrons) and the theme colour, served to
//! anyone, signed in or not, as they hold nothing of a campaign.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

/// The bar colour of the installed page: the page's own accent.
pub const THEME: &str = "#1d4f91";

const ICON_192: &[u8] = include_bytes!("../../../static/icon-192.png");
const ICON_512: &[u8] = include_bytes!("../../../static/icon-512.png");

/// GET /manifest.webmanifest
pub async fn manifest() -> Response {
    let manifest = serde_json::json!({
        "name": "muster",
        "short_name": "muster",
        "description": "The campaign at the table: what is owed now, every Soldier's card, the log",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f4f3ef",
        "theme_color": THEME,
        "icons": [
            { "src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any" },
            { "src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any" },
            { "src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable" }
        ]
    });
    (
        [
            (CONTENT_TYPE, "application/manifest+json"),
            (CACHE_CONTROL, "max-age=86400"),
        ],
        manifest.to_string(),
    )
        .into_response()
}

fn png(bytes: &'static [u8]) -> Response {
    (
        [(CONTENT_TYPE, "image/png"), (CACHE_CONTROL, "max-age=86400")],
        bytes,
    )
        .into_response()
}

/// GET /static/icon-192.png
pub async fn icon_192() -> Response {
    png(ICON_192)
}

/// GET /static/icon-512.png
pub async fn icon_512() -> Response {
    png(ICON_512)
}
