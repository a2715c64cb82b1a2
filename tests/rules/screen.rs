//! The screen's input path, headless: key messages and clicks on spaces go in through the play
//! layer, the commands it sends are the rules' own offers, and the table changes as they say.

use super::common::*;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use hoxxes::data::creatures::CreatureKind;
use hoxxes::data::weapons::DwarfClass;
use hoxxes::rules::command::{Command, CommandLog};
use hoxxes::rules::hex::Qr;
use hoxxes::rules::state::Turn;
use hoxxes::screen::play::{self, LegalNow, Listing, PlayerInput, Selection};

/// A room with the play layer on top, the creatures' turn at instant speed.
fn table(classes: &[DwarfClass]) -> Game {
    let mut g = Game::room(classes);
    g.app.add_plugins(bevy::input::InputPlugin).add_plugins(play::logic_plugin);
    g.app.world_mut().resource_mut::<play::pace::Pace>().speed = play::pace::Speed::Instant;
    g.app.update();
    g
}

/// A key pressed and let go, as the window would send it.
fn key(g: &mut Game, k: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let e = KeyboardInput {
            key_code: k,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        };
        g.app.world_mut().write_message(e);
        settle(g);
    }
}

/// A click on a space, as the pointer layer turns it into input.
fn click(g: &mut Game, at: Qr) {
    g.app.world_mut().write_message(PlayerInput::Hex(at.into()));
    settle(g);
}

/// After a test has set the table up by hand (outside the rules), the screen asks the rules afresh.
fn set_up(g: &mut Game) {
    g.app.world_mut().insert_resource(LegalNow::default());
    settle(g);
}

/// Let the rules and the screen catch up: a few updates and until the cave is still.
fn settle(g: &mut Game) {
    for _ in 0..4 {
        g.app.update();
    }
    hoxxes::headless::settle(&mut g.app).expect("the rules settle");
    g.app.update();
}

/// The numbered choices the bar shows now, as the screen lists them.
fn listed_now(g: &Game) -> Listing {
    let w = g.app.world();
    play::listing(
        w.resource::<LegalNow>(),
        w.resource::<Selection>(),
        w.resource::<play::SpaceDraft>(),
        w.resource::<play::SuppliesDraft>(),
    )
}

fn played(g: &mut Game) -> Vec<Command> {
    g.app.world().resource::<CommandLog>().0.clone()
}

#[test]
fn a_click_on_a_lit_space_moves_the_dwarf_there() {
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    g.put(DwarfClass::Gunner, 3, 2);
    set_up(&mut g);
    // A space three away is lit for a Move with nothing picked; four away is not.
    click(&mut g, q(7, 2));
    assert!(played(&mut g).is_empty(), "a space out of reach does nothing");
    click(&mut g, q(6, 2));
    assert_eq!(g.pos(DwarfClass::Gunner), q(6, 2));
    assert!(matches!(played(&mut g).as_slice(), [Command::Move(_)]));
}

#[test]
fn a_shot_picked_by_key_then_aimed_by_click_hits_the_creature() {
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    g.put(DwarfClass::Gunner, 3, 2);
    let id = g.creature(CreatureKind::Grunt, 5, 2);
    let before = g.creature_health(id).expect("placed");
    // Every die shows two Bullet hits.
    g.dice(&[(hoxxes::data::dice::DieKind::Bullet, 5); 4]);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyQ);
    let picked = g.app.world().resource::<Selection>().0.clone().expect("Q picks the first fire mode");
    assert_eq!(picked.kind, hoxxes::rules::legal::ActionKind::Shoot);
    click(&mut g, q(5, 2));
    // The damage chain asks where each die goes: the first lit answer is on the creature.
    while g.app.world().resource::<LegalNow>().legal.pending.is_some() {
        click(&mut g, q(5, 2));
        if g.app.world().resource::<LegalNow>().legal.pending.is_some() {
            key(&mut g, KeyCode::Digit1);
        }
    }
    let log = played(&mut g);
    assert!(matches!(log.first(), Some(Command::Shoot { target, .. }) if *target == q(5, 2)), "{log:?}");
    let hurt = g.creature_health(id);
    assert!(hurt.is_none_or(|h| h < before), "the Grunt is hit: {hurt:?} of {before}");
}

/// A click on a space not lit for the shot picked sends nothing and says why, in the rules' words
/// asked of that space: out of reach; and with nothing picked, why a Move does not go there: a
/// creature on it, a wall, or too far.
#[test]
fn a_click_on_a_space_not_lit_says_why_and_sends_nothing() {
    use hoxxes::data::mission::Ground;
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    g.put(DwarfClass::Gunner, 2, 2);
    g.creature(CreatureKind::Grunt, 8, 2);
    g.set_ground(3, 2, Ground::Wall(None));
    set_up(&mut g);
    let notice = |g: &Game| g.app.world().resource::<play::Notice>().0.clone();
    let named = |c: i32, r: i32| hoxxes::screen::words::space(&q(c, r));
    click(&mut g, q(8, 2));
    assert_eq!(notice(&g), format!("Move to {}: a creature stands there", named(8, 2)));
    click(&mut g, q(3, 2));
    assert_eq!(notice(&g), format!("Move to {}: it is a wall", named(3, 2)));
    click(&mut g, q(8, 3));
    assert_eq!(notice(&g), format!("Move to {}: no way there takes 3 movement points or fewer", named(8, 3)));
    assert!(played(&mut g).is_empty(), "nothing is sent");
    key(&mut g, KeyCode::KeyQ);
    click(&mut g, q(8, 2));
    assert!(played(&mut g).is_empty(), "nothing is sent");
    assert_eq!(notice(&g), "Burst Fire: (8, 2) is 6 spaces away; Burst Fire reaches 5", "the rules' refusal of that space");
}

