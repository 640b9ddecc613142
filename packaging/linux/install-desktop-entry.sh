#!/bin/sh
# Put CardTable in the desktop's application menu, for this user only, from the folder
# this script lies in (run it again after moving the folder):
#     ./install-desktop-entry.sh            add the menu entry and the icon
#     ./install-desktop-entry.sh --remove   take them away again
# Nothing outside ~/.local/share (or $XDG_DATA_HOME) is touched; no root needed.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data="${XDG_DATA_HOME:-$HOME/.local/share}"
entry="$data/applications/cardtable.desktop"
icon="$data/icons/hicolor/scalable/apps/cardtable.svg"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "CardTable is no longer in the application menu."
    exit 0
fi

if [ ! -x "$here/CardTable" ]; then
    echo "CardTable is not next to this script (in $here)." >&2
    exit 1
fi

# The desktop entry quotes its command: escape what the specification asks for.
program=$(printf '%s' "$here/CardTable" | sed 's/[\\"`$]/\\\\&/g')
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/cardtable.svg" "$icon"
# awk takes the path from the environment as it is (no sed or awk escapes apply to it)
PROGRAM="$program" awk '/^Exec=/ { print "Exec=\"" ENVIRON["PROGRAM"] "\""; next } { print }' \
    "$here/cardtable.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data/applications" >/dev/null 2>&1 || true
fi
echo "CardTable is in the application menu (Games). To take it away: $0 --remove"
