//! The legal-moves query is sound and complete: from positions reached by random play on every
//! shipped mission, every command it lists is accepted, and commands it does not list (moves and
//! shots at every other space, every mode, cards not held, answers not offered) are refused.
//!
//! `HOXXES_LEGAL_STEPS` sets the commands played per mission (default 100, which CI runs); a longer run:
//! `HOXXES_LEGAL_STEPS=2000 cargo test --release legal_`.

use super::common::*;
use bevy::prelude::*;
use hoxxes::data::GameData;
use hoxxes::data::load::read_ron;
use hoxxes::data::mission::Mission;
use hoxxes::data::playable::mission_files;
use hoxxes::data::weapons::DwarfClass;
use hoxxes::headless::{apply, new_game};
use hoxxes::rules::command::BoscoAction;
use hoxxes::rules::command::{Answer, ChopTarget, Command, CommandLog};
use hoxxes::rules::components::*;
use hoxxes::rules::end::Outcome;
use hoxxes::rules::hex::Qr;
use hoxxes::rules::legal::{ActionKind, Detail, legal};
use hoxxes::rules::setup::MissionSetup;
use hoxxes::rules::state::{Board, Turn};
use hoxxes::sim::{Bot, BotKind};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

fn steps() -> usize {
    std::env::var("HOXXES_LEGAL_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(100)
}

/// The teams the missions are played with: one Dwarf with BOSCO, two, three, four.
fn team(i: usize) -> MissionSetup {
    let all = DwarfClass::ALL.to_vec();
    let mut setup = MissionSetup::new(all[..(i % 4) + 1].to_vec(), 1000 + i as u64, (i % 3) as u32 + 1);
    setup.bosco = i.is_multiple_of(4);
    setup
}

fn board(app: &App) -> Vec<Qr> {
    let mut v: Vec<Qr> = app.world().resource::<Board>().spaces.keys().map(|h| Qr::from(*h)).collect();
    v.sort_by_key(|q| (q.r, q.q));
    v
}

/// Commands the query did not list, to be refused: moves, shots, throws, gear and BOSCO at spaces,
/// cards nobody holds, answers not offered, and every command without a target.
fn unlisted(app: &mut App, rng: &mut impl Rng) -> Vec<Command> {
    let data = app.world().resource::<GameData>().clone();
    let spaces = board(app);
    let seat = app.world().resource::<Turn>().seat;
    let mut q = app.world_mut().query::<(&Dwarf, &At)>();
    let me = q.iter(app.world()).find(|(d, _)| d.seat == seat).map(|(d, a)| (d.class, a.0));
    let mut out = vec![Command::Chop, Command::EndTurn, Command::Launch, Command::Overclock, Command::StandUp, Command::Shield];
    out.push(Command::GetSupplies { primary: 1, secondary: 0, health: 0 });
    out.push(Command::Choose(Answer::Pass));
    out.push(Command::Choose(Answer::Keep(7)));
    out.push(Command::Choose(Answer::Chop(ChopTarget::Nothing)));
    for c in DwarfClass::ALL {
        out.extend([Command::HelpUp(c), Command::Revive(c), Command::Detonate { by: c }]);
        let card = &data.rock_and_stone[rng.random_range(0..data.rock_and_stone.len())];
        let on = DwarfClass::ALL[rng.random_range(0..4)];
        out.push(Command::PlayCard { by: c, card: card.name.clone(), on: None });
        out.push(Command::PlayCard { by: c, card: card.name.clone(), on: Some(on) });
    }
    for _ in 0..3 {
        let t = spaces[rng.random_range(0..spaces.len())];
        if let Some((class, at)) = me {
            // A straight walk there: refused unless the space is a listed end.
            let line: Vec<Qr> = at.line_to(t.into()).skip(1).map(Qr::from).collect();
            if !line.is_empty() {
                out.push(Command::Move(line));
            }
            for m in &data.weapons.of(class).modes {
                out.push(Command::Shoot { mode: m.id.clone(), target: t });
            }
        }
        out.push(Command::ShootSecondary { target: t });
        out.extend([Command::Flare(t), Command::Zipline(t), Command::Sentry(t), Command::Platforms(vec![t]), Command::CallResupply(t)]);
        out.extend([
            Command::Bosco(BoscoAction::LightGun(t)),
            Command::Bosco(BoscoAction::Rocket(t)),
            Command::Bosco(BoscoAction::Move(vec![t])),
            Command::Bosco(BoscoAction::Place(t)),
        ]);
        let card = &data.throwables[rng.random_range(0..data.throwables.len())];
        out.push(Command::Throw { card: card.name.clone(), target: t });
        out.push(Command::Choose(Answer::Place { die: 0, at: t }));
        out.push(Command::Choose(Answer::Space(t)));
    }
    out.extend([Command::Bosco(BoscoAction::Chop), Command::Bosco(BoscoAction::Revive)]);
    out
}

fn log_len(app: &App) -> usize {
    app.world().resource::<CommandLog>().0.len()
}

/// Play one mission at random from the legal list, checking both directions at every step.
fn check_mission(path: &Path, i: usize) {
    let m: Mission = read_ron(path).expect("the mission reads");
    let setup = team(i);
    let mut app = new_game(data(), &m, &setup).expect("the mission sets up");
    let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
    let mut bot = Bot::new(BotKind::Random, i as u64);
    let where_ = |app: &App, step: usize| {
        format!(
            "{} (team {:?}, seed {}), step {step}, commands so far: {:?}",
            path.display(),
            setup.classes,
            setup.seed,
            app.world().resource::<CommandLog>().0
        )
    };
    for step in 0..steps() {
        if app.world().resource::<Outcome>().0.is_some() {
            assert!(legal(app.world_mut()).commands().is_empty(), "{}: the mission is over yet commands are listed", where_(&app, step));
            return;
        }
        let l = legal(app.world_mut());
        // Complete: what is not listed is refused, and changes nothing.
        let ends: Vec<Qr> = l
            .of(ActionKind::Move)
            .flat_map(|a| a.offers())
            .filter_map(|o| match &o.detail {
                Detail::Move { to, .. } => Some(*to),
                _ => None,
            })
            .collect();
        for cmd in unlisted(&mut app, &mut rng) {
            // One path is offered to each end: another path to a listed end may be good too.
            let listed_end = matches!(&cmd, Command::Move(p) if p.last().is_some_and(|e| ends.contains(e)));
            if l.lists(&cmd) || listed_end {
                continue;
            }
            let before = log_len(&app);
            let result = apply(&mut app, cmd.clone());
            assert!(result.is_err() && log_len(&app) == before, "{}: {cmd:?} is not listed but was accepted", where_(&app, step));
        }
        // Sound: a listed command, picked by the simulator's random bot (by kind first, so that
        // every kind gets its turn).
        let cmd = bot.choose(app.world_mut(), &l).unwrap_or_else(|| panic!("{}: nothing is legal", where_(&app, step)));
        let result = apply(&mut app, cmd.clone());
        assert!(result.is_ok(), "{}: {cmd:?} was listed but refused: {:?}", where_(&app, step), result.err());
    }
}

#[test]
fn legal_moves_are_sound_and_complete_on_every_mission() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("missions");
    for (i, f) in mission_files(&dir).into_iter().enumerate() {
        check_mission(&dir.join(f), i);
    }
}