/// With an attack picked, the pointer on a creature it may not aim at (out of reach here) is told
/// why before any click, in the rules' words; on a lit target, nothing is to be told. With nothing
/// picked, the Move says why it does not go to a space.
#[test]
fn pointing_at_a_space_the_action_cannot_reach_says_why() {
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    g.put(DwarfClass::Gunner, 2, 2);
    g.creature(CreatureKind::Grunt, 8, 2);
    g.creature(CreatureKind::Grunt, 5, 2);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyQ);
    let why = |g: &mut Game, at: Qr| {
        g.app.world_mut().resource_mut::<play::Hovered>().0 = Some(at.into());
        settle(g);
        g.app.world().resource::<play::WhyNotHere>().0.clone()
    };
    let told = |words: &str| Some((q(8, 2), words.to_string()));
    assert_eq!(why(&mut g, q(8, 2)), told("not a target: (8, 2) is 6 spaces away; Burst Fire reaches 5"));
    assert_eq!(why(&mut g, q(5, 2)), None, "a lit target");
    // Nothing picked: a Move is what a click does, and it is told why it does not go there.
    key(&mut g, KeyCode::Escape);
    assert_eq!(why(&mut g, q(8, 2)), told("no Move here: a creature stands there"));
    assert_eq!(why(&mut g, q(3, 2)), None, "a space a Move reaches");
    assert!(played(&mut g).is_empty(), "nothing is sent");
}

/// Chop with nothing next to the Dwarf to spend an axe success on asks first; C again rolls.
#[test]
fn a_chop_with_nothing_to_chop_is_asked_before_it_rolls() {
    use hoxxes::data::mission::Ground;
    let mut g = table(&[DwarfClass::Scout, DwarfClass::Gunner]);
    g.put(DwarfClass::Scout, 5, 3);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyC);
    assert!(played(&mut g).is_empty(), "nothing rolled yet");
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    assert!(notice.contains("nothing next to you"), "{notice}");
    key(&mut g, KeyCode::KeyC);
    // C again rolls; any success, with nothing to spend it on, is answered for him at once.
    let log = played(&mut g);
    let unspent = Command::Choose(hoxxes::rules::command::Answer::Chop(hoxxes::rules::command::ChopTarget::Nothing));
    assert!(log[0] == Command::Chop && log[1..].iter().all(|c| *c == unspent), "C again rolls: {log:?}");
    // With a wall beside him, C rolls at once.
    let mut g = table(&[DwarfClass::Scout, DwarfClass::Gunner]);
    g.put(DwarfClass::Scout, 5, 3);
    g.set_ground(6, 3, Ground::Wall(None));
    set_up(&mut g);
    key(&mut g, KeyCode::KeyC);
    assert_eq!(played(&mut g), [Command::Chop]);
}

#[test]
fn an_action_not_allowed_says_why_and_sends_nothing() {
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    key(&mut g, KeyCode::KeyU);
    assert!(played(&mut g).is_empty());
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    assert!(notice.contains("not knocked over"), "{notice}");
    key(&mut g, KeyCode::Escape);
}

/// Ending a turn with actions left is asked twice (a slip of E must not throw them away, and the
/// Event card it draws cannot be taken back): the first press sends nothing and says so, Escape
/// plays on, and E twice ends the turn.
#[test]
fn ending_the_turn_with_actions_left_is_asked_first() {
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    key(&mut g, KeyCode::KeyE);
    assert!(played(&mut g).is_empty(), "one press sends nothing");
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    assert_eq!(notice, "Ending the turn now leaves 3 actions unspent");
    key(&mut g, KeyCode::Escape);
    assert_eq!(g.app.world().resource::<play::Notice>().0, "", "Escape takes the question away");
    key(&mut g, KeyCode::KeyE);
    assert!(played(&mut g).is_empty(), "Escape took the question back: a press asks again");
    key(&mut g, KeyCode::KeyE);
    assert_eq!(played(&mut g).first(), Some(&Command::EndTurn));
}

/// A Dwarf aboard the Drop Pod with the objectives met draws no Event card (ruling 23): ending his
/// turn with actions left loses nothing, and is not asked (a play-tester was asked every round).
#[test]
fn ending_the_turn_aboard_the_drop_pod_is_not_asked() {
    let mut g = table(&[DwarfClass::Scout, DwarfClass::Driller]);
    g.set_mule(hoxxes::data::mission::Item::Morkite, 1);
    g.put(DwarfClass::Scout, 1, 2);
    // The Driller still out in the cave: the mission goes on.
    g.put(DwarfClass::Driller, 5, 3);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyE);
    assert_eq!(played(&mut g), [Command::EndTurn], "one press ends it");
}

/// A launch that leaves a Dwarf behind, out cold, is asked first (a play-tester's Driller was left
/// out of the rest of a Deep Dive by one press). With every Dwarf aboard there is nothing to ask:
/// the mission is won then without a launch.
#[test]
fn a_launch_that_leaves_a_dwarf_behind_is_asked_first() {
    use hoxxes::data::mission::Item;
    use hoxxes::rules::components::DwarfStatus;
    let mut g = table(&[DwarfClass::Scout, DwarfClass::Driller]);
    g.set_mule(Item::Morkite, 1);
    g.put(DwarfClass::Scout, 1, 2);
    g.put(DwarfClass::Driller, 5, 3);
    g.set_status(DwarfClass::Driller, DwarfStatus { unconscious: true, ..Default::default() });
    set_up(&mut g);
    key(&mut g, KeyCode::KeyL);
    assert!(played(&mut g).is_empty(), "one press sends nothing");
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    assert!(notice.starts_with("Launching now leaves the Driller behind, out cold"), "{notice}");
    key(&mut g, KeyCode::Escape);
    key(&mut g, KeyCode::KeyL);
    assert!(played(&mut g).is_empty(), "Escape took the question back: a press asks again");
    key(&mut g, KeyCode::KeyL);
    assert_eq!(played(&mut g), [Command::Launch]);
}

