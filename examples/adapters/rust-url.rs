// urispec diff adapter: the url crate for Rust (https://github.com/servo/rust-url; Debian:
// librust-url-dev), "URL library for Rust, based on the WHATWG URL Standard".
//
// Like Node's URL and whatwg-url it follows the WHATWG URL Standard, not RFC 3986, and parses
// absolute URLs only (no base here). An input is valid when Url::parse returns Ok. Resolution
// mode (`rust-url resolve BASE`): Url::parse(base)?.join(ref).
//
// Built offline by scripts/conformance/setup.sh against Debian's vendored crates
// (/usr/share/cargo/registry) into build/conformance/rust-url. No serde: a JSON string is read
// and written by the small functions below.
use std::io::{self, BufRead, Write};
use url::Url;

/// The string a JSON string literal denotes (RFC 8259 §7); a lone surrogate becomes U+FFFD.
fn read_json_string(line: &str) -> Option<String> {
    let s = line.trim();
    let inner = s.strip_prefix('"')?.strip_suffix('"')?;
    let mut units: Vec<u16> = Vec::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buf = [0u16; 2];
            units.extend_from_slice(c.encode_utf16(&mut buf));
            continue;
        }
        match chars.next()? {
            'b' => units.push(8),
            'f' => units.push(12),
            'n' => units.push(10),
            'r' => units.push(13),
            't' => units.push(9),
            'u' => {
                let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                units.push(u16::from_str_radix(&hex, 16).ok()?);
            }
            other => units.push(other as u16),
        }
    }
    Some(String::from_utf16_lossy(&units))
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn components(u: &Url) -> String {
    let mut parts: Vec<(&str, Option<String>)> = vec![("scheme", Some(u.scheme().to_string()))];
    let userinfo = match (u.username(), u.password()) {
        ("", None) => None,
        (user, None) => Some(user.to_string()),
        (user, Some(p)) => Some(format!("{}:{}", user, p)),
    };
    parts.push(("userinfo", userinfo));
    parts.push(("host", u.host_str().map(|h| h.to_string())));
    parts.push(("port", u.port().map(|p| p.to_string())));
    parts.push(("path", Some(u.path().to_string())));
    parts.push(("query", u.query().map(|q| q.to_string())));
    parts.push(("fragment", u.fragment().map(|f| f.to_string())));
    let fields: Vec<String> = parts
        .into_iter()
        .map(|(k, v)| format!("\"{}\":{}", k, v.map_or("null".to_string(), |v| json_string(&v))))
        .collect();
    format!("{{{}}}", fields.join(","))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let base = if args.len() > 2 && args[1] == "resolve" {
        match Url::parse(&args[2]) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("the base does not parse: {}", e);
                std::process::exit(3);
            }
        }
    } else {
        None
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = line.expect("standard input is not UTF-8");
        let answer = match read_json_string(&line) {
            None => "{\"valid\":false,\"error\":\"not a JSON string\"}".to_string(),
            Some(input) => {
                let parsed = match &base {
                    Some(b) => b.join(&input),
                    None => Url::parse(&input),
                };
                match (parsed, &base) {
                    (Ok(u), Some(_)) => format!("{{\"valid\":true,\"components\":{{\"target\":{}}}}}", json_string(u.as_str())),
                    (Ok(u), None) => format!("{{\"valid\":true,\"components\":{}}}", components(&u)),
                    (Err(e), _) => format!("{{\"valid\":false,\"error\":{}}}", json_string(&e.to_string())),
                }
            }
        };
        writeln!(out, "{}", answer).unwrap();
        out.flush().unwrap();
    }
}
