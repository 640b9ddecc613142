#!/usr/bin/env bash
# Sign CardTable.app and notarise its disk image with an Apple Developer ID: the
# release workflow's macOS steps, usable by hand as well.  From anywhere:
#
#   packaging/macos/sign_and_notarize.sh sign
#       codesign dist/CardTable.app (hardened runtime, secure timestamp), then verify it.
#       Needs MACOS_CERTIFICATE (the "Developer ID Application" certificate and its
#       private key as a .p12 file, base64-encoded), MACOS_CERTIFICATE_PASSWORD (the
#       .p12 file's password) and MACOS_SIGNING_IDENTITY (the certificate's name,
#       "Developer ID Application: NAME (TEAMID)", or its SHA-1 hash).  The
#       certificate goes into a temporary keychain that is deleted on exit.
#
#   packaging/macos/sign_and_notarize.sh notarize FILE.dmg...
#       submit each disk image to Apple's notary service, wait for the verdict, then
#       staple the ticket to the image.  Needs APPLE_ID, APPLE_TEAM_ID and
#       APPLE_APP_PASSWORD (an app-specific password of that Apple ID); the app in the
#       image must have been signed first.
#
# When a step's variables are empty or unset, it says that it is skipped and exits 0:
# the app then stays unsigned (PyInstaller's ad-hoc signature only), and players open
# it the first time with right-click > Open.  Written for the bash 3.2 that macOS ships.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

APP="dist/CardTable.app"
NOTARY_TIMEOUT="30m"

usage() {
    echo "usage: $0 sign | notarize FILE.dmg..." >&2
    exit 2
}

die() {
    echo "sign_and_notarize.sh: $*" >&2
    exit 1
}

# The names, among those given, of the variables that are unset or empty.
missing_variables() {
    local name missing=""
    for name in "$@"; do
        if [ -z "${!name:-}" ]; then
            missing="$missing $name"
        fi
    done
    echo "${missing# }"
}

# Say that a step is skipped, why, and what it means for players (a warning in the
# workflow run's summary too).
skip() {
    local step="$1" missing="$2" result="$3"
    local how="$result: the first time, players open it with right-click (or"
    how="$how Control-click) > Open, then Open in the dialog; on macOS 15 and later they"
    how="$how allow it in System Settings > Privacy & Security > Open Anyway."
    echo "$step skipped: $missing not set. $how"
    if [ -n "${GITHUB_ACTIONS:-}" ]; then
        echo "::warning title=macOS $step skipped::$missing not set. $how"
    fi
}

# The temporary keychain and folder of `sign`, removed however the script ends.
KEYCHAIN=""
WORKDIR=""
cleanup() {
    if [ -n "$KEYCHAIN" ]; then
        security delete-keychain "$KEYCHAIN" >/dev/null 2>&1 || true
    fi
    if [ -n "$WORKDIR" ]; then
        rm -rf "$WORKDIR"
    fi
}
trap cleanup EXIT

cmd_sign() {
    local missing
    missing="$(missing_variables MACOS_CERTIFICATE MACOS_CERTIFICATE_PASSWORD \
        MACOS_SIGNING_IDENTITY)"
    if [ -n "$missing" ]; then
        skip "Code signing" "$missing" "The app stays unsigned"
        return 0
    fi
    [ -d "$APP" ] || die "no $APP: build it first (python packaging/build.py bundle)"

    local keychain_password
    WORKDIR="$(mktemp -d)"
    KEYCHAIN="$WORKDIR/cardtable-signing.keychain-db"
    keychain_password="$(uuidgen)"

    printf '%s' "$MACOS_CERTIFICATE" | base64 --decode > "$WORKDIR/certificate.p12"
    security create-keychain -p "$keychain_password" "$KEYCHAIN"
    security set-keychain-settings -lut 3600 "$KEYCHAIN"
    security unlock-keychain -p "$keychain_password" "$KEYCHAIN"
    security import "$WORKDIR/certificate.p12" -k "$KEYCHAIN" \
        -P "$MACOS_CERTIFICATE_PASSWORD" -T /usr/bin/codesign
    rm -f "$WORKDIR/certificate.p12"
    # Let codesign use the key without a password prompt (there is nobody to answer).
    security set-key-partition-list -S apple-tool:,apple:,codesign: -s \
        -k "$keychain_password" "$KEYCHAIN" >/dev/null
    # Add the keychain to the user's search list (keeping the others), so codesign
    # finds the certificate's chain as well as the identity.
    local searched=() line
    while IFS= read -r line; do
        line="${line#"${line%%[![:space:]]*}"}"
        line="${line#\"}"
        line="${line%\"}"
        if [ -n "$line" ]; then
            searched+=("$line")
        fi
    done < <(security list-keychains -d user)
    security list-keychains -d user -s "$KEYCHAIN" ${searched[@]+"${searched[@]}"}

    # --deep signs every binary inside the bundle the same way (as PyInstaller's own
    # signing does); the hardened runtime and a secure timestamp are what notarisation
    # requires.
    codesign --force --deep --options runtime --timestamp \
        --keychain "$KEYCHAIN" --sign "$MACOS_SIGNING_IDENTITY" "$APP"
    codesign --verify --deep --strict --verbose=2 "$APP"
    codesign --display --verbose=2 "$APP"
    echo "signed $APP"
}

cmd_notarize() {
    [ "$#" -ge 1 ] || usage
    local missing
    missing="$(missing_variables APPLE_ID APPLE_TEAM_ID APPLE_APP_PASSWORD)"
    if [ -n "$missing" ]; then
        skip "Notarisation" "$missing" \
            "The disk image is not notarised, so Gatekeeper blocks the app"
        return 0
    fi
    local dmg output status submission
    for dmg in "$@"; do
        [ -f "$dmg" ] || die "no $dmg: make it first (python packaging/build.py dmg)"
        echo "submitting $dmg to the notary service (waiting up to $NOTARY_TIMEOUT)"
        output="$(xcrun notarytool submit "$dmg" --apple-id "$APPLE_ID" \
            --team-id "$APPLE_TEAM_ID" --password "$APPLE_APP_PASSWORD" \
            --wait --timeout "$NOTARY_TIMEOUT" --output-format json)"
        echo "$output"
        status="$(printf '%s' "$output" | sed -n 's/.*"status" *: *"\([^"]*\)".*/\1/p')"
        if [ "$status" != "Accepted" ]; then
            submission="$(printf '%s' "$output" | sed -n 's/.*"id" *: *"\([^"]*\)".*/\1/p')"
            if [ -n "$submission" ]; then
                xcrun notarytool log "$submission" --apple-id "$APPLE_ID" \
                    --team-id "$APPLE_TEAM_ID" --password "$APPLE_APP_PASSWORD" || true
            fi
            die "notarisation of $dmg ended with status '${status:-unknown}'"
        fi
        xcrun stapler staple "$dmg"
        xcrun stapler validate "$dmg"
        echo "notarised and stapled $dmg"
    done
}

[ "$#" -ge 1 ] || usage
command="$1"
shift
case "$command" in
    sign)
        [ "$#" -eq 0 ] || usage
        cmd_sign
        ;;
    notarize)
        cmd_notarize "$@"
        ;;
    *)
        usage
        ;;
esac
