//! One browser tab on a served page: open, sign in, run script, click, wait, and the checks
//! every page passes (it fits the window, axe-core finds nothing serious) with a screenshot
//! written for a person to look at.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::Value;

use super::driver::Size;

/// How long a page may take to show what a test waits for.
pub const WAIT: Duration = Duration::from_secs(10);

/// axe-core, vendored with its licence (tests/vendor/axe-core).
const AXE: &str = include_str!("../vendor/axe-core/axe.min.js");

/// A tab of `size` on the server at `url`.
pub struct Tab {
    pub client: Client,
    pub url: String,
    pub size: Size,
}

fn failed<E: std::fmt::Display>(what: &str) -> impl FnOnce(E) -> String + '_ {
    move |e| format!("{what}: {e}")
}

/// Every visible element whose right edge passes the window's width, and every element but a
/// code block (and a field scrolling its own text) wider inside than its box.
const FITS: &str = r##"
var width = document.documentElement.clientWidth;
var found = [];
function named(e) {
  var name = e.tagName.toLowerCase();
  if (e.id) { name += "#" + e.id; }
  if (e.className && typeof e.className === "string") { name += "." + e.className.trim().split(/\s+/).join("."); }
  return name + " '" + (e.textContent || "").trim().slice(0, 40) + "'";
}
if (document.documentElement.scrollWidth > width) {
  found.push("the page is " + document.documentElement.scrollWidth + " px wide in a " + width + " px window");
}
document.querySelectorAll("body *").forEach(function (e) {
  if (e.closest("pre, code")) { return; }
  // Inside a closed section (details), nothing is drawn; a heading kept for screen readers
  // only is clipped out of sight.
  if (e.checkVisibility && !e.checkVisibility()) { return; }
  for (var p = e; p; p = p.parentElement) { if (getComputedStyle(p).clipPath !== "none") { return; } }
  var style = getComputedStyle(e);
  if (style.display === "none" || style.visibility === "hidden") { return; }
  var box = e.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) { return; }
  if (box.right > width + 0.5) { found.push(named(e) + " ends at " + Math.round(box.right) + " px"); }
  if (!e.matches("input, select, textarea") && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
    found.push(named(e) + " scrolls sideways: " + e.scrollWidth + " in " + e.clientWidth + " px");
  }
});
return found.slice(0, 12);
"##;

/// Copies the page's `@media print` rules into a style sheet of their own, for the screen.
const PRINTED: &str = r#"
var rules = [];
for (var sheet of document.styleSheets) {
  for (var rule of sheet.cssRules) {
    if (rule.media && rule.media.mediaText.indexOf("print") >= 0) {
      for (var inner of rule.cssRules) { rules.push(inner.cssText); }
    }
  }
}
var style = document.createElement("style");
style.textContent = rules.join("\n");
document.head.appendChild(style);
return rules.length;
"#;

/// Runs axe-core on the page and gives its serious and critical violations.
const AXE_RUN: &str = r#"
var done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ["violations"] }).then(function (r) {
  done(r.violations.filter(function (v) { return v.impact === "serious" || v.impact === "critical"; })
    .map(function (v) {
      return v.id + " (" + v.impact + "): " + v.help + " at " +
        v.nodes.slice(0, 3).map(function (n) { return n.target.join(" ") + " " + (n.failureSummary || "").replace(/\s+/g, " "); }).join(" | ");
    }));
}).catch(function (e) { done(["axe did not run: " + e]); });
"#;

impl Tab {
    pub async fn open(&self, path: &str) -> Result<(), String> {
        self.client
            .goto(&format!("{}{path}", self.url))
            .await
            .map_err(failed(path))?;
        self.until(
            &format!("opening {path}"),
            "return document.readyState === 'complete';",
        )
        .await
        .map(|_| ())
    }

