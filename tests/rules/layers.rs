//! The layers of `src/rules/` (its module comment): a file reads from its own layer and the layers
//! below, never from one above. Read off the source: every path a file names into another of the
//! rules' modules (`super::x`, `super::super::x`, `crate::rules::x`, grouped or not).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, bottom first, as the module comment lists them.
const LAYERS: [&[&str]; 4] = [
    &["hex", "flood", "sight", "components", "state", "log", "dice", "command", "agenda", "cave", "for_karl", "effects"],
    &["deck", "decks", "hand", "lasting", "damage", "mineral_die", "reveal", "spawn", "blast", "resupply", "swarm", "event_deck", "dive"],
    &["actions", "skills", "cards", "thrown", "creatures", "bosco", "reaction"],
    &["turn", "end", "setup", "legal"],
];

/// The reads that go up, each with why (the module comment says so too).
const EXCEPTIONS: &[(&str, &str)] = &[("spawn", "skills")];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/rules reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The rules' modules a file names, outside its tests. `super::x` in a file of a folder (not its
/// `mod.rs`) is a sibling in the folder, not a module of the rules.
fn named(text: &str, in_folder: bool) -> BTreeSet<String> {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut found = BTreeSet::new();
    for prefix in ["crate::rules::", "super::super::", "super::"] {
        for (at, _) in text.match_indices(prefix) {
            let before = &text[..at];
            if prefix == "super::" && (before.ends_with("super::") || in_folder) {
                continue;
            }
            let rest = &text[at + prefix.len()..];
            let parts = match rest.strip_prefix('{') {
                Some(inner) => top_level(inner),
                None => vec![rest],
            };
            for part in parts {
                let name: String = part.trim().chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                if !name.is_empty() {
                    found.insert(name);
                }
            }
        }
    }
    found
}

/// The paths of a group (`a::X, b::{Y, Z}, c` up to its closing brace), nested groups kept whole.
fn top_level(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0, 0, vec![]);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                parts.push(&group[start..i]);
                return parts;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&group[start..]);
    parts
}

#[test]
fn no_file_of_the_rules_reads_from_a_layer_above_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut all = vec![];
    files(&root, &mut all);
    let mut up = vec![];
    for path in all {
        let rel = path.strip_prefix(&root).expect("under src/rules");
        let parts: Vec<&str> = rel.iter().map(|p| p.to_str().expect("a name")).collect();
        let module = parts[0].trim_end_matches(".rs");
        if module == "mod" {
            continue;
        }
        let mine = layer(module).unwrap_or_else(|| panic!("src/rules/{module} is in no layer: add it to the module comment and here"));
        let in_folder = parts.len() > 1 && parts[parts.len() - 1] != "mod.rs";
        let text = std::fs::read_to_string(&path).expect("the file reads");
        for other in named(&text, in_folder) {
            let Some(theirs) = layer(&other) else { continue };
            if theirs > mine && !EXCEPTIONS.contains(&(module, other.as_str())) {
                up.push(format!("{} reads {other} (layer {} above {})", rel.display(), theirs + 1, mine + 1));
            }
        }
    }
    assert!(up.is_empty(), "reads from a layer above:\n{}", up.join("\n"));
}

/// The check sees a read up, grouped or not, and leaves a folder's siblings alone.
#[test]
fn the_layer_check_sees_a_read_up_and_not_a_sibling() {
    let grouped = named("use super::{cave::{Cave, DwarfItem}, actions::InProgress};", false);
    assert!(grouped.contains("actions") && grouped.contains("cave"), "{grouped:?}");
    assert!(named("let x = crate::rules::skills::engineer::goal(c);", true).contains("skills"));
    assert!(named("use super::super::bosco::Bosco;", true).contains("bosco"));
    assert!(named("use super::scare::start_scare;", true).is_empty(), "a sibling in the folder");
}