/// Calling a Resupply pod while one still holds supplies sends that one away with them (rulebook,
/// "Call down a Resupply pod"): the first press says so, what it holds and where, before a space
/// is clicked (a play-tester lost a Supply Drop's full pod to one call). With no pod on the cave
/// nothing is said.
#[test]
fn calling_a_pod_while_one_holds_supplies_says_what_goes_first() {
    let mut g = table(&[DwarfClass::Driller]);
    g.put(DwarfClass::Driller, 4, 2);
    g.set_mule(hoxxes::data::mission::Item::Nitra, 6);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyR);
    assert_eq!(g.app.world().resource::<play::Notice>().0, "", "no pod yet: nothing to lose");
    key(&mut g, KeyCode::Escape);
    g.stack_resupply(7, 4, 1);
    g.ok(Command::CallResupply(q(5, 2)));
    set_up(&mut g);
    key(&mut g, KeyCode::KeyR);
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    let space = hoxxes::screen::words::space(&q(5, 2));
    assert_eq!(
        notice,
        format!(
            "A new pod sends the one on {space} away with what it still holds (7 primary ammo, 4 secondary ammo, 1 Health): click where the new one lands, [Esc] keeps it"
        )
    );
    assert_eq!(played(&mut g), [Command::CallResupply(q(5, 2))], "one press sends nothing");
    let legal = &g.app.world().resource::<LegalNow>().legal;
    let call = legal.actions.iter().find(|a| a.kind == hoxxes::rules::legal::ActionKind::CallResupply).expect("Call Resupply");
    let Some(Command::CallResupply(to)) = call.offers().first().map(|o| o.command.clone()) else { panic!("a space to call it to") };
    click(&mut g, to);
    assert_eq!(played(&mut g).last(), Some(&Command::CallResupply(to)), "a lit space clicked calls the new pod");
}

/// A card its holder may play on himself or leave unnamed (the rules then name him) is one choice,
/// not two that do the same: its button plays it at once, and the prompt names it once.
#[test]
fn a_card_on_its_holder_is_one_choice() {
    use hoxxes::data::mission::{Ground, Item, Mineral};
    use hoxxes::rules::components::Hand;
    use hoxxes::rules::legal::ActionKind;
    let mut g = table(&[DwarfClass::Scout, DwarfClass::Driller]);
    g.put(DwarfClass::Scout, 4, 2);
    g.set_ground(5, 2, Ground::Wall(Some(Mineral::Gold)));
    let card = g.app.world().resource::<hoxxes::data::GameData>().rock_and_stone.iter().position(|c| c.name == "We're Rich!");
    let scout = g
        .app
        .world_mut()
        .query::<(Entity, &hoxxes::rules::components::Dwarf)>()
        .iter(g.app.world())
        .find(|(_, d)| d.class == DwarfClass::Scout)
        .map(|(e, _)| e);
    g.app
        .world_mut()
        .entity_mut(scout.expect("the Scout"))
        .insert(Hand { rock_and_stone: vec![card.expect("the card")], throwables: vec![] });
    set_up(&mut g);
    let legal = g.app.world().resource::<LegalNow>().legal.clone();
    let (i, rich) = legal.actions.iter().enumerate().find(|(_, a)| a.kind == ActionKind::PlayCard).expect("the card is on the bar");
    assert!(rich.offers().len() >= 2, "the rules take it unnamed and on the Scout: {:?}", rich.offers());
    let once = play::choices(rich);
    let on_him = Command::PlayCard { by: DwarfClass::Scout, card: "We're Rich!".into(), on: Some(DwarfClass::Scout) };
    assert_eq!(once.iter().map(|o| o.command.clone()).collect::<Vec<_>>(), std::slice::from_ref(&on_him));
    g.app.world_mut().write_message(PlayerInput::Action(i));
    settle(&mut g);
    assert_eq!(played(&mut g), [on_him], "one choice: the button plays it");
    assert_eq!(g.mule(Item::Gold), 1);
}

/// The play layer runs from the game's start, in the menus, before any mission is laid out: it
/// asks nothing of a cave that is not there (a system that did stopped the game as it opened).
#[test]
fn the_play_layer_runs_with_no_mission_laid_out() {
    let mut app = hoxxes::headless::rules_app(data());
    app.add_plugins(bevy::input::InputPlugin).add_plugins(play::logic_plugin);
    app.update();
    app.world_mut().write_message(PlayerInput::Action(0));
    app.update();
    assert!(app.world().resource::<CommandLog>().0.is_empty());
}

#[test]
fn ending_the_turn_plays_the_cave_out_and_passes_the_turn() {
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    key(&mut g, KeyCode::KeyE);
    key(&mut g, KeyCode::KeyE);
    // Reaction shots or cards the Event asks for are answered with the first choice.
    for _ in 0..20 {
        if g.app.world().resource::<LegalNow>().legal.pending.is_none() {
            break;
        }
        key(&mut g, KeyCode::Digit1);
    }
    assert_eq!(played(&mut g).first(), Some(&Command::EndTurn));
    assert_eq!(g.app.world().resource::<Turn>().seat, 1, "the Scout's turn");
}

/// The dice tray shows the roll as faces and the arithmetic of what each die did, puts a reroll in
/// place, and is cleared by the next turn.
#[test]
fn the_dice_tray_shows_the_faces_and_the_arithmetic() {
    use hoxxes::data::dice::{DieKind, Symbol};
    use hoxxes::rules::log::{DieRoll, GameEvent, Who};
    use hoxxes::screen::play::dice::Tray;
    let data = data();
    let roll = |symbols: Vec<Symbol>| DieRoll { die: DieKind::Bullet, face: 0, symbols };
    let grunt = Who::Creature { kind: CreatureKind::Grunt, id: 4 };
    let mut tray = Tray::default();
    tray.take(
        &data,
        &GameEvent::Rolled { who: Who::Dwarf(DwarfClass::Gunner), dice: vec![roll(vec![Symbol::Bullet, Symbol::Bullet]), roll(vec![])] },
    );
    tray.take(
        &data,
        &GameEvent::Damaged { who: grunt.clone(), die: DieKind::Bullet, hits: 3, resisted: 1, damage: 2, health: 1, note: String::new() },
    );
    tray.take(&data, &GameEvent::Rerolled { who: Who::Dwarf(DwarfClass::Gunner), die: 1, roll: roll(vec![Symbol::Bullet]) });
    assert_eq!(tray.title, "The Gunner rolls");
    let faces: Vec<String> = tray.dice.iter().map(hoxxes::screen::words::face).collect();
    assert_eq!(faces, ["2 bullet", "bullet"]);
    assert_eq!(tray.lines[0], "3 Bullet hits - 1 resisted = 2 damage to Glyphid Grunt #4, 1 Health left");
    assert_eq!(tray.lines[1], "die 2 rerolled: bullet");
    tray.take(&data, &GameEvent::TurnStarted { turn: 2, dwarf: DwarfClass::Scout, actions: 3 });
    assert!(tray.dice.is_empty() && tray.lines.is_empty());
}

