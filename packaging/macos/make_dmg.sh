#!/usr/bin/env bash
# Pack dist/CardTable.app (made by `make bundle` on macOS) into a compressed disk
# image dist/CardTable-<version>.dmg with the usual "drag to Applications" link.
# Usage, from anywhere:  packaging/macos/make_dmg.sh   (VERSION=x.y.z to override)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

app="dist/CardTable.app"
version="${VERSION:-$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -n 1)}"
dmg="dist/CardTable-${version}.dmg"

if [ ! -d "$app" ]; then
    echo "no $app: run 'make bundle' on macOS first" >&2
    exit 1
fi

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT

# ditto keeps the bundle's symlinks, permissions and extended attributes intact.
ditto "$app" "$staging/CardTable.app"
ln -s /Applications "$staging/Applications"

rm -f "$dmg"
hdiutil create \
    -volname "CardTable ${version}" \
    -srcfolder "$staging" \
    -fs HFS+ \
    -format UDZO \
    -ov \
    "$dmg"

echo "$dmg"
