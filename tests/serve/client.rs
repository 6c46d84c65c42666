//! A browser without a browser: a client of the served page that follows no redirect and
//! keeps the one session cookie, for the page's tests and the guards' second tests alike.

use std::time::Duration;

use super::harness::Server;

/// A client that follows no redirect and keeps the one session cookie.
pub struct Browser {
    url: String,
    pub agent: ureq::Agent,
    pub cookie: Option<String>,
}

/// A page's status, its `Location` (empty when none), its `Set-Cookie` and its body.
pub struct Answer {
    pub status: u16,
    pub location: String,
    pub set_cookie: String,
    pub body: String,
}

fn answer(mut response: ureq::http::Response<ureq::Body>) -> Answer {
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    let (location, set_cookie) = (header("location"), header("set-cookie"));
    Answer {
        status: response.status().as_u16(),
        location,
        set_cookie,
        body: response.body_mut().read_to_string().unwrap(),
    }
}

impl Browser {
    pub fn new(server: &Server) -> Browser {
        Browser::at(&server.url)
    }

    /// A browser of the server at `url` (a proxy's, say).
    pub fn at(url: &str) -> Browser {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_global(Some(Duration::from_secs(30)))
            .build()
            .into();
        Browser {
            url: url.to_owned(),
            agent,
            cookie: None,
        }
    }

    pub fn get(&self, path: &str) -> Answer {
        let mut request = self.agent.get(format!("{}{path}", self.url));
        if let Some(cookie) = &self.cookie {
            request = request.header("Cookie", cookie);
        }
        answer(request.call().unwrap())
    }

    /// POSTs a form with these extra headers (an `Origin`, a `Referer`).
    pub fn post(&self, path: &str, form: &[(&str, &str)], headers: &[(&str, &str)]) -> Answer {
        let mut request = self.agent.post(format!("{}{path}", self.url));
        if let Some(cookie) = &self.cookie {
            request = request.header("Cookie", cookie);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        answer(request.send_form(form.iter().copied()).unwrap())
    }

    /// POSTs `body` as a form's body, byte for byte as given (already encoded).
    pub fn post_encoded(&self, path: &str, body: &str, headers: &[(&str, &str)]) -> Answer {
        let mut request = self
            .agent
            .post(format!("{}{path}", self.url))
            .header("Content-Type", "application/x-www-form-urlencoded");
        if let Some(cookie) = &self.cookie {
            request = request.header("Cookie", cookie);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        answer(request.send(body).unwrap())
    }

    /// Signs in with `token`, keeping the cookie it sets, and gives the answer.
    pub fn sign_in(&mut self, token: &str) -> Answer {
        let signed = self.post("/sign-in", &[("token", token)], &[]);
        if let Some(pair) = signed.set_cookie.split(';').next().filter(|p| p.contains('=')) {
            self.cookie = Some(pair.trim().to_owned());
        }
        signed
    }

    /// A phone joined by the invite `code` as `name`, which must be answered with a redirect;
    /// it keeps its session's cookie.
    pub fn joined(server: &Server, code: &str, name: &str) -> Browser {
        let mut phone = Browser::new(server);
        let joined = phone.post("/join", &[("invite", code), ("name", name)], &[]);
        assert_eq!(joined.status, 303, "{}", joined.body);
        phone.cookie = joined
            .set_cookie
            .split(';')
            .next()
            .map(|pair| pair.trim().to_owned());
        phone
    }

    /// Signs in with `token`, which must be answered with a redirect and a session cookie.
    pub fn signed_in(&mut self, token: &str) {
        let page = self.sign_in(token);
        assert_eq!(page.status, 303, "signing in: {}", page.body);
        assert!(
            page.set_cookie.contains('='),
            "a session cookie: {:?}",
            page.set_cookie
        );
    }

    /// The CSRF token the roster page's forms carry.
    pub fn csrf(&self) -> String {
        self.csrf_of("Op")
    }

    /// The CSRF token `campaign`'s roster page's forms carry.
    pub fn csrf_of(&self, campaign: &str) -> String {
        let page = self.get(&format!("/c/{campaign}"));
        assert_eq!(page.status, 200, "{}", page.body);
        let html = scraper::Html::parse_document(&page.body);
        let selector = scraper::Selector::parse("form#form-wound input[name=csrf]").unwrap();
        let found = html
            .select(&selector)
            .next()
            .expect("the wound form's csrf field");
        found.value().attr("value").unwrap().to_owned()
    }
}
