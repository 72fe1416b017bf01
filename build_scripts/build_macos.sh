#!/usr/bin/env bash
# Build Noblemen for macOS:
#   dist/Noblemen.app                               the game (run Contents/MacOS/Noblemen --self-test)
#   dist/Noblemen-<version>-macos-<arch>.dmg        what players download: drag the app to Applications
# Usage: build_scripts/build_macos.sh [--no-self-test]
# PYTHON (default .venv/bin/python, else python3) must have the project and pyinstaller installed:
#   pip install -e '.[package]'
# The app is signed ad hoc (enough to run on Apple silicon; players open it the first time with
# right-click > Open). Set CODESIGN_IDENTITY="Developer ID Application: ..." to sign it for real
# (notarisation is a separate step, not done here).
set -euo pipefail
cd "$(dirname "$0")/.."

SELF_TEST=1
[ "${1:-}" = "--no-self-test" ] && SELF_TEST=0
if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
APP=Noblemen
IDENTITY="${CODESIGN_IDENTITY:--}"
ARCH=$(uname -m)
VERSION=$("$PYTHON" -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")
DMG="dist/$APP-$VERSION-macos-$ARCH.dmg"

"$PYTHON" -c 'import PyInstaller' 2>/dev/null || {
    echo "build_macos: PyInstaller is missing; install it with: $PYTHON -m pip install -e '.[package]'" >&2
    exit 2
}

export PYGAME_HIDE_SUPPORT_PROMPT=1
echo "build_macos: building dist/$APP.app ($VERSION, $ARCH) with PyInstaller $("$PYTHON" -m PyInstaller --version) ..."
rm -rf "dist/$APP" "dist/$APP.app" "$DMG"
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller build_scripts/noblemen.spec
[ -x "dist/$APP.app/Contents/MacOS/$APP" ] || { echo "build_macos: no dist/$APP.app was built" >&2; exit 1; }

# PyInstaller signs ad hoc; re-sign the whole bundle when asked for an identity or when that is broken.
if [ "$IDENTITY" != "-" ] || ! codesign --verify --deep --strict "dist/$APP.app" 2>/dev/null; then
    echo "build_macos: signing dist/$APP.app (identity: $IDENTITY) ..."
    if [ "$IDENTITY" = "-" ]; then
        codesign --force --deep --sign - "dist/$APP.app"
    else  # a real identity: hardened runtime and a timestamp, as notarisation wants
        codesign --force --deep --options runtime --timestamp --sign "$IDENTITY" "dist/$APP.app"
    fi
fi
codesign --verify --deep --strict "dist/$APP.app"

if [ "$SELF_TEST" = 1 ]; then
    echo "build_macos: self-test of the app ..."
    "dist/$APP.app/Contents/MacOS/$APP" --self-test
fi

# The disk image: the app next to a link to /Applications.
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/noblemen-dmg.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
ditto "dist/$APP.app" "$STAGE/$APP.app"  # keeps the bundle's symlinks and signature
ln -s /Applications "$STAGE/Applications"
for attempt in 1 2 3 4 5; do  # hdiutil on CI runners now and then fails with "Resource busy"
    if hdiutil create -volname "$APP" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"; then
        break
    fi
    [ "$attempt" = 5 ] && { echo "build_macos: hdiutil create failed" >&2; exit 1; }
    echo "build_macos: hdiutil failed, retrying in 5 s ..."
    sleep 5
done
hdiutil verify "$DMG"
echo "build_macos: $(du -sh "dist/$APP.app" | cut -f1) dist/$APP.app, $(du -sh "$DMG" | cut -f1) $DMG"
