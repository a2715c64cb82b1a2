//! Input messages in, commands out. A player picks a kind of action (a key or a button), then one of
//! its offers (a lit space, a numbered button); a pending choice is answered the same way.

use super::keys::entry_for;
use crate::data::weapons::DwarfClass;
use crate::rules::cave::Cave;
use crate::rules::command::{Answer, ChopTarget, Command, CommandLog, CommandQueue, Pending, PendingChoice, Rejected};
use crate::rules::components::Token;
use crate::rules::hex::Qr;
use crate::rules::legal::{Action, ActionKind, Detail, Legal, Offer, query};
use crate::rules::log::{GameLog, counted};
use crate::rules::state::Mule;
use crate::rules::state::Turn;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.init_resource::<LegalNow>()
        .init_resource::<Selection>()
        .init_resource::<Notice>()
        .init_resource::<Welcome>()
        .init_resource::<ExchangeDraft>()
        .init_resource::<SpaceDraft>()
        .init_resource::<SuppliesDraft>()
        .init_resource::<WhyNotHere>()
        // The pointer's space: the window's pointer sets it; headless, a test does.
        .init_resource::<super::input::Hovered>()
        .init_resource::<super::input::ByKeys>()
        .add_message::<PlayerInput>()
        .add_message::<KeyboardInput>()
        .add_systems(
            Update,
            (
                refresh.pipe(keep).run_if(not(resource_exists::<super::history::Rewinding>)),
                keys.run_if(crate::screen::front::playing.or_else(watching_its_end)),
                forget_last_turns_notice.run_if(resource_exists_and_changed::<Turn>),
                act.in_set(Acts).run_if(not(resource_exists::<super::watch::Watching>)),
                tell_refusal,
                ask_why_not_here.run_if(
                    resource_changed::<LegalNow>
                        .or_eager(resource_changed::<Selection>)
                        .or_eager(resource_changed::<super::input::Hovered>),
                ),
            )
                .chain()
                .after(crate::rules::RulesSet::End),
        );
}

/// A new turn, or BOSCO's part of one, puts away what the notice said in the last: a key pressed
/// while the cave moved ("wait: the cave is still moving") stayed in a play-tester's own turn, in
/// place of what the pointer rested on.
fn forget_last_turns_notice(turn: Res<Turn>, mut was: Local<Option<(u32, u32, bool)>>, mut notice: ResMut<Notice>) {
    let now = Some((turn.number, turn.seat, turn.bosco_turn));
    if *was != now {
        *was = now;
        if !notice.0.is_empty() {
            notice.0.clear();
        }
    }
}

/// Where player input becomes commands: pointer systems write their input before it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Acts;

/// A watched game at its debrief: the watcher's keys step back into it (a play-tester pressed Left
/// at the end of a replay and nothing happened).
fn watching_its_end(screen: Option<Res<State<crate::screen::front::Screen>>>, watching: Option<Res<super::watch::Watching>>) -> bool {
    watching.is_some() && screen.is_some_and(|s| *s.get() == crate::screen::front::Screen::Debrief)
}

/// Every key pressed, as input (the window's keyboard, or a test's key messages), taken in the order
/// pressed: Ctrl is down for the keys pressed while it is held, however fast the keys come. Over a
/// watched game's debrief, Enter and Escape are the debrief's own.
fn keys(
    mut pressed: MessageReader<KeyboardInput>,
    mut ctrl: Local<bool>,
    mut out: MessageWriter<PlayerInput>,
    screen: Option<Res<State<crate::screen::front::Screen>>>,
) {
    let debrief = screen.is_some_and(|s| *s.get() == crate::screen::front::Screen::Debrief);
    for k in pressed.read() {
        if matches!(k.key_code, KeyCode::ControlLeft | KeyCode::ControlRight) {
            *ctrl = k.state.is_pressed();
            continue;
        }
        if !k.state.is_pressed() || k.repeat || (debrief && matches!(k.key_code, KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Escape)) {
            continue;
        }
        out.write(match (*ctrl, k.key_code) {
            (true, KeyCode::KeyZ) => PlayerInput::Undo,
            (true, KeyCode::KeyY) => PlayerInput::Redo,
            (_, code) => PlayerInput::Key(code),
        });
    }
}

/// What a player did, in the game's terms.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum PlayerInput {
    /// A key with a meaning at the table (the action shortcuts, digits, Escape, Enter).
    Key(KeyCode),
    /// A click on a space of the cave.
    Hex(Hex),
    /// A click on the button of entry `n` of the action bar.
    Action(usize),
    /// A click on numbered choice `n` (from 0) of the listing.
    Choice(usize),
    /// Back out of the action picked.
    Cancel,
    /// Take back the last command (Ctrl+Z).
    Undo,
    /// Play again the command last taken back (Ctrl+Y).
    Redo,
}

/// The rules' legal-moves query for the game as it stands, and when it was taken.
#[derive(Resource, Default)]
pub struct LegalNow {
    pub legal: Legal,
    stamp: Option<Stamp>,
    /// The pending answers by number.
    numbering: Numbering,
}

impl LegalNow {
    /// After the game is played again from its start (an undo, a save taken up, a watcher's step):
    /// the numbers its question had when it was played (`history::rewind` carries them through the
    /// replay), and the query to be taken afresh.
    pub fn renumbered(&mut self, numbering: Numbering) {
        self.numbering = numbering;
        // The query of the game before the replay does not go with these numbers: until it is
        // taken again (`keep`), nothing is listed.
        self.legal = Legal::default();
        self.stamp = None;
    }
}

/// The numbers of the pending answers, carried from one question to the next as the game goes
/// on: slot `n` holds the answer at that place of the rules' pending answers, or none for a number
/// kept for an answer taken since (see [`renumber`]).
#[derive(Default, Debug, Clone, PartialEq)]
pub struct Numbering {
    /// The question the numbers are for, as the rules ask it.
    asked: Option<PendingChoice>,
    numbers: Vec<Option<usize>>,
}

impl Numbering {
    /// The game has moved on to this question, or to none.
    pub fn next(&mut self, asked: Option<&PendingChoice>) {
        self.numbers = renumber(self.asked.as_ref(), &self.numbers, asked);
        self.asked = asked.cloned();
    }
}