/// A roll of blanks says that nothing comes of it; what a roll brings about besides damage (a
/// Brood Nexus's hatching) is under its dice; what follows the next card, activation or move is
/// not the roll's doing and stays out of the tray.
#[test]
fn the_dice_tray_tells_a_blank_roll_and_keeps_to_what_the_roll_did() {
    use hoxxes::data::dice::{DieKind, Symbol};
    use hoxxes::rules::log::{DieRoll, GameEvent, Who};
    use hoxxes::screen::play::dice::Tray;
    let data = data();
    let nexus = Who::Creature { kind: CreatureKind::BroodNexus, id: 2 };
    let grunt = Who::Creature { kind: CreatureKind::Grunt, id: 9 };
    let mut tray = Tray::default();
    tray.take(
        &data,
        &GameEvent::Rolled { who: Who::Dwarf(DwarfClass::Scout), dice: vec![DieRoll { die: DieKind::Bullet, face: 0, symbols: vec![] }] },
    );
    assert_eq!(tray.lines, ["blank: nothing comes of it"]);
    let hit = DieRoll { die: DieKind::Creature, face: 0, symbols: vec![Symbol::Hit] };
    tray.take(&data, &GameEvent::Rolled { who: nexus, dice: vec![hit.clone(), hit] });
    tray.take(&data, &GameEvent::Spawned { who: grunt.clone(), at: q(3, 3) });
    assert_eq!(tray.lines, ["Glyphid Grunt #9 appears at (3, 3)"]);
    tray.take(&data, &GameEvent::Activated { who: grunt.clone() });
    tray.take(&data, &GameEvent::Spawned { who: grunt, at: q(4, 3) });
    assert_eq!(tray.lines.len(), 1, "after the next activation, nothing is the roll's doing");
}

/// A choice among more spaces than there are number keys (Supply Drop's landing, ruling 31) is
/// made on the map: the bar lists only the first (the rules' default), and a click on any lit
/// space answers it.
#[test]
fn a_supply_drop_lands_where_the_player_clicks() {
    let mut g = table(&[DwarfClass::Gunner]);
    g.put(DwarfClass::Gunner, 3, 2);
    g.next_event("Supply Drop");
    set_up(&mut g);
    key(&mut g, KeyCode::KeyE);
    key(&mut g, KeyCode::KeyE);
    let now = g.app.world().resource::<LegalNow>();
    let answers = now.legal.pending.as_ref().expect("the landing is asked").answers.len();
    assert!(answers > play::MOST_CHOICES, "{answers} spaces");
    let Listing::Answers(listed) = play::listing(now, &Selection::default(), &play::SpaceDraft::default(), &play::SuppliesDraft::default())
    else {
        panic!("the choice is listed")
    };
    assert_eq!(listed.len(), 1, "the bar lists the nearest space only");
    // An action's key meanwhile is refused, and the refusal says a question waits.
    key(&mut g, KeyCode::KeyC);
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    assert!(notice.ends_with("(a question waits: answer it above first)"), "{notice}");
    click(&mut g, q(8, 4));
    assert!(matches!(g.tokens_at(8, 4).as_slice(), [hoxxes::rules::components::Token::ResupplyPod { .. }]));
    assert!(played(&mut g).contains(&Command::Choose(hoxxes::rules::command::Answer::Space(q(8, 4)))));
}

/// Get supplies from a full pod: the bar shows the largest split the rules offer and steps from
/// it, not the dozens of splits; a step to a split the rules do not offer is refused in words, and
/// the split stepped to is the command sent.
#[test]
fn get_supplies_shows_one_split_and_steps_from_it() {
    let mut g = table(&[DwarfClass::Driller]);
    g.put(DwarfClass::Driller, 4, 2);
    g.set_health(DwarfClass::Driller, 3);
    // Room for 2 primary ammo, none secondary.
    g.set_ammo(DwarfClass::Driller, 3);
    g.stack_resupply(7, 4, 1);
    g.set_mule(hoxxes::data::mission::Item::Nitra, 3);
    g.ok(Command::CallResupply(q(5, 2)));
    set_up(&mut g);
    key(&mut g, KeyCode::KeyG);
    let split = |g: &Game| match listed_now(g) {
        Listing::Supplies(o) => o.into_iter().map(|o| o.map(|o| o.command)).collect::<Vec<_>>(),
        other => panic!("the split is listed, not {other:?}"),
    };
    let take = |primary, secondary, health| Some(Command::GetSupplies { primary, secondary, health });
    // All that fits first (the pod's one Health); then one fewer primary, none more; no secondary
    // either way; no Health, none more.
    assert_eq!(split(&g), [take(2, 0, 1), take(1, 0, 1), None, None, None, take(2, 0, 0), None]);
    key(&mut g, KeyCode::Digit3);
    assert!(g.app.world().resource::<play::Notice>().0.contains("no more of that"), "a step the rules do not offer says why");
    key(&mut g, KeyCode::Digit2);
    key(&mut g, KeyCode::Digit2);
    // Nothing at all is not a split the rules take.
    assert_eq!(split(&g), [take(0, 0, 1), None, take(1, 0, 1), None, None, None, None]);
    assert!(played(&mut g).iter().all(|c| !matches!(c, Command::GetSupplies { .. })), "nothing is sent while the split is put together");
    key(&mut g, KeyCode::Digit1);
    assert_eq!(played(&mut g).last(), take(0, 0, 1).as_ref());
    assert_eq!(g.health(DwarfClass::Driller), 4);
    assert_eq!(g.app.world().resource::<play::SuppliesDraft>().0, None, "the split is dropped with the action");
}