#[test]
fn a_move_offer_is_the_path_the_move_takes() {
    let mut g = Game::room(&[DwarfClass::Gunner]);
    g.put(DwarfClass::Gunner, 3, 2);
    let l = legal(g.world());
    let moves = l.of(ActionKind::Move).next().expect("Move is listed").offers().to_vec();
    // Three move points in an open room, less the Drop Pod spaces (closed until the objectives
    // are met).
    let ends: Vec<Qr> = moves
        .iter()
        .filter_map(|o| match &o.detail {
            Detail::Move { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    assert!(ends.contains(&q(4, 2)) && ends.contains(&q(6, 2)), "{ends:?}");
    assert!(!ends.contains(&q(7, 2)), "four spaces away is out of reach");
    assert!(!ends.contains(&q(1, 2)), "the Drop Pod is closed");
    for o in &moves {
        let Detail::Move { cost, path, .. } = &o.detail else { panic!("a move offer describes the move") };
        assert_eq!(*cost as usize, path.len());
    }
    let to = moves.iter().find(|o| matches!(&o.detail, Detail::Move { to, .. } if *to == q(6, 2))).expect("listed").command.clone();
    g.ok(to);
    assert_eq!(g.pos(DwarfClass::Gunner), q(6, 2));
}

#[test]
fn a_refused_kind_says_why() {
    let mut g = Game::room(&[DwarfClass::Gunner, DwarfClass::Scout]);
    g.set_status(DwarfClass::Gunner, DwarfStatus { knocked_over: true, ..Default::default() });
    let l = legal(g.world());
    let chop = l.of(ActionKind::Chop).next().expect("listed");
    assert!(chop.allowed.as_ref().is_err_and(|why| why.contains("knocked over")), "{:?}", chop.allowed);
    assert!(l.of(ActionKind::StandUp).next().expect("listed").is_allowed());
    g.set_status(DwarfClass::Gunner, DwarfStatus::default());
    g.set_ammo(DwarfClass::Gunner, 0);
    g.creature(hoxxes::data::creatures::CreatureKind::Grunt, 5, 2);
    let l = legal(g.world());
    for shot in l.of(ActionKind::Shoot).filter(|s| s.what != "SustainedFire") {
        assert!(shot.allowed.as_ref().is_err_and(|why| why.contains("ammo")), "{}: {:?}", shot.what, shot.allowed);
    }
}

/// An axe success on a creature is offered as a hit at its space that names the creature, its
/// Health and its resistance to the axe: counted for the Gunner, ignored by the Driller's drills.
#[test]
fn an_axe_success_on_a_creature_names_it_with_its_axe_resistance() {
    use hoxxes::data::creatures::CreatureKind::MacteraSpawn;
    use hoxxes::data::dice::DieKind::Axe;
    use hoxxes::rules::log::Who;
    for (class, resisted, why) in [(DwarfClass::Gunner, 2, None), (DwarfClass::Driller, 0, Some("axe resistance ignored"))] {
        let mut g = Game::room(&[class]);
        g.put(class, 3, 2);
        let id = g.creature(MacteraSpawn, 4, 2);
        g.dice(&[(Axe, 5)]);
        g.ok(Command::Chop);
        let l = legal(g.world());
        let answers = &l.pending.as_ref().expect("the successes are asked").answers;
        let hit = answers.iter().find(|o| o.command == choose(Answer::Chop(ChopTarget::Creature(id)))).expect("the Mactera offered");
        let Detail::Target { at, figures, ammo: 0, actions: 0 } = &hit.detail else { panic!("{class:?}: {:?}", hit.detail) };
        assert_eq!(*at, q(4, 2));
        let [f] = figures.as_slice() else { panic!("{figures:?}") };
        assert_eq!(f.who, Who::Creature { kind: MacteraSpawn, id });
        assert_eq!(f.resistance, vec![(Axe, resisted)], "{class:?}");
        assert_eq!(f.ignored.as_deref(), why, "{class:?}");
    }
}

/// An axe success that carves a wall open beside a face-down cave says so, with the mineral it
/// mines: the cave's creatures come out, and that cannot be taken back. A wall touching no hidden
/// cave is only carved (or mined).
#[test]
fn an_axe_success_that_opens_a_hidden_cave_says_which() {
    use hoxxes::data::dice::DieKind::Axe;
    use hoxxes::data::mission::{Ground, Mineral};
    // The details of an axe success's answers for a Scout at (c, r) with these walls set.
    let chop = |at: (i32, i32), walls: &[((i32, i32), Ground)]| {
        let mut g = Game::new(cave_with_hidden(), &[DwarfClass::Scout]);
        g.put(DwarfClass::Scout, at.0, at.1);
        for ((c, r), ground) in walls {
            g.set_ground(*c, *r, *ground);
        }
        g.dice(&[(Axe, 5)]);
        g.ok(Command::Chop);
        let l = legal(g.world());
        l.pending.expect("the successes are asked").answers
    };
    let detail = |answers: &[hoxxes::rules::legal::Offer], t: ChopTarget| {
        answers.iter().find(|o| o.command == choose(Answer::Chop(t.clone()))).unwrap_or_else(|| panic!("{t:?} offered")).detail.clone()
    };
    // (5, 3) touches cave a's (6, 2); (4, 3) touches no hidden cave.
    let answers = chop((5, 4), &[((5, 3), Ground::Wall(Some(Mineral::Gold))), ((4, 3), Ground::Wall(None))]);
    let mined = detail(&answers, ChopTarget::Mine(q(5, 3)));
    assert!(matches!(&mined, Detail::Opens { mineral: Some(Mineral::Gold), caves } if caves == &['a']), "{mined:?}");
    assert!(matches!(detail(&answers, ChopTarget::Carve(q(4, 3))), Detail::None));
    // (5, 2) touches cave a's (6, 2).
    let answers = chop((4, 2), &[]);
    let carved = detail(&answers, ChopTarget::Carve(q(5, 2)));
    assert!(matches!(&carved, Detail::Opens { mineral: None, caves } if caves == &['a']), "{carved:?}");
}

/// The Driller's Move that ends by drilling says so, with the hidden cave the drilled space opens,
/// and the Move does open it.
#[test]
fn a_drilling_move_says_it_drills_and_which_cave_it_opens() {
    use hoxxes::data::mission::Ground;
    let mut g = Game::new(cave_with_hidden(), &[DwarfClass::Driller]);
    g.put(DwarfClass::Driller, 4, 2);
    g.set_ground(4, 3, Ground::Stalagmite);
    let move_to = |g: &mut Game, to: Qr| {
        legal(g.world()).actions.iter().flat_map(|a| a.offers()).find_map(|o| match &o.detail {
            Detail::Move { to: t, drills, opens, .. } if *t == to => Some((*drills, opens.clone())),
            _ => None,
        })
    };
    // (5, 2) is rock beside cave a's (6, 2); (4, 3) a stalagmite beside no hidden cave; (3, 2) floor.
    assert_eq!(move_to(&mut g, q(5, 2)), Some((true, vec!['a'])));
    assert_eq!(move_to(&mut g, q(4, 3)), Some((true, vec![])));
    assert_eq!(move_to(&mut g, q(3, 2)), Some((false, vec![])));
    g.walk(&[(5, 2)]).unwrap();
    assert!(
        g.events().iter().any(|e| matches!(e, hoxxes::rules::log::GameEvent::CaveRevealed { letter: 'a', .. })),
        "the drilling opens cave a"
    );
}

/// A Resupply pod the M.U.L.E. cannot pay for is refused for that, not for the spaces it may not
/// land on; and once paid for, it lists the spaces.
#[test]
fn a_resupply_pod_not_paid_for_says_so() {
    let mut g = Game::room(&[DwarfClass::Gunner, DwarfClass::Scout]);
    let l = legal(g.world());
    let call = l.of(ActionKind::CallResupply).next().expect("listed");
    assert!(call.allowed.as_ref().is_err_and(|why| why.contains("costs") && why.contains("M.U.L.E.")), "{:?}", call.allowed);
    g.world().resource_mut::<hoxxes::rules::state::Mule>().add(hoxxes::data::mission::Item::Nitra, 10);
    let l = legal(g.world());
    let call = l.of(ActionKind::CallResupply).next().expect("listed");
    assert!(call.is_allowed() && !call.offers().is_empty(), "{:?}", call.allowed);
}

/// For positions of random play, the intent shown for the first creature in the activation order
/// is what its activation then does: the same target, the same path, the same kind of act.
#[test]
fn a_creatures_intent_is_what_its_activation_does() {
    use hoxxes::rules::agenda::Job;
    use hoxxes::rules::creatures::intent::Intent;
    use hoxxes::rules::log::{GameEvent, GameLog, Who};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("missions");
    let mut checked = 0;
    for (i, f) in mission_files(&dir).into_iter().enumerate().filter(|(i, _)| i % 3 == 1) {
        let m: Mission = read_ron(&dir.join(&f)).expect("reads");
        let mut g = Game { app: new_game(data(), &m, &team(i)).expect("sets up") };
        let mut rng = ChaCha8Rng::seed_from_u64(77 + i as u64);
        for _ in 0..25 {
            if g.app.world().resource::<Outcome>().0.is_some() {
                break;
            }
            let l = legal(g.world());
            if let (Some(first), None) = (l.creatures.first(), &l.pending) {
                let seen = g.app.world().resource::<GameLog>().0.len();
                g.job(Job::Activate(first.id));
                let events: Vec<GameEvent> = g.app.world().resource::<GameLog>().0[seen..].to_vec();
                let me = |w: &Who| matches!(w, Who::Creature { id, .. } if *id == first.id);
                let did = match &first.intent {
                    Intent::Skip { .. } => events.iter().any(|e| matches!(e, GameEvent::SkipsActivation { who, .. } if me(who))),
                    Intent::Attack { target, .. } => {
                        events.iter().any(|e| matches!(e, GameEvent::Attacks { who, target: t } if me(who) && t == target))
                    }
                    Intent::Move { path, .. } => {
                        events.iter().any(|e| matches!(e, GameEvent::Moved { who, path: p } if me(who) && path.starts_with(p)))
                            || events.iter().any(|e| matches!(e, GameEvent::MineTriggered { .. } | GameEvent::SentryFires { .. }))
                    }
                    Intent::Stay => {
                        !events.iter().any(|e| matches!(e, GameEvent::Moved { who, .. } | GameEvent::Attacks { who, .. } if me(who)))
                    }
                    Intent::Hatch { .. } => events.iter().any(|e| matches!(e, GameEvent::Rolled { who, .. } if me(who))),
                    Intent::Explode => events.iter().any(|e| matches!(e, GameEvent::Exploded { .. })),
                    Intent::AttackSentry { .. } => events.iter().any(|e| matches!(e, GameEvent::SentryAttacked { who } if me(who))),
                    Intent::AttackLure { .. } => events.iter().any(|e| matches!(e, GameEvent::LureAttacked { who, .. } if me(who))),
                };
                assert!(did, "{}: the intent of creature {} was {:?}; its activation did {events:?}", f, first.id, first.intent);
                checked += 1;
                while hoxxes::headless::answer_default(&mut g.app).expect("answers") {}
            }
            // Move the game on with a legal command.
            let l = legal(g.world());
            let cmds = l.commands();
            if cmds.is_empty() {
                break;
            }
            let cmd = cmds[rng.random_range(0..cmds.len())].clone();
            apply(&mut g.app, cmd).expect("a listed command is taken");
        }
    }
    assert!(checked >= 10, "only {checked} activations were checked");
}