/// A question asked again straight after it was answered (each axe success is a question of its
/// own; a damage chain's dice one by one) keeps the numbers of its answers: an answer still
/// offered keeps its number, one taken leaves its number empty, and a new one comes after. So a
/// key pressed twice, or planned from the first list, never means another answer: [3] cannot mine
/// a mineral and then carve a wall. A question with mostly new answers is numbered afresh. An undo
/// or a save taken up mid-question gives the numbers the question had when it was played, since the
/// game is played again from its start (a play-tester pressed [2] from memory after a reload, and
/// the answers had moved up).
fn renumber(old: Option<&PendingChoice>, old_numbers: &[Option<usize>], new: Option<&PendingChoice>) -> Vec<Option<usize>> {
    let Some(new) = new else { return vec![] };
    let fresh = || (0..new.options.len()).map(Some).collect();
    let Some(old) = old.filter(|o| o.kind() == new.kind() && o.who == new.who) else { return fresh() };
    let place = |i: usize| new.options.iter().position(|a| *a == old.options[i]);
    let mut numbers: Vec<Option<usize>> = old_numbers.iter().map(|n| n.and_then(place)).collect();
    let kept = numbers.iter().flatten().count();
    let added: Vec<Option<usize>> = (0..new.options.len()).filter(|i| !numbers.contains(&Some(*i))).map(Some).collect();
    numbers.extend(added);
    if kept * 2 < new.options.len() || numbers.len() > MOST_CHOICES {
        return fresh();
    }
    numbers
}

/// What marks the game as moved on: the command log's and game log's lengths, a pending choice,
/// the seat, the actions left, BOSCO's part.
type Stamp = (usize, usize, bool, u32, u32, bool);

/// The kind of action the player has picked and not yet carried out.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Selection(pub Option<Pick>);

#[derive(Debug, Clone, PartialEq)]
pub struct Pick {
    pub kind: ActionKind,
    pub what: String,
    pub by: Option<DwarfClass>,
}

/// An exchange being put together: the items picked so far, each one of the rules' single-item
/// offers. Enter makes them one Exchange action (ruling 31: every adjacent Dwarf at once); the
/// rules check the whole of it then.
#[derive(Resource, Default, Debug, Clone)]
pub struct ExchangeDraft(pub Vec<Command>);

impl ExchangeDraft {
    /// The one command the items picked make.
    pub fn command(&self) -> Option<Command> {
        crate::rules::actions::exchange::combined(&self.0)
    }
}

/// Spaces picked one at a time on the cave for one command, the spaces clicked so far:
/// - Flame tokens: the rules offer every set of spaces Flaming Ground may take (dozens, each a
///   list of spaces), so the player clicks the spaces instead, and each click narrows the offers to
///   those holding every space clicked so far;
/// - the Platform Gun's platforms: the rules offer each deep pit alone and say how many one shot
///   may take together (`Detail::Platform`); the shot goes once that many are clicked, or at the
///   numbered choice with fewer.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SpaceDraft(pub Vec<Qr>);

/// With the Platform Gun picked and allowed: how many platforms one shot may place, no more than
/// there are pits lit for it.
pub fn platforms_at_once(legal: &Legal, selection: &Selection) -> Option<u32> {
    let a = selection.0.as_ref().filter(|p| p.kind == ActionKind::Platforms).and_then(|p| find(legal, p))?;
    let at_once = a.offers().iter().find_map(|o| match o.detail {
        Detail::Platform { at_once, .. } => Some(at_once),
        _ => None,
    })?;
    Some(at_once.min(a.offers().len() as u32))
}

/// Whether the spaces being picked are Flames (a pending choice) or platforms (the Platform Gun
/// picked): else the draft is dropped.
pub fn picking_spaces(legal: &Legal, selection: &Selection) -> bool {
    flame_sets(legal).is_some() || platforms_at_once(legal, selection).is_some()
}

/// A click on a lit pit with the Platform Gun picked: the pit added to the platforms picked (or,
/// clicked again, taken out). The shot to send once as many are picked as one shot may place.
fn click_platform(spaces: &mut SpaceDraft, at_once: u32, q: Qr) -> Option<Command> {
    match spaces.0.iter().position(|x| *x == q) {
        Some(i) => {
            spaces.0.remove(i);
        }
        None => spaces.0.push(q),
    }
    (spaces.0.len() as u32 >= at_once).then(|| Command::Platforms(std::mem::take(&mut spaces.0)))
}

/// The platforms picked so far, and what the player may do next.
fn platforms_picked(spaces: &SpaceDraft, at_once: u32) -> String {
    match spaces.0.len() {
        0 => format!("no platform picked: click up to {at_once} lit pits"),
        n => {
            let more = at_once as usize - n;
            let pits = if more == 1 { "pit" } else { "pits" };
            format!("Platforms on {}: {more} more {pits} shoots them all, or [1] shoots these", crate::screen::words::spaces(&spaces.0))
        }
    }
}

/// The pending answers when they are Flame placements: each offer with its spaces.
fn flame_sets(legal: &Legal) -> Option<Vec<(&Offer, &[Qr])>> {
    let p = legal.pending.as_ref()?;
    let sets: Vec<(&Offer, &[Qr])> = p
        .answers
        .iter()
        .filter_map(|o| match &o.command {
            Command::Choose(Answer::Flames(v)) => Some((o, v.as_slice())),
            _ => None,
        })
        .collect();
    (!sets.is_empty() && sets.len() == p.answers.len()).then_some(sets)
}