    /// Signs in through the /sign-in form with `token`.
    pub async fn sign_in(&self, token: &str) -> Result<(), String> {
        self.open("/sign-in").await?;
        self.client
            .find(Locator::Css("form#sign-in input[name=token]"))
            .await
            .map_err(failed("the token field"))?
            .send_keys(token)
            .await
            .map_err(failed("type the token"))?;
        self.click("form#sign-in button[type=submit]").await?;
        self.client
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css("#campaigns"))
            .await
            .map_err(failed("the campaign list after signing in"))?;
        Ok(())
    }

    pub async fn js(&self, script: &str, args: Vec<Value>) -> Result<Value, String> {
        self.client.execute(script, args).await.map_err(|e| {
            format!(
                "the script {}: {e}",
                script.trim().lines().next().unwrap_or_default()
            )
        })
    }

    pub async fn click(&self, css: &str) -> Result<(), String> {
        // As a player does, on a page that has stopped moving: a tap just after it changed is
        // taken for the second of a double tap, and not sent.
        self.until(
            "the page to settle",
            "var c = Number(document.body.getAttribute('data-changed') || 0); return Date.now() - c >= 450;",
        )
        .await?;
        let element = self.client.find(Locator::Css(css)).await.map_err(failed(css))?;
        // Into view first, at the bottom of the window, below the sticky Now, as a thumb
        // would scroll.
        self.client
            .execute(
                "arguments[0].scrollIntoView({block: 'end'}); return true;",
                vec![serde_json::to_value(&element).map_err(failed(css))?],
            )
            .await
            .map_err(failed(css))?;
        element.click().await.map_err(failed(css))
    }

    pub async fn type_in(&self, css: &str, text: &str) -> Result<(), String> {
        let element = self.client.find(Locator::Css(css)).await.map_err(failed(css))?;
        element.clear().await.map_err(failed(css))?;
        element.send_keys(text).await.map_err(failed(css))
    }

    /// Waits until `script` returns something other than false, null or an empty text, and
    /// gives it.
    pub async fn until(&self, what: &str, script: &str) -> Result<Value, String> {
        let deadline = Instant::now() + WAIT;
        loop {
            let seen = self.js(script, vec![]).await?;
            if !matches!(&seen, Value::Null | Value::Bool(false)) && seen != "" {
                return Ok(seen);
            }
            if Instant::now() >= deadline {
                return Err(format!("{what}: not within {WAIT:?}"));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The page's announcement of the command just sent: `Recorded vN: …`, or the refusal
    /// as an error.
    pub async fn recorded(&self, what: &str) -> Result<String, String> {
        let said = self
            .until(what, "var s = document.getElementById('said'); var t = s && s.textContent.trim(); return t && t.indexOf('Not answered yet') !== 0 ? t : null;")
            .await?;
        let said = said.as_str().unwrap_or_default().to_owned();
        // Cleared, so the next command's announcement is its own.
        self.js(
            "document.getElementById('said').textContent = ''; return true;",
            vec![],
        )
        .await?;
        if said.starts_with("Recorded v") {
            Ok(said)
        } else {
            Err(format!("{what}: {said}"))
        }
    }

    /// Fails naming what passes the window's width or scrolls sideways.
    pub async fn fits(&self, page: &str) -> Result<(), String> {
        let found = self.js(FITS, vec![]).await?;
        match found.as_array() {
            Some(found) if found.is_empty() => Ok(()),
            _ => Err(format!("{page} at {:?} does not fit: {found}", self.size)),
        }
    }

    /// Lays the page out as it prints: every `@media print` rule of its style sheets applied
    /// to the screen too (the rules of a window as narrow as a phone's are no wider than a
    /// sheet of paper's). Gives how many rules it applied.
    pub async fn as_printed(&self) -> Result<u64, String> {
        let applied = self.js(PRINTED, vec![]).await?;
        applied
            .as_u64()
            .ok_or_else(|| format!("the print rules were not applied: {applied}"))
    }

    /// Fails naming every serious or critical violation axe-core finds.
    pub async fn axe(&self, page: &str) -> Result<(), String> {
        let loaded = self
            .js(&format!("{AXE}\n;return typeof axe === 'object';"), vec![])
            .await?;
        if loaded != Value::Bool(true) {
            return Err("axe-core did not load".to_owned());
        }
        let found = self
            .client
            .execute_async(AXE_RUN, vec![])
            .await
            .map_err(failed("axe-core's run"))?;
        match found.as_array() {
            Some(found) if found.is_empty() => Ok(()),
            _ => Err(format!("axe-core on {page} at {:?}: {found}", self.size)),
        }
    }

    /// Writes the window as it is to target/screenshots/SIZE-NAME.png.
    pub async fn shot(&self, name: &str) -> Result<PathBuf, String> {
        let png = self.client.screenshot().await.map_err(failed("a screenshot"))?;
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("target")
            .join("screenshots");
        std::fs::create_dir_all(&dir).map_err(failed("target/screenshots"))?;
        let file = dir.join(format!("{}-{name}.png", self.size.word()));
        std::fs::write(&file, png).map_err(failed("a screenshot's file"))?;
        Ok(file)
    }
}

impl Tab {
    /// Clicks the element `css` matches whose text holds `text` (a button named by its label).
    pub async fn click_named(&self, css: &str, text: &str) -> Result<(), String> {
        let picked = self
            .js(
                "var all = document.querySelectorAll(arguments[0]); \
                 for (var i = 0; i < all.length; i++) { if (all[i].textContent.indexOf(arguments[1]) >= 0) { \
                 document.querySelectorAll('[data-picked]').forEach(function (e) { e.removeAttribute('data-picked'); }); \
                 all[i].setAttribute('data-picked', '1'); return true; } } return false;",
                vec![Value::from(css), Value::from(text)],
            )
            .await?;
        if picked != Value::Bool(true) {
            return Err(format!("no {css} says '{text}'"));
        }
        self.click("[data-picked='1']").await
    }

    /// The campaign's head as the page shows it.
    pub async fn head(&self) -> Result<u64, String> {
        let head = self
            .js(
                "var n = document.getElementById('now'); return n && Number(n.getAttribute('data-head'));",
                vec![],
            )
            .await?;
        head.as_u64()
            .ok_or_else(|| format!("the page shows no head: {head}"))
    }
}