/// An exchange is put together item by item from the bar, with each adjacent Dwarf, and made by
/// Enter as one action (ruling 31); Escape drops what was picked.
#[test]
fn an_exchange_with_two_dwarves_is_put_together_and_made_in_one_action() {
    let mut g = table(&[DwarfClass::Scout, DwarfClass::Gunner, DwarfClass::Driller]);
    g.put(DwarfClass::Scout, 3, 2);
    g.put(DwarfClass::Gunner, 4, 2);
    g.put(DwarfClass::Driller, 2, 2);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyX);
    let selection = g.app.world().resource::<Selection>().clone();
    let Listing::Offers(offers) =
        play::listing(g.app.world().resource::<LegalNow>(), &selection, &play::SpaceDraft::default(), &play::SuppliesDraft::default())
    else {
        panic!("the exchanges are listed")
    };
    let nothing = hoxxes::rules::command::Supplies::default();
    // Something handed to the Gunner, something taken from the Driller.
    let given =
        offers.iter().position(|o| matches!(&o.command, Command::Exchange { with: DwarfClass::Gunner, give, .. } if *give != nothing));
    let taken =
        offers.iter().position(|o| matches!(&o.command, Command::Exchange { with: DwarfClass::Driller, take, .. } if *take != nothing));
    for n in [given.expect("an item to give"), taken.expect("an item to take")] {
        g.app.world_mut().write_message(PlayerInput::Choice(n));
        settle(&mut g);
    }
    assert!(played(&mut g).is_empty(), "nothing is sent while the exchange is put together");
    assert_eq!(g.app.world().resource::<play::ExchangeDraft>().0.len(), 2);
    // The Scout holds one Throwable: handing it over twice is not taken into the exchange.
    g.app.world_mut().write_message(PlayerInput::Choice(given.expect("an item to give")));
    settle(&mut g);
    assert_eq!(g.app.world().resource::<play::ExchangeDraft>().0.len(), 2, "{}", g.app.world().resource::<play::Notice>().0);
    assert!(g.app.world().resource::<play::Notice>().0.starts_with("not with what is picked already"));
    key(&mut g, KeyCode::Enter);
    match played(&mut g).as_slice() {
        [Command::Exchange { with: DwarfClass::Gunner, also, .. }] => assert_eq!(also.len(), 1, "the Driller's part in the same command"),
        other => panic!("one exchange with both: {other:?}; {}", g.app.world().resource::<play::Notice>().0),
    }
    assert_eq!(g.turn().actions_left, 2, "one action");
    key(&mut g, KeyCode::KeyX);
    g.app.world_mut().write_message(PlayerInput::Choice(0));
    settle(&mut g);
    key(&mut g, KeyCode::Escape);
    assert!(g.app.world().resource::<play::ExchangeDraft>().0.is_empty(), "Escape drops it");
    assert_eq!(played(&mut g).len(), 1);
}

/// The log names a condition in words: "knocked over", not "knockedover".
#[test]
fn the_log_names_conditions_in_words() {
    let e = hoxxes::rules::log::GameEvent::Afflicted { dwarf: DwarfClass::Scout, status: "KnockedOver".into() };
    assert_eq!(hoxxes::screen::words::describe(&data(), &e), "The Scout is knocked over");
}

/// The log's words read as sentences: a card with no effect says why in a line of its own, ammo
/// spent leaves out the weapon not used, a pickup has its name in words, a creature's dice are
/// counted ('1 die').
#[test]
fn the_log_reads_as_sentences() {
    use hoxxes::data::mission::Pickup;
    use hoxxes::rules::log::GameEvent;
    use hoxxes::screen::words::{describe, dice};
    let data = data();
    assert_eq!(describe(&data, &GameEvent::Skipped { why: "no Dwarf is unconscious".into() }), "No Dwarf is unconscious");
    assert_eq!(
        describe(&data, &GameEvent::AmmoSpent { dwarf: DwarfClass::Driller, primary: 1, secondary: 0 }),
        "The Driller spends 1 primary ammo"
    );
    assert_eq!(
        describe(&data, &GameEvent::AmmoSpent { dwarf: DwarfClass::Driller, primary: 1, secondary: 2 }),
        "The Driller spends 1 primary and 2 secondary ammo"
    );
    assert_eq!(describe(&data, &GameEvent::PickupPlaced { pickup: Pickup::RedSugar, at: q(2, 3) }), "A Red Sugar is placed at (2, 3)");
    assert_eq!((dice(1), dice(3)), ("1 die".to_string(), "3 dice".to_string()));
}

/// A choice about a die names it by its number and, with the roll in the tray, its face.
#[test]
fn a_choice_names_its_die_by_its_face() {
    use hoxxes::data::dice::{DieKind, Symbol};
    use hoxxes::rules::command::Answer;
    use hoxxes::rules::log::DieRoll;
    use hoxxes::screen::words::answer;
    let roll = |symbols: Vec<Symbol>| DieRoll { die: DieKind::Explosive, face: 0, symbols };
    let dice = [roll(vec![Symbol::Boom]), roll(vec![Symbol::Boom, Symbol::Boom])];
    let data = data();
    assert_eq!(answer(&data, &Answer::Keep(1), &dice), "keep die 2 (2 boom)");
    assert_eq!(answer(&data, &Answer::Place { die: 0, at: q(2, 3) }, &dice), "die 1 (boom) on (2, 3)");
    assert_eq!(answer(&data, &Answer::Keep(1), &[]), "keep die 2", "no roll known: the number alone");
}

/// An exchange in the log says who gave what.
#[test]
fn the_log_tells_an_exchange_in_words() {
    use hoxxes::rules::command::Supplies;
    let gave = Supplies { primary: 2, rock_and_stone: vec!["For Karl!".into()], ..Default::default() };
    let e =
        hoxxes::rules::log::GameEvent::Exchanged { dwarf: DwarfClass::Scout, with: DwarfClass::Gunner, gave, took: Supplies::default() };
    assert_eq!(hoxxes::screen::words::describe(&data(), &e), "The Scout gives the Gunner 2 primary ammo, For Karl! and takes nothing");
}