impl SpaceDraft {
    /// The placements that hold every space clicked.
    fn holding<'a>(&self, sets: &[(&'a Offer, &'a [Qr])]) -> Vec<(&'a Offer, &'a [Qr])> {
        sets.iter().filter(|(_, v)| self.0.iter().all(|q| v.contains(q))).copied().collect()
    }

    /// The placement that is the spaces clicked, no more (none clicked: no Flames at all).
    fn exactly<'a>(&self, sets: &[(&'a Offer, &'a [Qr])]) -> Option<&'a Offer> {
        self.holding(sets).into_iter().find(|(_, v)| v.len() == self.0.len()).map(|(o, _)| o)
    }

    /// A lit space for each space a further click may add, each with a placement holding it.
    fn next(&self, sets: &[(&Offer, &[Qr])]) -> Vec<Offer> {
        let mut out: Vec<Offer> = Vec::new();
        for (o, v) in self.holding(sets) {
            for q in v.iter().filter(|q| !self.0.contains(q)) {
                if !out.iter().any(|x| space_of(x) == Some(*q)) {
                    out.push(Offer { command: o.command.clone(), detail: Detail::Space(*q) });
                }
            }
        }
        out
    }

    /// A click on a space: added (or, clicked again, taken out). The placement to send once no
    /// larger one holds the spaces clicked.
    fn click(&mut self, sets: &[(&Offer, &[Qr])], q: Qr) -> Result<Option<Command>, String> {
        if let Some(i) = self.0.iter().position(|x| *x == q) {
            self.0.remove(i);
            return Ok(None);
        }
        if !self.next(sets).iter().any(|o| space_of(o) == Some(q)) {
            return Err("no Flame may go there with the spaces picked".into());
        }
        self.0.push(q);
        let larger = self.holding(sets).iter().any(|(_, v)| v.len() > self.0.len());
        Ok(if larger { None } else { self.exactly(sets).map(|o| o.command.clone()) })
    }
}

/// Get supplies' split, put together a count at a time: the rules offer every split the Dwarf may
/// take from the pod (some fifty when it is full), too many to list. The bar shows one split, at
/// first the largest the rules offer, and keys to take one fewer or one more of each kind; a step
/// goes only to a split the rules offer. The split shown, once a step has been taken.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SuppliesDraft(pub Option<[u32; 3]>);

/// What the split's keys after the first do, in the bar's order: [`supply_steps`].
pub const SUPPLY_STEPS: [&str; 6] = ["fewer primary", "more primary", "fewer secondary", "more secondary", "less Health", "more Health"];

/// Whether an action's offers are put together as a split of supplies ([`SuppliesDraft`]) rather
/// than sent at once: Get supplies with more than one way to take them.
pub fn split_by_steps(a: &Action) -> bool {
    a.kind == ActionKind::GetSupplies && a.offers().len() > 1
}

/// A Get supplies offer's split: primary ammo, secondary ammo, Health.
fn split(o: &Offer) -> Option<[u32; 3]> {
    match o.command {
        Command::GetSupplies { primary, secondary, health } => Some([primary, secondary, health]),
        _ => None,
    }
}

/// The split shown (the draft's, while the rules still offer it; else the largest they offer) and
/// the steps from it, as numbered choices: the split itself, then one fewer and one more of each
/// kind ([`SUPPLY_STEPS`]), none where the rules offer no such split.
fn supply_steps(offers: &[Offer], draft: &SuppliesDraft) -> Vec<Option<Offer>> {
    let offered = |s: [u32; 3]| offers.iter().find(|o| split(o) == Some(s));
    let largest = offers.iter().filter_map(|o| Some((split(o)?, o))).max_by_key(|(s, _)| s.iter().sum::<u32>());
    let Some((shown, offer)) = draft.0.and_then(|s| Some((s, offered(s)?))).or(largest) else { return vec![] };
    let mut out = vec![Some(offer.clone())];
    for kind in 0..3 {
        for step in [-1, 1] {
            let mut next = shown;
            out.push(shown[kind].checked_add_signed(step).and_then(|n| {
                next[kind] = n;
                offered(next).cloned()
            }));
        }
    }
    out
}

/// A line for the player: why a command was refused, or what to do next.
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice(pub String);

/// A word on the game just begun (which mission, welcome back, F10 for the menu): said in the hint
/// line while nothing else is, until the first command. A space or button pointed at is said
/// instead, not after it.
#[derive(Resource, Default, Debug, Clone)]
pub struct Welcome {
    pub words: String,
    /// The commands the game had when it began: the welcome is said while it has no more.
    pub commands: usize,
}

/// The query is taken again whenever the game has moved on: a command, an event, a choice, a turn.
fn refresh(world: &World) -> Option<Stamp> {
    let turn = world.resource::<Turn>();
    let stamp = (
        world.resource::<CommandLog>().0.len(),
        world.resource::<GameLog>().0.len(),
        world.resource::<Pending>().0.is_some(),
        turn.seat,
        turn.actions_left,
        turn.bosco_turn,
    );
    (world.resource::<LegalNow>().stamp != Some(stamp)).then_some(stamp)
}

fn keep(stamp: In<Option<Stamp>>, mut commands: Commands) {
    if let Some(stamp) = stamp.0 {
        commands.queue(move |world: &mut World| {
            let legal = world.run_system_cached(query).unwrap_or_default();
            let asked = world.resource::<Pending>().0.clone();
            let mut now = world.resource_mut::<LegalNow>();
            now.numbering.next(asked.as_ref());
            now.legal = legal;
            now.stamp = Some(stamp);
            // A picked action that is no longer allowed is dropped.
            let still = world
                .resource::<Selection>()
                .0
                .as_ref()
                .is_none_or(|p| find(&world.resource::<LegalNow>().legal, p).is_some_and(Action::is_allowed));
            if !still {
                world.resource_mut::<Selection>().0 = None;
            }
            // Flames picked belong to the choice they were picked for, platforms to the Platform Gun.
            if !picking_spaces(&world.resource::<LegalNow>().legal, world.resource::<Selection>()) {
                world.resource_mut::<SpaceDraft>().0.clear();
            }
        });
    }
}

/// The entry of the action bar a pick stands for, if it is still there.
pub fn find<'a>(legal: &'a Legal, p: &Pick) -> Option<&'a Action> {
    legal.actions.iter().find(|a| p.is(a))
}

impl Pick {
    /// The pick of an entry of the action bar.
    pub fn of(a: &Action) -> Pick {
        Pick { kind: a.kind, what: a.what.clone(), by: a.by }
    }

    /// Whether this pick is that entry of the action bar.
    pub fn is(&self, a: &Action) -> bool {
        a.kind == self.kind && a.what == self.what && a.by == self.by
    }
}

/// What the numbered choices are now: the pending choice's answers, or the offers of the action
/// picked when they are not spaces (a Dwarf, an amount, a card's target).
#[derive(Debug, Clone)]
pub enum Listing {
    /// The pending answers by number; none where a number is kept for an answer taken since.
    Answers(Vec<Option<Offer>>),
    Offers(Vec<Offer>),
    /// Get supplies' split and its steps ([`supply_steps`]); none where no split is a step away.
    Supplies(Vec<Option<Offer>>),
    None,
}

