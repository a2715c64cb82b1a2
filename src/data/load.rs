//! Reading RON files with messages that name the file, the line and what is wrong.

use serde::de::DeserializeOwned;
use std::path::Path;

/// A problem with a data file, ready to print.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem(pub String);

impl Problem {
    /// Several problems, one a line.
    pub fn lines(problems: &[Problem]) -> String {
        problems.iter().map(|p| p.0.as_str()).collect::<Vec<_>>().join("\n")
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Parse RON text; a syntax or type error becomes `FILE:LINE:COL: what is wrong`. Words older
/// files wrote are read as what they now mean ([`OLD_WORDS`]).
pub fn parse_ron<T: DeserializeOwned>(name: &str, text: &str) -> Result<T, Problem> {
    let text = if OLD_WORDS.iter().any(|(old, _)| text.contains(old)) {
        std::borrow::Cow::Owned(OLD_WORDS.iter().fold(text.to_string(), |t, (old, now)| t.replace(old, now)))
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    ron::Options::default()
        .from_str::<T>(&text)
        .map_err(|e| Problem(format!("{name}:{}:{}: {}", e.span.start.line, e.span.start.col, e.code)))
}

/// What older mission and scenario files wrote, and what it is now. Ruling 28 made every
/// stalagmite one that may hide a mineral, so a stalagmite is no longer marked either way.
/// `hoxxes validate` names each as obsolete ([`old_words_in`]).
pub const OLD_WORDS: [(&str, &str); 2] = [("Stalagmite(true)", "Stalagmite"), ("Stalagmite(false)", "Stalagmite")];

/// The lines (from 1) of a text that hold an old word, with the word.
pub fn old_words_in(text: &str) -> Vec<(usize, &'static str)> {
    text.lines()
        .enumerate()
        .flat_map(|(i, line)| OLD_WORDS.iter().filter(move |(old, _)| line.contains(old)).map(move |(old, _)| (i + 1, *old)))
        .collect()
}

/// The largest file hoxxes reads (a mission, a scenario, a save, the settings): the longest shipped
/// mission is a few kilobytes and a save of a long game a few hundred. A bigger file, or one that
/// never ends (`/dev/zero`), is refused after reading this much, at once.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Read a text file of at most [`MAX_FILE_BYTES`].
pub fn read_text(path: &Path) -> Result<String, Problem> {
    use std::io::Read;
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| Problem(format!("{name}: cannot read: {e}"));
    let mut bytes = Vec::new();
    std::fs::File::open(path).and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)).map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Problem(format!("{name}: larger than {} MiB, too big for a hoxxes file", MAX_FILE_BYTES >> 20)));
    }
    String::from_utf8(bytes).map_err(|e| Problem(format!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))
}

/// Read and parse a RON file.
pub fn read_ron<T: DeserializeOwned>(path: &Path) -> Result<T, Problem> {
    parse_ron(&path.display().to_string(), &read_text(path)?)
}

/// Line and column (both from 1) where each string of the list under `key:` starts, in order.
/// Used to point map problems at the right place in the file.
pub fn string_list_positions(text: &str, key: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let Some(start) = find_key(text, key) else { return out };
    let (mut line, mut col) = line_col(text, start);
    let mut in_string = false;
    let mut escaped = false;
    let mut depth = 0i32;
    for c in text[start..].chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push((line, col + 1));
        } else if c == '[' {
            depth += 1;
        } else if c == ']' {
            depth -= 1;
            if depth <= 0 {
                break;
            }
        }
        if c == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    out
}

fn find_key(text: &str, key: &str) -> Option<usize> {
    let pattern = format!("{key}:");
    let mut from = 0;
    while let Some(i) = text[from..].find(&pattern) {
        let at = from + i;
        let before = text[..at].chars().next_back();
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            return Some(at + pattern.len());
        }
        from = at + pattern.len();
    }
    None
}

fn line_col(text: &str, byte: usize) -> (usize, usize) {
    let before = &text[..byte];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}
