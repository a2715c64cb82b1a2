//! Everything drawn and clicked. A client of the rules: it reads state and events and sends commands.

use std::process::ExitCode;

/// Open the game window.
pub fn run(_args: &[String]) -> ExitCode {
    ExitCode::SUCCESS
}