impl Listing {
    /// The choices by number, the keys 1 to 9 and the buttons alike; none where a number is kept
    /// for an answer taken since.
    pub fn numbered(self) -> Vec<Option<Offer>> {
        match self {
            Listing::Answers(o) | Listing::Supplies(o) => o,
            Listing::Offers(o) => o.into_iter().map(Some).collect(),
            Listing::None => vec![],
        }
    }
}

/// The most numbered choices the bar lists (the keys 1 to 9).
pub const MOST_CHOICES: usize = 9;

pub fn listing(now: &LegalNow, selection: &Selection, drafted: &SpaceDraft, supplies: &SuppliesDraft) -> Listing {
    let legal = &now.legal;
    if let Some(sets) = flame_sets(legal) {
        // The Flames are placed on the map; the bar makes the spaces picked so far the answer, or
        // places none.
        let picked = drafted.exactly(&sets).filter(|_| !drafted.0.is_empty());
        let none = SpaceDraft::default().exactly(&sets);
        return Listing::Answers(picked.into_iter().chain(none).cloned().map(Some).collect());
    }
    if let Some(p) = &legal.pending {
        // A choice among more spaces than there are keys (a Supply Drop's landing, Lights Up!'s
        // Flare) is made by clicking a lit space; the bar lists only the first, the rules' default.
        let on_the_map = p.answers.len() > MOST_CHOICES && p.answers.iter().all(|o| space_of(o).is_some());
        if on_the_map {
            return Listing::Answers(vec![Some(p.answers[0].clone())]);
        }
        return Listing::Answers(now.numbering.numbers.iter().map(|n| n.and_then(|i| p.answers.get(i).cloned())).collect());
    }
    if platforms_at_once(legal, selection).is_some() && !drafted.0.is_empty() {
        // The pits picked so far, shot at once by the one choice.
        return Listing::Offers(vec![Offer { command: Command::Platforms(drafted.0.clone()), detail: Detail::None }]);
    }
    match selection.0.as_ref().and_then(|p| find(legal, p)) {
        Some(a) if split_by_steps(a) => Listing::Supplies(supply_steps(a.offers(), supplies)),
        Some(a)
            if a.offers()
                .iter()
                .any(|o| !matches!(o.detail, Detail::Move { .. } | Detail::Target { .. } | Detail::Space(_) | Detail::Platform { .. })) =>
        {
            Listing::Offers(choices(a))
        }
        _ => Listing::None,
    }
}

/// An action's offers as the player chooses among them: a card that may name its holder or leave
/// him unnamed (the rules then name him: `legal::offers::card_offers`) is offered once, on him,
/// not twice as two choices that do the same ("Play a Rock and Stone card" beside "We're Rich! on
/// the Gunner", a play-tester).
pub fn choices(a: &Action) -> Vec<Offer> {
    let on_holder = |o: &Offer| matches!(&o.command, Command::PlayCard { by, on: Some(on), .. } if on == by);
    let named = a.offers().iter().any(on_holder);
    a.offers().iter().filter(|o| !(named && matches!(o.command, Command::PlayCard { on: None, .. }))).cloned().collect()
}

/// The space an offer or an answer is about, if it is about one.
pub fn space_of(o: &Offer) -> Option<Qr> {
    match (&o.detail, &o.command) {
        (Detail::Move { to, .. }, _)
        | (Detail::Target { at: to, .. }, _)
        | (Detail::Space(to), _)
        | (Detail::Platform { at: to, .. }, _) => Some(*to),
        (_, Command::Choose(a)) => match a {
            Answer::Place { at, .. } | Answer::AlsoAt(at) | Answer::Space(at) => Some(*at),
            Answer::Chop(
                ChopTarget::Mine(h)
                | ChopTarget::Carve(h)
                | ChopTarget::Stalagmite(h)
                | ChopTarget::LootBug(h)
                | ChopTarget::RedSugar(h)
                | ChopTarget::AlienEgg(h),
            ) => Some(*h),
            Answer::Scare(path) => path.last().copied(),
            _ => None,
        },
        _ => None,
    }
}

/// The offers lit on the map now: the pending answers about a space, else the picked action's, else
/// the active Dwarf's moves (a click on a lit space moves him there).
pub fn lit(legal: &Legal, selection: &Selection, drafted: &SpaceDraft) -> Vec<Offer> {
    if let Some(sets) = flame_sets(legal) {
        return drafted.next(&sets);
    }
    if let Some(p) = &legal.pending {
        return p.answers.iter().filter(|o| space_of(o).is_some() || triangle(o).is_some()).cloned().collect();
    }
    let picked = selection.0.as_ref().and_then(|p| find(legal, p));
    picked.or_else(|| move_now(legal)).map(|a| a.offers().iter().filter(|o| space_of(o).is_some()).cloned().collect()).unwrap_or_default()
}

/// A shot of one target (every result on its space) aimed at a space with no figure on it: the
/// rulebook allows it, but one click must not spend an action and ammo on nothing, so the screen
/// asks first (a play-tester's did). An area's blast or a damage chain aimed at an empty space
/// is a way to reach what is around it, and is not asked.
fn aimed_at_nothing(data: &crate::data::GameData, pick: Option<&Pick>, o: &Offer) -> bool {
    use crate::data::weapons::Spread;
    let one_target = pick.is_some_and(|p| match p.kind {
        ActionKind::Shoot => {
            let mode = p.by.and_then(|c| data.weapons.of(c).mode(&p.what));
            mode.is_some_and(|m| matches!(m.spread, Spread::Single | Spread::KeepOne))
        }
        ActionKind::BoscoLightGun => true,
        _ => false,
    });
    one_target && matches!(&o.detail, Detail::Target { figures, .. } if figures.is_empty())
}

/// The lit spaces in reading order (row by row, along each row), each once: where the arrow keys
/// step, on every space a click would pick an offer on.
fn lit_spaces(legal: &Legal, selection: &Selection, drafted: &SpaceDraft) -> Vec<Qr> {
    let mut spaces: Vec<Qr> = lit(legal, selection, drafted).iter().flat_map(spaces_of).collect();
    spaces.sort_by_key(|q| crate::rules::hex::canonical(Hex::from(*q)));
    spaces.dedup();
    spaces
}

