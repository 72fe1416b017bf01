#!/usr/bin/env bash
# Build Noblemen for macOS, for the architecture of the Python that builds it:
#   dist/Noblemen.app                               the game (run Contents/MacOS/Noblemen --self-test)
#   dist/Noblemen-<version>-macos-<arch>.dmg        what players download: drag the app to Applications
#                                                   (beside it: the licences folder)
# Usage: build_scripts/build_macos.sh [--no-self-test]
# PYTHON (default .venv/bin/python, else python3) must have the project and pyinstaller installed:
#   pip install -e '.[package]'
# <arch> is arm64 (Apple silicon) or x86_64 (Intel): the architecture that PYTHON runs as, which is the one
# pip chose every wheel for. One app per architecture, each built natively, never a universal2 app: pip
# installs the wheel that fits the running Python best (a thin arm64 one over a universal2 one when a
# project publishes both), so a universal2 build would depend on which wheels each dependency happens to
# publish (README.md, "macOS: one app per architecture"). Every Mach-O file of the app is checked to hold
# exactly that architecture (lipo -archs); PyInstaller thins universal2 libraries down to it.
# The app is signed ad hoc (enough to run on Apple silicon; players open it the first time through
# System Settings > Privacy & Security > Open Anyway). With CODESIGN_IDENTITY="Developer ID Application: ..."
# (in a keychain) it is signed for real with the hardened runtime, and with NOTARY_APPLE_ID, NOTARY_TEAM_ID
# and NOTARY_PASSWORD (an app-specific password) the disk image is also notarised and stapled.
set -euo pipefail
cd "$(dirname "$0")/.."

SELF_TEST=1
[ "${1:-}" = "--no-self-test" ] && SELF_TEST=0
if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
APP=Noblemen
IDENTITY="${CODESIGN_IDENTITY:--}"

"$PYTHON" -c 'import PyInstaller' 2>/dev/null || {
    echo "build_macos: PyInstaller is missing; install it with: $PYTHON -m pip install -e '.[package]'" >&2
    exit 2
}
VERSION=$("$PYTHON" -m game.version)
ARCH=$("$PYTHON" -c 'import platform; print(platform.machine())')  # as this Python runs (Rosetta: x86_64)
case "$ARCH" in
    arm64|x86_64) ;;
    *) echo "build_macos: cannot build for the architecture '$ARCH'" >&2; exit 2 ;;
esac
if [ -n "${NOBLEMEN_TARGET_ARCH:-}" ] && [ "$NOBLEMEN_TARGET_ARCH" != "$ARCH" ]; then
    echo "build_macos: asked for $NOBLEMEN_TARGET_ARCH, but $PYTHON runs as $ARCH and pip installed its" \
         "wheels for $ARCH: build on a $NOBLEMEN_TARGET_ARCH Mac (or with a $NOBLEMEN_TARGET_ARCH Python)" >&2
    exit 2
fi
export NOBLEMEN_TARGET_ARCH=$ARCH  # read by the spec
DMG="dist/$APP-$VERSION-macos-$ARCH.dmg"

# Every Mach-O file in the app (the executable, Python, every library) holds exactly ARCH.
check_archs() {
    local bad=0 file archs
    while IFS= read -r -d '' file; do
        archs=$(lipo -archs "$file" 2>/dev/null) || continue  # not a Mach-O file
        if [ "$archs" != "$ARCH" ]; then
            echo "build_macos: $file is built for '$archs', not '$ARCH'" >&2
            bad=1
        fi
    done < <(find "$1" -type f \( -perm -u+x -o -name '*.so' -o -name '*.dylib' \) -print0)
    return $bad
}

export PYGAME_HIDE_SUPPORT_PROMPT=1
echo "build_macos: building dist/$APP.app ($VERSION, $ARCH) with PyInstaller $("$PYTHON" -m PyInstaller --version) ..."
rm -rf "dist/$APP" "dist/$APP.app" dist/"$APP"-*-macos-*.dmg
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath dist --workpath build/pyinstaller build_scripts/noblemen.spec
[ -x "dist/$APP.app/Contents/MacOS/$APP" ] || { echo "build_macos: no dist/$APP.app was built" >&2; exit 1; }
check_archs "dist/$APP.app"
echo "build_macos: every binary in dist/$APP.app is for $ARCH"

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
# The licences beside the app, where a player looks for them (the game reads its own copy inside the app).
cp LICENSE "$STAGE/LICENSE.txt"
"$PYTHON" build_scripts/gather_licences.py "$STAGE/licenses"
for attempt in 1 2 3 4 5; do  # hdiutil on CI runners now and then fails with "Resource busy"
    if hdiutil create -volname "$APP" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"; then
        break
    fi
    [ "$attempt" = 5 ] && { echo "build_macos: hdiutil create failed" >&2; exit 1; }
    echo "build_macos: hdiutil failed, retrying in 5 s ..."
    sleep 5
done
hdiutil verify "$DMG"

if [ "$IDENTITY" != "-" ]; then
    codesign --force --timestamp --sign "$IDENTITY" "$DMG"
    if [ -n "${NOTARY_APPLE_ID:-}" ] && [ -n "${NOTARY_TEAM_ID:-}" ] && [ -n "${NOTARY_PASSWORD:-}" ]; then
        echo "build_macos: notarising $DMG ..."
        xcrun notarytool submit "$DMG" --apple-id "$NOTARY_APPLE_ID" --team-id "$NOTARY_TEAM_ID" \
            --password "$NOTARY_PASSWORD" --wait
        xcrun stapler staple "$DMG"
    fi
fi
echo "build_macos: $(du -sh "dist/$APP.app" | cut -f1) dist/$APP.app, $(du -sh "$DMG" | cut -f1) $DMG"