/// The log's lines read as English: an item by its name, a token's verb agreeing, a count named,
/// a heal of nothing said so.
#[test]
fn the_log_reads_as_english() {
    use hoxxes::rules::log::GameEvent;
    let say = |e: GameEvent| hoxxes::screen::words::describe(&data(), &e);
    assert_eq!(say(GameEvent::Collected { item: hoxxes::data::mission::Item::AlienEgg, at: q(1, 1) }), "Alien Egg into the M.U.L.E.");
    assert_eq!(say(GameEvent::CreaturesActivate { count: 2 }), "The creatures activate: 2 creatures");
    // Turned over, not taken: "Found" read as picked up.
    let bulb = GameEvent::PickupRevealed { pickup: hoxxes::data::mission::Pickup::BarleyBulb, at: q(1, 1) };
    assert!(say(bulb).starts_with("A pickup turned over at "), "turned over, not 'Found'");
    assert_eq!(
        say(GameEvent::Healed { dwarf: DwarfClass::Gunner, amount: 0, health: 5 }),
        "The Gunner heals nothing: he has 5 Health, all he can hold"
    );
    let grunt = hoxxes::rules::log::Who::Creature { kind: CreatureKind::Grunt, id: 9 };
    let roll = |symbols| vec![hoxxes::rules::log::DieRoll { die: hoxxes::data::dice::DieKind::Creature, face: 0, symbols }];
    let bang = GameEvent::Rolled { who: grunt.clone(), dice: roll(vec![hoxxes::data::dice::Symbol::Bang]) };
    assert!(
        say(bang).ends_with("the Creature die: \"!\" - no hit, and a Glyphid Grunt's \"!\" does nothing"),
        "a roll that does nothing says so"
    );
    assert!(say(GameEvent::Rolled { who: grunt, dice: roll(vec![]) }).ends_with("the Creature die: blank - no hit"));
    let returned = GameEvent::GearReturned { token: hoxxes::rules::components::Token::Flame, at: q(7, 6) };
    assert!(say(returned).starts_with("Flames at "), "no 'The Flames ... comes back'");
}

/// The screen names a space as the mission files do, by (column, row), not by the rules' axial
/// (q, r): row 11's sixth space is (5, 11), its axial q 0.
#[test]
fn the_log_names_a_space_by_its_column_and_row() {
    use hoxxes::rules::hex::cell_to_hex;
    let at = Qr::from(cell_to_hex((5, 11)));
    assert_eq!((at.q, at.r), (0, 11));
    let e = hoxxes::rules::log::GameEvent::Exploded { at };
    assert_eq!(hoxxes::screen::words::describe(&data(), &e), "An Exploder goes off at (5, 11)");
}

/// Flaming Ground's Flames are placed on the map, not picked from a list of every placement (there
/// are dozens): the lit spaces are those a Flame may go on, each click narrows them to the
/// placements holding every space clicked, a click again takes a space back, the bar offers the
/// spaces clicked as the answer (or no Flames), and a placement no larger one holds is sent at once.
#[test]
fn the_flames_are_placed_on_the_map_space_by_space() {
    use hoxxes::data::dice::DieKind;
    use hoxxes::rules::command::Answer;
    let mut g = table(&[DwarfClass::Driller]);
    g.put(DwarfClass::Driller, 2, 2);
    g.creature(CreatureKind::MacteraSpawn, 4, 2);
    g.creature(CreatureKind::MacteraSpawn, 4, 4);
    // The rulebook's Driller example: a double Flame kills the first Mactera, a blank.
    g.dice(&[(DieKind::Flame, 5), (DieKind::Flame, 0)]);
    set_up(&mut g);
    g.ok(Command::Shoot { mode: "FlamingGround".into(), target: q(4, 2) });
    set_up(&mut g);
    let flames_asked = |g: &Game| {
        let legal = &g.app.world().resource::<LegalNow>().legal;
        legal.pending.as_ref().is_some_and(|p| p.answers.iter().all(|o| matches!(o.command, Command::Choose(Answer::Flames(_)))))
    };
    // The damage chain's dice are laid with the first answer each.
    while !flames_asked(&g) {
        key(&mut g, KeyCode::Digit1);
    }
    let placements = g.options().len();
    assert!(placements > play::MOST_CHOICES, "{placements} placements: too many for a list");
    let listed = |g: &Game| match listed_now(g) {
        Listing::Answers(o) => o.into_iter().flatten().map(|o| o.command).collect::<Vec<_>>(),
        _ => vec![],
    };
    assert_eq!(listed(&g), [Command::Choose(Answer::Flames(vec![]))], "none clicked: the bar offers no Flames");
    // A space out of the Flamethrower's reach is not lit.
    click(&mut g, q(9, 2));
    assert!(g.app.world().resource::<play::SpaceDraft>().0.is_empty());
    click(&mut g, q(4, 2));
    click(&mut g, q(3, 3));
    assert_eq!(g.app.world().resource::<play::SpaceDraft>().0, [q(4, 2), q(3, 3)]);
    let sorted = |mut v: Vec<Qr>| {
        v.sort_by_key(|h| (h.r, h.q));
        v
    };
    match &listed(&g)[..] {
        [Command::Choose(Answer::Flames(v)), Command::Choose(Answer::Flames(none))] => {
            assert_eq!(sorted(v.clone()), sorted(vec![q(4, 2), q(3, 3)]), "the two clicked, as one answer");
            assert!(none.is_empty(), "or no Flames");
        }
        other => panic!("the bar lists {other:?}"),
    }
    click(&mut g, q(3, 3));
    assert_eq!(g.app.world().resource::<play::SpaceDraft>().0, [q(4, 2)], "a click again takes it back");
    assert!(played(&mut g).iter().all(|c| !matches!(c, Command::Choose(Answer::Flames(_)))), "nothing sent yet");
    // A third Flame makes a placement no larger one holds: it goes at once.
    click(&mut g, q(3, 3));
    click(&mut g, q(2, 3));
    let sent = played(&mut g).into_iter().find_map(|c| match c {
        Command::Choose(Answer::Flames(v)) => Some(v),
        _ => None,
    });
    assert_eq!(sorted(sent.expect("the placement is sent")), sorted(vec![q(4, 2), q(3, 3), q(2, 3)]));
    assert_eq!(g.tokens_at(3, 3), vec![hoxxes::rules::components::Token::Flame]);
}

