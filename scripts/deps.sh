#!/usr/bin/env bash
# Installs the Debian packages the game needs to open a window (X11, software Vulkan), to be
# screenshotted headless (Xvfb), and to be played by a script (xdotool, xwd, ImageMagick). Idempotent: does nothing when everything is there.
set -euo pipefail
packages=(xvfb xauth mesa-vulkan-drivers libvulkan1 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libx11-6 xdotool x11-apps imagemagick)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