/// The next (or the one before) of some spaces after `from`, round from the last to the first;
/// the first (or the last) when `from` is none of them.
fn step_through(spaces: &[Qr], from: Option<Qr>, forward: bool) -> Option<Qr> {
    let n = spaces.len();
    let i = match (from.and_then(|f| spaces.iter().position(|s| *s == f)), forward) {
        (Some(i), true) => (i + 1) % n.max(1),
        (Some(i), false) => (i + n - 1) % n,
        (None, true) => 0,
        (None, false) => n.checked_sub(1)?,
    };
    spaces.get(i).copied()
}

/// The move a click on the cave means with nothing picked: the Dwarf's, or BOSCO's in his part of
/// the turn (the one allowed; else the first, to say why not).
fn move_now(legal: &Legal) -> Option<&Action> {
    let moves = || legal.actions.iter().filter(|a| matches!(a.kind, ActionKind::Move | ActionKind::BoscoMove));
    moves().find(|a| a.is_allowed()).or_else(|| moves().next())
}

/// The two spaces of a triangle or line answer: a click on either picks it.
fn triangle(o: &Offer) -> Option<(Qr, Qr)> {
    match &o.command {
        Command::Choose(Answer::Triangle(a, b) | Answer::Line(a, b)) => Some((*a, *b)),
        _ => None,
    }
}

/// Whether a click on this space means this offer.
pub fn at_space(o: &Offer, h: Qr) -> bool {
    spaces_of(o).any(|s| s == h)
}

/// The spaces of the cave a click picks an offer on: its own space, or either space of a
/// triangle or line answer.
fn spaces_of(o: &Offer) -> impl Iterator<Item = Qr> {
    space_of(o).into_iter().chain(triangle(o).into_iter().flat_map(|(a, b)| [a, b]))
}

fn send(queue: &mut CommandQueue, notice: &mut Notice, selection: &mut Selection, cmd: Command) {
    notice.0.clear();
    selection.0 = None;
    queue.0.push_back(cmd);
}

fn act(
    mut inputs: MessageReader<PlayerInput>,
    now: Res<LegalNow>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut queue: ResMut<CommandQueue>,
    mut draft: ResMut<ExchangeDraft>,
    mut drafted: ResMut<SpaceDraft>,
    mut supplies: ResMut<SuppliesDraft>,
    turn: Res<Turn>,
    data: Res<crate::data::GameData>,
    (mut hovered, mut by_keys): (ResMut<super::input::Hovered>, ResMut<super::input::ByKeys>),
    mut asked_empty: Local<Option<(Option<Pick>, Qr)>>,
    mut commands: Commands,
    // None until a mission is laid out (the menus before it): nothing to ask of the cave then.
    table: Option<(Cave, Res<Mule>)>,
    kits: Query<(&crate::rules::components::Loadout, &crate::rules::components::Hand)>,
) {
    // Whether the items picked for an exchange make one the rules allow: asked as each is picked,
    // by the Exchange action's own check (a card held once could be picked twice, and Enter then
    // said he "holds no" such card).
    let exchange_fits = |parts: &[Command]| -> Result<(), String> {
        use crate::rules::actions::exchange::{check_exchange, combined, trades};
        let (Some((cave, _)), Some(cmd)) = (&table, combined(parts)) else { return Ok(()) };
        check_exchange(cave, &turn, &kits, &trades(&cmd)).map(|_| ())
    };
    for input in inputs.read() {
        // One command at a time: the next waits until the rules have taken the last.
        if !queue.0.is_empty() {
            return;
        }
        let legal = &now.legal;
        // Enter on the space the arrow keys went to is a click on it.
        let keyed = matches!(input, PlayerInput::Key(KeyCode::Enter | KeyCode::NumpadEnter)) && draft.0.is_empty() && by_keys.0;
        let clicked;
        let input = match hovered.0.filter(|_| keyed) {
            Some(h) => {
                clicked = PlayerInput::Hex(h);
                &clicked
            }
            None => input,
        };
        match input {
            PlayerInput::Key(k @ (KeyCode::ArrowLeft | KeyCode::ArrowRight | KeyCode::ArrowUp | KeyCode::ArrowDown)) => {
                let forward = matches!(k, KeyCode::ArrowRight | KeyCode::ArrowDown);
                let from = hovered.0.filter(|_| by_keys.0).map(Qr::from);
                match step_through(&lit_spaces(legal, &selection, &drafted), from, forward) {
                    Some(q) => {
                        hovered.0 = Some(q.into());
                        by_keys.0 = true;
                    }
                    None => notice.0 = "no space is lit: pick an action by its key, then the arrows go through its spaces".into(),
                }
            }
            PlayerInput::Cancel | PlayerInput::Key(KeyCode::Escape) => {
                selection.0 = None;
                drafted.0.clear();
                supplies.0 = None;
                // What the notice asked or said was about what is backed out of.
                notice.0.clear();
            }
            PlayerInput::Key(KeyCode::Enter | KeyCode::NumpadEnter) if !draft.0.is_empty() => {
                if let Some(cmd) = draft.command() {
                    send(&mut queue, &mut notice, &mut selection, cmd);
                }
            }
            PlayerInput::Key(k) => {
                if let Some(n) = digit(*k) {
                    choose(&now, &mut selection, &mut notice, &mut queue, (&mut draft, &drafted, &mut supplies, &exchange_fits), n);
                } else if let Some(i) = entry_for(&legal.actions, *k, turn.bosco_turn) {
                    pick(legal, &mut selection, &mut notice, &mut queue, i, &turn, table.as_ref());
                }
            }
            PlayerInput::Action(i) => pick(legal, &mut selection, &mut notice, &mut queue, *i, &turn, table.as_ref()),
            PlayerInput::Choice(n) => {
                choose(&now, &mut selection, &mut notice, &mut queue, (&mut draft, &drafted, &mut supplies, &exchange_fits), *n);
            }
            PlayerInput::Undo | PlayerInput::Redo => {}
            PlayerInput::Hex(h) => {
                let q = Qr::from(*h);
                // Flames and platforms are picked space by space; any other click is a lit offer's.
                if let Some(sets) = flame_sets(legal) {
                    match drafted.click(&sets, q) {
                        Ok(Some(cmd)) => send(&mut queue, &mut notice, &mut selection, cmd),
                        Ok(None) => notice.0 = flames_picked(&drafted, &sets),
                        Err(why) => notice.0 = why,
                    }
                } else if let Some(at_once) = platforms_at_once(legal, &selection).filter(|n| *n > 1)
                    && lit(legal, &selection, &drafted).iter().any(|o| at_space(o, q))
                {
                    match click_platform(&mut drafted, at_once, q) {
                        Some(cmd) => send(&mut queue, &mut notice, &mut selection, cmd),
                        None => notice.0 = platforms_picked(&drafted, at_once),
                    }
                } else {
                    match lit(legal, &selection, &drafted).into_iter().find(|o| at_space(o, q)) {
                        Some(o) if aimed_at_nothing(&data, selection.0.as_ref(), &o) && *asked_empty != Some((selection.0.clone(), q)) => {
                            *asked_empty = Some((selection.0.clone(), q));
                            let again = if by_keys.0 { "Enter again" } else { "a click on it again" };
                            notice.0 = format!(
                                "Nothing stands on {}: {again} shoots at it anyway, Esc backs out",
                                crate::screen::words::space(&q)
                            );
                        }
                        Some(o) => send(&mut queue, &mut notice, &mut selection, o.command),
                        None if legal.pending.is_some() => notice.0 = "that space is not one of the answers".into(),
                        None => not_lit(&mut commands, &mut notice, &data, legal, selection.0.clone(), q),
                    }
                }
            }
        }
        // An exchange put together is dropped once its action is no longer the one picked.
        if !draft.0.is_empty() && selection.0.as_ref().is_none_or(|p| p.kind != ActionKind::Exchange) {
            draft.0.clear();
        }
        // So are platforms picked, once the Platform Gun is not (nor Flames, once no longer asked).
        if !drafted.0.is_empty() && !picking_spaces(legal, &selection) {
            drafted.0.clear();
        }
        // So is a split, once Get supplies is no longer picked.
        if supplies.0.is_some() && selection.0.as_ref().is_none_or(|p| p.kind != ActionKind::GetSupplies) {
            supplies.0 = None;
        }
    }
}