/// The Platform Gun takes up to three pits in one shot: each click on a lit pit picks it (again,
/// takes it back), the bar offers the pits picked as one shot, and the third click shoots at once.
/// With one platform left to shoot, a click shoots.
#[test]
fn the_platform_gun_takes_its_pits_click_by_click() {
    use hoxxes::data::mission::Ground;
    let mut g = table(&[DwarfClass::Engineer]);
    g.put(DwarfClass::Engineer, 3, 2);
    for c in 4..=6 {
        g.set_ground(c, 2, Ground::Pit);
    }
    g.set_ground(4, 3, Ground::Pit);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyP);
    let picked = |g: &Game| g.app.world().resource::<play::SpaceDraft>().0.clone();
    let listed = |g: &Game| listed_now(g).numbered().into_iter().flatten().map(|o| o.command).collect::<Vec<_>>();
    click(&mut g, q(4, 2));
    click(&mut g, q(5, 2));
    assert_eq!(picked(&g), [q(4, 2), q(5, 2)]);
    assert_eq!(listed(&g), [Command::Platforms(vec![q(4, 2), q(5, 2)])], "the pits picked, as one shot");
    click(&mut g, q(4, 2));
    assert_eq!(picked(&g), [q(5, 2)], "a click again takes it back");
    assert!(played(&mut g).iter().all(|c| !matches!(c, Command::Platforms(_))), "nothing sent yet");
    // A space that is no pit is not picked.
    click(&mut g, q(2, 2));
    assert_eq!(picked(&g), [q(5, 2)]);
    click(&mut g, q(6, 2));
    click(&mut g, q(4, 3));
    assert!(played(&mut g).contains(&Command::Platforms(vec![q(5, 2), q(6, 2), q(4, 3)])), "the third pit shoots");
    assert!(picked(&g).is_empty());
    assert_eq!(g.turn().actions_left, 2, "one action for the three");
    // Fewer than three: the numbered choice shoots them.
    key(&mut g, KeyCode::KeyP);
    click(&mut g, q(4, 2));
    key(&mut g, KeyCode::Digit1);
    // The box is empty: the oldest free platform moved.
    assert!(played(&mut g).contains(&Command::Platforms(vec![q(4, 2)])), "[1] shoots the one picked");
    // Figures on every platform but one: one platform to shoot, and a click shoots it.
    g.creature(CreatureKind::Grunt, 6, 2);
    g.creature(CreatureKind::Grunt, 4, 3);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyP);
    click(&mut g, q(5, 2));
    assert!(played(&mut g).contains(&Command::Platforms(vec![q(5, 2)])), "one to shoot: the click shoots");
}

/// With one pit in reach, the Platform Gun's click on it shoots: no more could be picked.
#[test]
fn the_platform_gun_shoots_at_the_click_on_the_one_pit_in_reach() {
    use hoxxes::data::mission::Ground;
    let mut g = table(&[DwarfClass::Engineer]);
    g.put(DwarfClass::Engineer, 3, 2);
    g.set_ground(5, 2, Ground::Pit);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyP);
    assert!(matches!(listed_now(&g), Listing::None), "the pit is clicked on the cave, not listed");
    click(&mut g, q(5, 2));
    assert!(played(&mut g).contains(&Command::Platforms(vec![q(5, 2)])));
}

/// Each axe success is a question of its own, and its answers keep their numbers: the key that
/// mined the mineral is not the wall's the next time, it is empty, and the wall's key is the one
/// the first list showed.
#[test]
fn an_axe_success_keeps_the_numbers_of_the_answers_left() {
    use hoxxes::data::dice::DieKind;
    use hoxxes::data::mission::{Ground, Mineral};
    use hoxxes::rules::command::{Answer, ChopTarget};
    let mut g = table(&[DwarfClass::Driller]);
    g.put(DwarfClass::Driller, 3, 2);
    g.set_ground(4, 2, Ground::Wall(Some(Mineral::Gold)));
    g.set_ground(3, 1, Ground::Wall(None));
    g.set_ground(2, 2, Ground::Wall(None));
    g.dice(&[(DieKind::Axe, 5)]);
    set_up(&mut g);
    let listed = |g: &Game| match play::listing(
        g.app.world().resource::<LegalNow>(),
        &Selection::default(),
        &play::SpaceDraft::default(),
        &play::SuppliesDraft::default(),
    ) {
        Listing::Answers(o) => o.into_iter().map(|o| o.map(|o| o.command)).collect::<Vec<_>>(),
        _ => vec![],
    };
    let number = |listed: &[Option<Command>], t: ChopTarget| {
        let answer = Some(Command::Choose(Answer::Chop(t)));
        listed.iter().position(|c| *c == answer).expect("listed")
    };
    let digit = |n: usize| [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4, KeyCode::Digit5][n];
    key(&mut g, KeyCode::KeyC);
    let first = listed(&g);
    let (mine, carve) = (number(&first, ChopTarget::Mine(q(4, 2))), number(&first, ChopTarget::Carve(q(3, 1))));
    // The answer names the mineral, not "the mineral" (a play-tester matched spaces by hand).
    let pending = g.app.world().resource::<LegalNow>().legal.pending.clone().expect("the axe's question");
    let answer = pending.answers.iter().find(|o| o.command == Command::Choose(Answer::Chop(ChopTarget::Mine(q(4, 2))))).expect("mine");
    let data = g.app.world().resource::<hoxxes::data::GameData>();
    assert_eq!(play::view::offer_words(data, answer, &[]), "mine the Gold at (4, 2)");
    key(&mut g, digit(mine));
    let second = listed(&g);
    assert_eq!(second[mine], None, "the mineral's number is kept empty: {second:?}");
    assert_eq!(number(&second, ChopTarget::Carve(q(3, 1))), carve, "the wall keeps its number");
    key(&mut g, digit(mine));
    assert_eq!(played(&mut g).len(), 2, "the key pressed again sends nothing: {:?}", played(&mut g));
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    assert!(notice.contains("answered already"), "{notice}");
    key(&mut g, digit(carve));
    assert_eq!(g.terrain(3, 1), hoxxes::rules::components::Terrain::Open(Ground::Floor));
    assert_eq!(g.terrain(2, 2), hoxxes::rules::components::Terrain::Open(Ground::Wall(None)), "the other wall stands");
}

