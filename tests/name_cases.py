"""Names for the one naming rule's tests: refused ones (by why) and accepted ones."""

from __future__ import annotations

from cardtable.engine.names import MAX_NAME

REFUSED = {
    "right-to-left override": "Ann\u202ea",
    "zero-width space": "An\u200bna",
    "zero-width joiner": "An\u200dna",
    "byte-order mark": "\ufeffAnna",
    "left-to-right isolate": "\u2066Anna\u2069",
    "private use": "Anna\ue000",
    "unassigned": "Anna\u0378",
    "control": "An\x07na",
    "line break": "An\nna",
    "line separator": "An\u2028na",
    "tab at the start": "\tAnna",
    "only spaces": "   ",
    "empty": "",
    "too long": "Ё" * (MAX_NAME + 1),
}
ACCEPTED = ["Аня", "José", "李小龙", "Anna-Maria O'Neil", "Ёж 😀", " Vera ", "Ё" * MAX_NAME,
            "  " + "x" * MAX_NAME + "  ", "Анна\u00a0Мария"]
