//! Reads `constraint<TAB>version` lines on stdin and prints one verdict per line:
//! `match`, `nomatch`, `invalid_constraint` or `invalid_version`.
//! The constraint is checked first, as the runtime does (nexo-rs reports invalid_constraint before probing).
//! Fields are escaped: `\\` backslash, `\t` tab, `\n` newline, `\r` carriage return, `\0` NUL.
use semver::{Version, VersionReq};
use std::io::{self, BufRead, BufWriter, Write};

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            other => panic!("bad escape \\{:?} in {:?}", other, s),
        }
    }
    out
}

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin is not UTF-8");
        let (c, v) = line.split_once('\t').expect("line without a tab");
        let (c, v) = (unescape(c), unescape(v));
        let verdict = match VersionReq::parse(&c) {
            Err(_) => "invalid_constraint",
            Ok(req) => match Version::parse(&v) {
                Err(_) => "invalid_version",
                Ok(ver) => {
                    if req.matches(&ver) {
                        "match"
                    } else {
                        "nomatch"
                    }
                }
            },
        };
        writeln!(out, "{}", verdict).unwrap();
    }
}
