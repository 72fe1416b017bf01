#!/usr/bin/env bash
# Build the Linux one-folder bundle and its tarball:
#   dist/Noblemen/Noblemen                 the game (run it, or ./Noblemen --self-test)
#   dist/Noblemen-<version>-linux-<arch>.tar.gz   what players download
# Usage: build_scripts/build_linux.sh [--no-self-test]
# PYTHON (default .venv/bin/python, else python3) must have the project and pyinstaller installed:
#   pip install -e '.[package]'
set -euo pipefail
cd "$(dirname "$0")/.."

SELF_TEST=1
[ "${1:-}" = "--no-self-test" ] && SELF_TEST=0
if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
ARCH=$(uname -m)
APP=Noblemen

"$PYTHON" -c 'import PyInstaller' 2>/dev/null || {
    echo "build_linux: PyInstaller is missing; install it with: $PYTHON -m pip install -e '.[package]'" >&2
    exit 2
}
VERSION=$("$PYTHON" -m game.version)
TARBALL="dist/$APP-$VERSION-linux-$ARCH.tar.gz"

export PYGAME_HIDE_SUPPORT_PROMPT=1
echo "build_linux: building dist/$APP ($VERSION) with PyInstaller $("$PYTHON" -m PyInstaller --version) ..."
rm -rf "dist/$APP" dist/"$APP"-*-linux-*.tar.gz
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller build_scripts/noblemen.spec

# A menu entry for players who want one: ./Noblemen/add-to-menu.sh writes it with this folder's path.
cp game/art/app-icon.png "dist/$APP/noblemen.png"
# The licences beside the game, where a player looks for them (the game reads its own copy in _internal/).
cp LICENSE "dist/$APP/LICENSE.txt"
"$PYTHON" build_scripts/gather_licences.py "dist/$APP/licenses"
cat > "dist/$APP/noblemen.desktop" <<'DESKTOP'
[Desktop Entry]
Type=Application
Name=Noblemen
Comment=Estates, scandals and masked balls at the court of the Queen
Exec=Noblemen
Icon=noblemen
Terminal=false
Categories=Game;BoardGame;
StartupWMClass=Noblemen
DESKTOP
cat > "dist/$APP/add-to-menu.sh" <<'ADD'
#!/bin/sh
# Adds Noblemen to your applications menu (for you only). Run it again if you move this folder.
set -e
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
mkdir -p "$apps"
sed -e "s|^Exec=.*|Exec=\"$here/Noblemen\"|" -e "s|^Icon=.*|Icon=$here/noblemen.png|" \
    "$here/noblemen.desktop" > "$apps/noblemen.desktop"
echo "Noblemen is in your applications menu ($apps/noblemen.desktop)."
ADD
chmod +x "dist/$APP/add-to-menu.sh"

if [ "$SELF_TEST" = 1 ]; then
    echo "build_linux: self-test of the bundle ..."
    "dist/$APP/$APP" --self-test
fi

tar -czf "$TARBALL" -C dist "$APP"
echo "build_linux: $(du -sh "dist/$APP" | cut -f1) dist/$APP, $(du -sh "$TARBALL" | cut -f1) $TARBALL"