/// A click on a space not lit for the action picked (a Move with nothing picked) says why: an
/// action not allowed at all says why not; an attack's or a Move's refusal there is the rules' own
/// (out of reach, no line of sight, nothing to hit; a wall, another figure, too far), asked of that
/// one space; else the lit spaces are all there are.
fn not_lit(commands: &mut Commands, notice: &mut Notice, data: &crate::data::GameData, legal: &Legal, pick: Option<Pick>, at: Qr) {
    let asked_of_a_space = |a: &&Action| a.is_allowed() && asked_of_a_space(a.kind);
    let action = match &pick {
        Some(p) => find(legal, p),
        None => move_now(legal),
    };
    let name = action.map_or_else(|| "that action".to_string(), |a| super::keys::label(data, a));
    let Some(a) = action.filter(asked_of_a_space) else {
        notice.0 = match action {
            Some(a) if !a.is_allowed() => format!("{name}: {}", reason(a)),
            _ => format!("{name}: {} is not one of its lit spaces", crate::screen::words::space(&at)),
        };
        return;
    };
    let pick = Pick::of(a);
    // A Move's reasons speak of the space ("it is a wall"): it is named first.
    let name = if a.kind == ActionKind::Move { format!("{name} to {}", crate::screen::words::space(&at)) } else { name };
    commands.queue(move |world: &mut World| {
        let why = why_not_at(world, &pick, at);
        world.resource_mut::<Notice>().0 = format!("{name}: {why}");
    });
}

/// The actions whose refusal at one space the rules can be asked ([`why_not_at`]).
pub fn asked_of_a_space(kind: ActionKind) -> bool {
    use ActionKind::*;
    matches!(kind, Move | Shoot | ShootSecondary | BoscoLightGun | BoscoRocket)
}

/// Why the rules refuse the action picked at a space, in words: asked of that one space (out of
/// reach, no line of sight; a wall, too far).
pub fn why_not_at(world: &mut World, pick: &Pick, at: Qr) -> String {
    let legal = crate::rules::legal::legal_of(world, &[pick.kind], crate::rules::legal::Aim::Only(at.into()));
    let why = match find(&legal, pick).map(|a| &a.allowed) {
        Some(Err(why)) => why.clone(),
        // Allowed there after all (the game moved on since the click): it is lit now.
        Some(Ok(_)) => "it can be aimed at now: click it again".into(),
        None => "that action is no longer on the bar".into(),
    };
    crate::screen::words::spaces_named(&why)
}

/// Why the action picked (a Move with nothing picked) may not go to or aim at the space under the
/// pointer, in the rules' words, as the card's last line: a creature out of sight or range is not
/// lit, nor is a space a Move cannot reach, and the card says why before any click (a play-tester
/// pointed at a space out of reach and was told only what was there).
#[derive(Resource, Default, Debug)]
pub struct WhyNotHere(pub Option<(Qr, String)>);

/// With an attack picked, or a Move (picked, or nothing picked and no question asked), and the
/// pointer on a space it does not light, the rules are asked why there (the same question a click
/// there asks): again whenever the pointer, the pick or the game moves, so the reason is never
/// another weapon's or another moment's.
fn ask_why_not_here(
    mut commands: Commands,
    now: Res<LegalNow>,
    selection: Res<Selection>,
    hovered: Res<super::input::Hovered>,
    drafted: Res<SpaceDraft>,
    watching: Option<Res<super::Watching>>,
    mut why: ResMut<WhyNotHere>,
) {
    let pick = match &selection.0 {
        Some(p) => Some(p.clone()),
        None if now.legal.pending.is_none() => move_now(&now.legal).filter(|a| a.is_allowed()).map(Pick::of),
        None => None,
    };
    let pick = pick.filter(|p| asked_of_a_space(p.kind));
    let at = hovered.0.map(Qr::from).filter(|q| !lit(&now.legal, &selection, &drafted).iter().any(|o| at_space(o, *q)));
    let (Some(pick), Some(at), None) = (pick, at, watching) else {
        if why.0.is_some() {
            why.0 = None;
        }
        return;
    };
    commands.queue(move |world: &mut World| {
        let why = why_not_at(world, &pick, at);
        let words = if pick.kind == ActionKind::Move { format!("no Move here: {why}") } else { format!("not a target: {why}") };
        world.resource_mut::<WhyNotHere>().0 = Some((at, words));
    });
}

