//! The report of many games: per mission and hazard, how often the team wins (with a 95% Wilson
//! interval), how long games take, how hard they are, and what loses them. As a text table, JSON
//! and the Markdown of `docs/balance.md`.

use super::game::GameRecord;
use crate::rules::end::Result as MissionResult;
use serde::Serialize;
use std::collections::BTreeMap;

/// A share of the games, with its 95% Wilson interval.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Rate {
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

impl Rate {
    fn of(hits: usize, n: usize) -> Rate {
        if n == 0 {
            return Rate { share: 0.0, low: 0.0, high: 0.0 };
        }
        let (z, n, p) = (1.96f64, n as f64, hits as f64 / n as f64);
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        Rate { share: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }

    fn words(&self) -> String {
        format!("{:.0}% ({:.0}-{:.0})", self.share * 100.0, self.low * 100.0, self.high * 100.0)
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub mission: String,
    pub hazard: u32,
    pub games: usize,
    pub success: Rate,
    pub minor_success: Rate,
    pub loss: Rate,
    /// Games that broke something (a refused listed command, an invariant, a replay, no end).
    pub broken: usize,
    /// Turns of the games that ended: median, and the middle half's bounds.
    pub turns_median: u32,
    pub turns_quartiles: (u32, u32),
    pub swarms_mean: f64,
    pub downed_mean: f64,
    pub kills_mean: f64,
    /// The most common reason a game was lost, and in how many games.
    pub commonest_loss: Option<(String, usize)>,
}

pub fn summarise(mission: &str, hazard: u32, games: &[GameRecord]) -> Summary {
    let n = games.len();
    let count = |r: MissionResult| games.iter().filter(|g| g.result == Some(r)).count();
    let mut turns: Vec<u32> = games.iter().filter(|g| g.result.is_some()).map(|g| g.turns).collect();
    turns.sort_unstable();
    let at = |q: f64| turns.get(((turns.len().saturating_sub(1)) as f64 * q).round() as usize).copied().unwrap_or(0);
    let mean = |f: fn(&GameRecord) -> u32| if n == 0 { 0.0 } else { games.iter().map(|g| f(g) as f64).sum::<f64>() / n as f64 };
    let mut causes: BTreeMap<&str, usize> = BTreeMap::new();
    for g in games.iter().filter(|g| g.result == Some(MissionResult::Loss)) {
        *causes.entry(g.reason.as_str()).or_default() += 1;
    }
    let commonest_loss = causes.into_iter().max_by_key(|(_, k)| *k).map(|(c, k)| (c.to_string(), k));
    Summary {
        mission: mission.to_string(),
        hazard,
        games: n,
        success: Rate::of(count(MissionResult::Success), n),
        minor_success: Rate::of(count(MissionResult::MinorSuccess), n),
        loss: Rate::of(count(MissionResult::Loss), n),
        broken: games.iter().filter(|g| g.failure.is_some()).count(),
        turns_median: at(0.5),
        turns_quartiles: (at(0.25), at(0.75)),
        swarms_mean: mean(|g| g.swarms),
        downed_mean: mean(|g| g.downed),
        kills_mean: mean(|g| g.kills),
        commonest_loss,
    }
}

const HEADINGS: [&str; 11] = ["mission", "hazard", "games", "success", "minor", "loss", "broken", "turns", "swarms", "downed", "kills"];

fn row(s: &Summary) -> [String; 11] {
    [
        s.mission.clone(),
        s.hazard.to_string(),
        s.games.to_string(),
        s.success.words(),
        s.minor_success.words(),
        s.loss.words(),
        s.broken.to_string(),
        format!("{} ({}-{})", s.turns_median, s.turns_quartiles.0, s.turns_quartiles.1),
        format!("{:.1}", s.swarms_mean),
        format!("{:.1}", s.downed_mean),
        format!("{:.1}", s.kills_mean),
    ]
}

/// The report as a text table, columns aligned, then each mission's commonest cause of loss.
pub fn table(summaries: &[Summary]) -> String {
    let rows: Vec<[String; 11]> = summaries.iter().map(row).collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).chain([HEADINGS[i].len()]).max().unwrap_or(0);
    let widths: Vec<usize> = (0..HEADINGS.len()).map(width).collect();
    let line =
        |cells: Vec<&str>| cells.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect::<Vec<_>>().join("  ").trim_end().to_string();
    let mut out = vec![line(HEADINGS.to_vec())];
    out.extend(rows.iter().map(|r| line(r.iter().map(String::as_str).collect())));
    out.push(String::new());
    for s in summaries {
        if let Some((cause, k)) = &s.commonest_loss {
            out.push(format!("{} at hazard {}: lost most often ({k} of {}) because {cause}", s.mission, s.hazard, s.games));
        }
    }
    out.join("\n")
}

/// The report as Markdown, with the command that made it.
pub fn markdown(summaries: &[Summary], command: &str) -> String {
    let mut out = vec![
        "# Balance".to_string(),
        String::new(),
        format!("Made by `{command}`: every figure below comes from games played by the simulator's bot, not by people."),
        "Rates are the share of games with a 95% Wilson interval; turns are the median of the games that ended, with the".into(),
        "middle half's bounds; swarms, downed Dwarves and kills are means per game. \"Broken\" games stopped on a fault".into(),
        "(their saves are written for replay) and count in no rate but the total.".into(),
        String::new(),
        format!("| {} |", HEADINGS.join(" | ")),
        format!("|{}|", HEADINGS.iter().map(|_| "---").collect::<Vec<_>>().join("|")),
    ];
    out.extend(summaries.iter().map(|s| format!("| {} |", row(s).join(" | "))));
    out.push(String::new());
    out.push("## What loses games".into());
    out.push(String::new());
    for s in summaries {
        if let Some((cause, k)) = &s.commonest_loss {
            out.push(format!("- {} at hazard {}: {k} of {} games: {cause}", s.mission, s.hazard, s.games));
        }
    }
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_is_the_textbook_one() {
        // 8 of 10: 0.49 to 0.94 (Wilson, 95%).
        let r = Rate::of(8, 10);
        assert!((r.low - 0.490).abs() < 0.005 && (r.high - 0.943).abs() < 0.005, "{r:?}");
        let none = Rate::of(0, 20);
        assert_eq!(none.low, 0.0);
        assert!(none.high > 0.1 && none.high < 0.2, "{none:?}");
    }
}
