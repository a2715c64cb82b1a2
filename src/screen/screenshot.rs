//! `hoxxes screenshot`: draw the cave, save one frame as a PNG, read the file back to check it is a
//! real picture (a render failure can leave a blank one), and exit: 0 when it is, 1 when not.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType, TextureFormatPixelInfo};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Where the picture goes.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotTo(pub PathBuf);

/// Set once the frame has been captured and saved.
#[derive(Resource, Default)]
struct Captured(bool);

/// Frames drawn before the capture, so the tilemap and the text are on screen.
const WAIT: u32 = 20;
/// Frames after which we stop waiting for the capture.
const GIVE_UP: u32 = 1000;
/// Fewer colours than this is a blank or broken picture (the cave alone has dozens, text more).
const MIN_COLOURS: usize = 200;

pub fn plugin(app: &mut App) {
    app.init_resource::<Captured>().add_systems(Update, (take, check));
}

fn take(mut commands: Commands, mut frames: Local<u32>, to: Res<ScreenshotTo>, mut exit: MessageWriter<AppExit>) {
    *frames += 1;
    if *frames == WAIT {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(to.0.clone()))
            .observe(|_: On<ScreenshotCaptured>, mut captured: ResMut<Captured>| captured.0 = true);
    }
    if *frames == GIVE_UP {
        error!("no screenshot after {GIVE_UP} frames");
        exit.write(AppExit::error());
    }
}

fn check(mut captured: ResMut<Captured>, to: Res<ScreenshotTo>, mut exit: MessageWriter<AppExit>) {
    if !std::mem::take(&mut captured.0) {
        return;
    }
    let path = to.0.display();
    match colours_in(&to.0) {
        Ok(n) if n >= MIN_COLOURS => {
            info!("{path}: {n} colours");
            exit.write(AppExit::Success);
        }
        Ok(n) => {
            error!("{path}: only {n} colours, the picture is blank or broken");
            exit.write(AppExit::error());
        }
        Err(e) => {
            error!("{path}: {e}");
            exit.write(AppExit::error());
        }
    }
}

/// How many different colours the PNG file holds.
fn colours_in(path: &Path) -> Result<usize, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let image = Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::MAIN_WORLD,
    )
    .map_err(|e| format!("not a PNG: {e}"))?;
    let size = image.texture_descriptor.format.pixel_size().map_err(|e| format!("{e:?}"))?;
    let pixels = image.data.ok_or("no pixels")?;
    Ok(pixels.chunks_exact(size).collect::<HashSet<_>>().len())
}