/// The key of the answer numbered `n` (from 0) on its button, if it has one.
pub fn choice_key(n: usize) -> Option<String> {
    ANSWER_KEYS.get(n).map(|k| super::keys::key_name(*k))
}

/// The keys of a choice's answers, the first answer's first: 1 to 9, then 0 for the tenth. An
/// answer after the tenth is clicked (an exchange among three Dwarves may offer a dozen items).
const ANSWER_KEYS: [KeyCode; 10] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
    KeyCode::Digit0,
];

fn digit(k: KeyCode) -> Option<usize> {
    ANSWER_KEYS.iter().position(|d| *d == k)
}

/// Why an action cannot be taken now, in words.
pub fn reason(a: &Action) -> String {
    match &a.allowed {
        Err(why) => crate::screen::words::spaces_named(why),
        Ok(_) => "nothing to aim it at".into(),
    }
}

/// Pick an action of the bar: carried out at once when it has one offer that needs no aiming, asked
/// first where a slip of a key would lose something ([`ask_first`]).
fn pick(
    legal: &Legal,
    selection: &mut Selection,
    notice: &mut Notice,
    queue: &mut CommandQueue,
    i: usize,
    turn: &Turn,
    table: Option<&(Cave, Res<Mule>)>,
) {
    let Some(a) = legal.actions.get(i) else { return };
    if !a.is_allowed() {
        // A key pressed while a question waits (a Supply Drop's space) is not the question's: the
        // refusal alone ("0 actions left") read as the question's cost to a play-tester.
        let waiting = if legal.pending.is_some() { " (a question waits: answer it above first)" } else { "" };
        notice.0 = format!("{}{waiting}", reason(a));
        return;
    }
    let asked = selection.0.as_ref().is_some_and(|p| p.is(a));
    let offers = &choices(a);
    // The first press asks; the same key again (the action still picked) goes on.
    let aboard = table.is_some_and(|(cave, mule)| active_aboard(cave, mule, turn));
    let pod = table.and_then(|(cave, _)| pod_on_cave(cave));
    if !asked && let Some(question) = ask_first(a, offers, turn, aboard, pod) {
        selection.0 = Some(Pick::of(a));
        notice.0 = question;
        return;
    }
    if offers.len() == 1 && space_of(&offers[0]).is_none() {
        return send(queue, notice, selection, offers[0].command.clone());
    }
    selection.0 = Some(Pick::of(a));
    notice.0.clear();
}

/// What an action asks before it is taken, where a slip of a key would lose what cannot be taken
/// back: ending the turn with actions left (the Event card it draws; none for a Dwarf `aboard` the
/// Drop Pod with the objectives met, ruling 23, who is not asked), a launch that leaves a Dwarf
/// behind (out of the mission, and of a Deep Dive, ruling 40), a roll of the axe with nothing to
/// spend it on, a Resupply pod called while one still holds supplies (`pod`: the new one sends it
/// away with them, rulebook "Call down a Resupply pod"). `None`: it is taken at once.
fn ask_first(a: &Action, offers: &[Offer], turn: &Turn, aboard: bool, pod: Option<(Qr, [u32; 3])>) -> Option<String> {
    // In BOSCO's part of the turn, End turn ends his part: his actions are the ones left.
    let left = if turn.bosco_turn { turn.bosco_actions } else { turn.actions_left };
    if a.kind == ActionKind::EndTurn && left > 0 && !aboard {
        return Some(end_turn_cost(left, turn.bosco_turn));
    }
    if a.kind == ActionKind::CallResupply
        && let Some((at, held)) = pod
    {
        let space = crate::screen::words::space(&at);
        let held = crate::screen::words::pod_holds(held);
        return Some(format!(
            "A new pod sends the one on {space} away with what it still holds ({held}): click where the new one lands, [Esc] keeps it"
        ));
    }
    let nothing = |targets: &[ChopTarget]| targets.iter().all(|t| *t == ChopTarget::Nothing);
    match offers {
        [Offer { detail: Detail::LeftBehind(left), .. }] => crate::screen::words::left_behind(left).map(|left| {
            format!(
                "Launching now leaves {left} behind, out cold (in a Deep Dive, for the rest of the dive): [L] again launches, [Esc] waits"
            )
        }),
        [Offer { detail: Detail::Chop(targets), .. }] if nothing(targets) => {
            let (what, next_to) = if a.kind == ActionKind::BoscoChop { ("BOSCO's axe", "BOSCO") } else { ("Chop", "you") };
            Some(format!("{what} with nothing next to {next_to} to mine, carve or hit? [C] again rolls anyway, [Esc] plays on"))
        }
        _ => None,
    }
}

/// Whether the Dwarf whose turn it is (not BOSCO in his part) is aboard the Drop Pod with the
/// objectives met, out of the cave's reach (ruling 43), drawing no Event card (ruling 23).
pub fn active_aboard(cave: &Cave, mule: &Mule, turn: &Turn) -> bool {
    !turn.bosco_turn && cave.dwarf_in_seat(turn.seat).is_some_and(|d| cave.aboard(mule, d.at.0))
}

/// The Resupply pod on the cave and what it still holds (primary ammo, secondary ammo, Health), if
/// one stands there holding any.
fn pod_on_cave(cave: &Cave) -> Option<(Qr, [u32; 3])> {
    cave.tokens.iter().find_map(|t| match *t.token {
        Token::ResupplyPod { primary, secondary, health, .. } if primary + secondary + health > 0 => {
            Some((t.at.0.into(), [primary, secondary, health]))
        }
        _ => None,
    })
}

/// What a first press of End turn with actions left says ending now costs.
pub fn end_turn_cost(left: u32, bosco: bool) -> String {
    let part = if bosco { "BOSCO's part" } else { "the turn" };
    // The prompt above says the keys; this says what ending now costs.
    format!("Ending {part} now leaves {} unspent", counted(left, "action"))
}

