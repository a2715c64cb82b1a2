//! The keyboard: one key per kind of action, printed on its button. Digits pick a numbered choice,
//! Escape (or a right click) backs out, Tab changes the creatures' speed, Space skips their turn.

use crate::data::GameData;
use crate::rules::legal::{Action, ActionKind};
use bevy::prelude::*;

/// The key of an entry of the action bar. Fire modes take Q, W, A, D in the weapon's order and
/// Throwables T, Y, I in the hand's order; each entry of a kind keeps its key as the list changes.
fn shortcut(a: &Action) -> Option<KeyCode> {
    use ActionKind::*;
    Some(match a.kind {
        Move | BoscoMove => KeyCode::KeyM,
        Chop | BoscoChop => KeyCode::KeyC,
        Shoot | Throw | PlayCard => return None,
        BoscoLightGun => KeyCode::KeyQ,
        BoscoRocket => KeyCode::KeyW,
        ShootSecondary => KeyCode::KeyS,
        Overclock => KeyCode::KeyO,
        CallResupply => KeyCode::KeyR,
        GetSupplies => KeyCode::KeyG,
        Exchange => KeyCode::KeyX,
        StandUp => KeyCode::KeyU,
        HelpUp => KeyCode::KeyH,
        Revive | BoscoRevive => KeyCode::KeyV,
        BoscoPlace => KeyCode::KeyJ,
        Flare => KeyCode::KeyF,
        Zipline => KeyCode::KeyZ,
        Shield => KeyCode::KeyB,
        Sentry => KeyCode::KeyN,
        Platforms => KeyCode::KeyP,
        EndTurn => KeyCode::KeyE,
        Launch => KeyCode::KeyL,
        Detonate => KeyCode::KeyK,
    })
}

const MODE_KEYS: [KeyCode; 4] = [KeyCode::KeyQ, KeyCode::KeyW, KeyCode::KeyA, KeyCode::KeyD];
const THROW_KEYS: [KeyCode; 3] = [KeyCode::KeyT, KeyCode::KeyY, KeyCode::KeyI];

/// The key of an entry, knowing its place among the entries of its kind (modes, Throwables).
pub fn key_of(actions: &[Action], i: usize) -> Option<KeyCode> {
    let a = &actions[i];
    let nth = || actions[..i].iter().filter(|b| b.kind == a.kind).count();
    match a.kind {
        ActionKind::Shoot => MODE_KEYS.get(nth()).copied(),
        ActionKind::Throw => THROW_KEYS.get(nth()).copied(),
        _ => shortcut(a),
    }
}

/// The entry a key picks: the first allowed one with that key, else the first with it of whoever
/// acts (BOSCO in his part of the turn, or the Dwarf), to say why not.
pub fn entry_for(actions: &[Action], k: KeyCode, bosco_acts: bool) -> Option<usize> {
    let with: Vec<usize> = (0..actions.len()).filter(|i| key_of(actions, *i) == Some(k)).collect();
    let allowed = with.iter().copied().find(|i| actions[*i].is_allowed());
    let of_whoever_acts = with.iter().copied().find(|i| actions[*i].kind.is_bosco() == bosco_acts);
    allowed.or(of_whoever_acts).or_else(|| with.first().copied())
}

/// The key a button shows: its key when the key picks it now ([`entry_for`]). In BOSCO's part of
/// the turn, M flies BOSCO, so the Dwarf's Move (not his now) shows no key; a button never shows
/// a key that does something else.
pub fn shown_key(actions: &[Action], i: usize, bosco_acts: bool) -> Option<KeyCode> {
    key_of(actions, i).filter(|k| entry_for(actions, *k, bosco_acts) == Some(i))
}

/// The words on an entry's button, with the key that picks it now: "[Q] Regular shot".
pub fn button_words(data: &GameData, actions: &[Action], i: usize, bosco_acts: bool) -> String {
    let key = shown_key(actions, i, bosco_acts).map(|k| format!("[{}] ", key_name(k))).unwrap_or_default();
    format!("{key}{}", label(data, &actions[i]))
}

/// What a key is called on a button.
pub fn key_name(k: KeyCode) -> String {
    format!("{k:?}").trim_start_matches("Key").trim_start_matches("Digit").to_string()
}

/// The words on an entry's button.
pub fn label(data: &GameData, a: &Action) -> String {
    use ActionKind::*;
    match a.kind {
        Shoot => crate::screen::words::mode_name(data, a.by, &a.what),
        Throw => format!("Throw {}", a.what),
        PlayCard => format!("{}: {}", a.by.map(|c| format!("{c:?}")).unwrap_or_default(), a.what),
        ShootSecondary => "Secondary".into(),
        CallResupply => "Call Resupply".into(),
        GetSupplies => "Get supplies".into(),
        StandUp => "Stand up".into(),
        HelpUp => "Help up".into(),
        Sentry => "Sentry Gun".into(),
        Platforms => "Platform Gun".into(),
        BoscoMove => "BOSCO fly".into(),
        BoscoChop => "BOSCO axe".into(),
        BoscoLightGun => "BOSCO gun".into(),
        // The rocket costs both of BOSCO's actions (rulebook): said before it is pressed.
        BoscoRocket => format!("BOSCO rocket ({} actions)", data.numbers.bosco.rocket.actions),
        BoscoRevive => "BOSCO revive".into(),
        BoscoPlace => "Place BOSCO".into(),
        EndTurn => "End turn".into(),
        Launch => "Launch pod".into(),
        k => format!("{k:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::legal::Offer;

    fn entry(kind: ActionKind, allowed: bool) -> Action {
        let allowed = if allowed { Ok(Vec::<Offer>::new()) } else { Err("not now".into()) };
        Action { kind, what: String::new(), by: None, allowed }
    }

    /// M moves the Dwarf in his part of the turn and flies BOSCO in BOSCO's: each button shows
    /// the key only while the key does it.
    #[test]
    fn a_button_shows_its_key_only_while_the_key_picks_it() {
        let dwarfs = [entry(ActionKind::Move, true), entry(ActionKind::BoscoMove, false)];
        assert_eq!(shown_key(&dwarfs, 0, false), Some(KeyCode::KeyM));
        assert_eq!(shown_key(&dwarfs, 1, false), None, "BOSCO flies in his own part");
        let boscos = [entry(ActionKind::Move, false), entry(ActionKind::BoscoMove, true)];
        assert_eq!(shown_key(&boscos, 0, true), None, "M flies BOSCO now");
        assert_eq!(shown_key(&boscos, 1, true), Some(KeyCode::KeyM));
        // Neither allowed (the cave's turn): the key goes to whoever acts, to say why not.
        let neither = [entry(ActionKind::Move, false), entry(ActionKind::BoscoMove, false)];
        assert_eq!(shown_key(&neither, 0, false), Some(KeyCode::KeyM));
        assert_eq!(shown_key(&neither, 1, false), None);
    }

    /// The rocket's button says it costs both of BOSCO's actions (a play-tester learned it only
    /// when the button went grey).
    #[test]
    fn the_rocket_says_what_it_costs() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        assert_eq!(label(&data, &entry(ActionKind::BoscoRocket, true)), "BOSCO rocket (2 actions)");
    }
}