/// The arrow keys go through the lit spaces in reading order, round from the last to the first,
/// and Enter picks the one they are on: a whole Move without the mouse.
#[test]
fn the_arrow_keys_go_through_the_lit_spaces_and_enter_picks_one() {
    use hoxxes::screen::play::{ByKeys, Hovered};
    let mut g = table(&[DwarfClass::Gunner, DwarfClass::Scout]);
    g.put(DwarfClass::Gunner, 3, 2);
    set_up(&mut g);
    let on = |g: &Game| (g.app.world().resource::<ByKeys>().0, g.app.world().resource::<Hovered>().0.map(Qr::from));
    let lit: Vec<Qr> = {
        let legal = &g.app.world().resource::<LegalNow>().legal;
        let moves = legal.of(hoxxes::rules::legal::ActionKind::Move).next().expect("a Move");
        let mut ends: Vec<Qr> = moves
            .offers()
            .iter()
            .filter_map(|o| match o.detail {
                hoxxes::rules::legal::Detail::Move { to, .. } => Some(to),
                _ => None,
            })
            .collect();
        ends.sort_by_key(|q| hoxxes::rules::hex::canonical((*q).into()));
        ends
    };
    key(&mut g, KeyCode::ArrowRight);
    assert_eq!(on(&g), (true, Some(lit[0])), "the first lit space in reading order");
    key(&mut g, KeyCode::ArrowRight);
    assert_eq!(on(&g), (true, Some(lit[1])));
    key(&mut g, KeyCode::ArrowLeft);
    key(&mut g, KeyCode::ArrowLeft);
    assert_eq!(on(&g), (true, Some(*lit.last().expect("spaces"))), "round from the first to the last");
    key(&mut g, KeyCode::Enter);
    assert_eq!(g.pos(DwarfClass::Gunner), *lit.last().expect("spaces"), "Enter moves him there");
    assert!(matches!(played(&mut g).as_slice(), [Command::Move(_)]));
}

/// A shot of one target aimed at an empty space asks first; a second click on it shoots.
#[test]
fn a_single_shot_at_an_empty_space_is_asked_before_it_fires() {
    let mut g = table(&[DwarfClass::Scout, DwarfClass::Gunner]);
    g.put(DwarfClass::Scout, 3, 2);
    set_up(&mut g);
    key(&mut g, KeyCode::KeyQ);
    click(&mut g, q(5, 2));
    assert!(played(&mut g).is_empty(), "nothing fired yet");
    let notice = g.app.world().resource::<play::Notice>().0.clone();
    assert!(notice.starts_with("Nothing stands on"), "{notice}");
    click(&mut g, q(5, 2));
    assert!(matches!(played(&mut g).first(), Some(Command::Shoot { target, .. }) if *target == q(5, 2)), "{:?}", played(&mut g));
}

/// The Tutorial's coach says what to try next as the player does each thing: it teaches moving,
/// then mining (the Morkite in reach once the Scout stands by it), the axe's question, the end of
/// the turn, the Scout's own gear as his next turn begins, fighting once a creature is in sight,
/// and says so when he is hurt.
#[test]
fn the_tutorials_coach_follows_the_player() {
    use hoxxes::data::dice::DieKind;
    use hoxxes::screen::play::coach::Lesson;
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/00-tutorial.ron");
    let (tutorial, text) = hoxxes::data::validate::load_mission(&file, &data()).expect("the Tutorial loads");
    let mut g = Game::new(tutorial.clone(), &[DwarfClass::Scout]);
    g.app.add_plugins(bevy::input::InputPlugin).add_plugins(play::logic_plugin);
    // As the window starts a game: undo takes the game back by its save.
    let setup = hoxxes::rules::setup::MissionSetup::new(vec![DwarfClass::Scout], 7, 1);
    g.app.insert_resource(play::Game { save: hoxxes::save::Save::begin(&file, &text, setup), mission: tutorial, file: None });
    g.app.world_mut().resource_mut::<play::pace::Pace>().speed = play::pace::Speed::Instant;
    g.app.insert_resource(play::Coach::of(hoxxes::data::mission::MissionKind::Tutorial, false));
    settle(&mut g);
    let coach = |g: &Game| g.app.world().resource::<play::Coach>().clone();
    assert_eq!(coach(&g).lesson, Some(Lesson::Moving));
    assert!(coach(&g).words.starts_with("Tutorial - Moving: the lit spaces are where the Scout"), "{}", coach(&g).words);
    // Out of the pod to (4, 4), beside the Morkite at (4, 3).
    click(&mut g, q(4, 4));
    assert_eq!(coach(&g).lesson, Some(Lesson::Mining));
    assert!(coach(&g).words.contains("a mineral is within the Scout's reach"), "{}", coach(&g).words);
    g.dice(&[(DieKind::Axe, 2)]);
    key(&mut g, KeyCode::KeyC);
    assert!(matches!(coach(&g).lesson, Some(Lesson::Question(hoxxes::rules::command::ChoiceKind::AxeSuccess))));
    click(&mut g, q(4, 3));
    assert_eq!(g.mule(hoxxes::data::mission::Item::Morkite), 1, "the Morkite is in the M.U.L.E.");
    assert_eq!(coach(&g).lesson, Some(Lesson::EndingTheTurn));
    // Undo takes the coach back with the game.
    g.app.world_mut().write_message(PlayerInput::Undo);
    settle(&mut g);
    let axe = Lesson::Question(hoxxes::rules::command::ChoiceKind::AxeSuccess);
    assert_eq!(coach(&g).lesson, Some(axe), "the success spent taken back: the axe's question again");
    g.app.world_mut().write_message(PlayerInput::Redo);
    settle(&mut g);
    assert_eq!(coach(&g).lesson, Some(Lesson::EndingTheTurn));
    // E asks first with an action left; E again ends the turn, and the cave's turn plays out.
    key(&mut g, KeyCode::KeyE);
    key(&mut g, KeyCode::KeyE);
    assert_eq!(g.turn().number, 2);
    // The Scout's second turn, not begun: what his class does (he learned to move in his first).
    assert_eq!(coach(&g).lesson, Some(Lesson::Class(DwarfClass::Scout)));
    // A Grunt in sight once he has moved: the shot is taught.
    let grunt = g.creature(hoxxes::data::creatures::CreatureKind::Grunt, 6, 4);
    assert!(g.creature_pos(grunt).is_some());
    click(&mut g, q(5, 4));
    assert_eq!(coach(&g).lesson, Some(Lesson::Fighting), "a Grunt in sight");
    assert!(coach(&g).words.contains("[Q] Regular shot, then click it"), "{}", coach(&g).words);
    // Hurt, he is told so before anything else of his turn.
    g.set_health(DwarfClass::Scout, 2);
    set_up(&mut g);
    assert_eq!(coach(&g).lesson, Some(Lesson::Hurt(2)));
    // A game watched has no coach; another mission neither.
    assert!(!play::Coach::of(hoxxes::data::mission::MissionKind::Tutorial, true).on);
    assert!(!play::Coach::of(hoxxes::data::mission::MissionKind::Mining, false).on);
}