/// The Flame spaces picked so far, and what the player may do next.
fn flames_picked(drafted: &SpaceDraft, sets: &[(&Offer, &[Qr])]) -> String {
    let spaces = crate::screen::words::spaces(&drafted.0);
    match (spaces.is_empty(), drafted.exactly(sets).is_some()) {
        (true, _) => "no Flame placed yet: click lit spaces".into(),
        (false, true) => format!("Flames on {spaces}: click more lit spaces, or [1] sets these alight"),
        (false, false) => format!("Flames on {spaces}: not a placement on its own, click more lit spaces"),
    }
}

/// What is being put together: an exchange, Flames, a split of supplies; and whether the items of
/// an exchange make one the rules allow.
type Drafts<'a> = (&'a mut ExchangeDraft, &'a SpaceDraft, &'a mut SuppliesDraft, &'a dyn Fn(&[Command]) -> Result<(), String>);

fn choose(now: &LegalNow, selection: &mut Selection, notice: &mut Notice, queue: &mut CommandQueue, drafts: Drafts, n: usize) {
    let (draft, drafted, supplies, exchange_fits) = drafts;
    let listed = listing(now, selection, drafted, supplies);
    let steps = matches!(listed, Listing::Supplies(_));
    let offers = listed.numbered();
    match offers.get(n).cloned().flatten() {
        // A step of the split shows the split it steps to; the first choice takes it.
        Some(o) if steps && n > 0 => {
            supplies.0 = split(&o);
            notice.0 = format!("{}: [1] takes it, [Esc] backs out", crate::screen::words::supplies_taken(&o.command));
        }
        // An exchange is put together item by item, then made as one action.
        Some(o) if matches!(o.command, Command::Exchange { .. }) => {
            let parts: Vec<Command> = draft.0.iter().chain([&o.command]).cloned().collect();
            notice.0 = match exchange_fits(&parts) {
                Ok(()) => {
                    draft.0 = parts;
                    format!(
                        "{} in the exchange: pick more, [Enter] makes it (one action), [Esc] drops it",
                        counted(draft.0.len() as u64, "item")
                    )
                }
                Err(why) => format!("not with what is picked already: {}", crate::screen::words::spaces_named(&why)),
            };
        }
        Some(o) => send(queue, notice, selection, o.command),
        None if steps && n < offers.len() => {
            notice.0 = match n % 2 {
                1 => "none of that is in the split to leave behind".into(),
                _ => "no more of that: the pod has none left or his board has no room".into(),
            }
        }
        None if n < offers.len() => notice.0 = format!("[{}] was answered already: the other answers keep their numbers", n + 1),
        None => {}
    }
}

/// A refusal from the rules is put to the player in words.
fn tell_refusal(mut rejected: ResMut<Rejected>, mut notice: ResMut<Notice>) {
    if let Some((cmd, why)) = rejected.0.take() {
        notice.0 = format!("{} refused: {}", cmd.name(), crate::screen::words::spaces_named(&why));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::log::Who;

    /// What the notice said in the cave's turn is put away when the next Dwarf's turn begins, and
    /// kept while the turn goes on.
    #[test]
    fn a_new_turn_puts_away_the_last_turns_notice() {
        let mut app = App::new();
        app.init_resource::<Turn>()
            .init_resource::<Notice>()
            .add_systems(Update, forget_last_turns_notice.run_if(resource_exists_and_changed::<Turn>));
        app.update();
        let said = |app: &mut App| app.world().resource::<Notice>().0.clone();
        app.world_mut().resource_mut::<Notice>().0 = "Move: wait: the cave is still moving".into();
        app.world_mut().resource_mut::<Turn>().actions_left = 2;
        app.update();
        assert_eq!(said(&mut app), "Move: wait: the cave is still moving", "the same turn");
        app.world_mut().resource_mut::<Turn>().seat = 1;
        app.update();
        assert_eq!(said(&mut app), "", "the next Dwarf's turn");
    }

    /// Answers are keyed 1 to 9 and then 0; from the eleventh on, clicked.
    #[test]
    fn the_tenth_answer_is_keyed_0() {
        assert_eq!((choice_key(0).as_deref(), choice_key(8).as_deref(), choice_key(9).as_deref()), (Some("1"), Some("9"), Some("0")));
        assert_eq!(choice_key(10), None);
        assert_eq!((digit(KeyCode::Digit1), digit(KeyCode::Digit0), digit(KeyCode::KeyA)), (Some(0), Some(9), None));
    }

    /// The Driller's axe success: these spaces to chop, in the order the rules offer them.
    fn axe(spaces: &[(i32, i32)]) -> PendingChoice {
        let chop = |(q, r): &(i32, i32)| Answer::Chop(ChopTarget::Carve(Qr { q: *q, r: *r }));
        PendingChoice {
            prompt: String::new(),
            options: spaces.iter().map(chop).collect(),
            who: Some(Who::Dwarf(DwarfClass::Driller)),
            needless: None,
        }
    }

    /// The same question asked again after an answer keeps the numbers left and leaves the taken
    /// one empty. The numbering follows the questions in the order they were asked: played again
    /// from the start, a game gives its question the numbers it had.
    #[test]
    fn a_question_asked_again_keeps_the_numbers_of_the_answers_left() {
        let mut numbering = Numbering::default();
        let first = axe(&[(1, 0), (2, 0), (3, 0)]);
        numbering.next(Some(&first));
        assert_eq!(numbering.numbers, [Some(0), Some(1), Some(2)]);
        let second = axe(&[(2, 0), (3, 0)]);
        numbering.next(Some(&second));
        assert_eq!(numbering.numbers, [None, Some(0), Some(1)], "the answer taken leaves its number empty");
        let kept = numbering.clone();
        numbering.next(Some(&second));
        assert_eq!(numbering, kept, "the same question asked again is numbered the same");
        numbering.next(Some(&first));
        assert_eq!(numbering.numbers, [None, Some(1), Some(2), Some(0)], "an answer offered again comes last");
        numbering.next(None);
        numbering.next(Some(&second));
        assert_eq!(numbering.numbers, [Some(0), Some(1)], "after no question, a question is numbered afresh");
    }
}
