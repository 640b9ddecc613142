"""The project's documents link to each other (the README to the strength research,
the rules decisions, the architecture, the benchmarks and packaging): every relative
link in a Markdown file must name a file that exists, and a ``#heading`` in it must be
one of that file's headings, as GitHub makes their anchors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCUMENT_ROOTS = ("cardtable", "packaging", "assets", "tests", "translations", ".ci", ".github")

FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.MULTILINE)
EXTERNAL = ("http://", "https://", "mailto:")


def documents() -> list[Path]:
    """The README and every Markdown file in the project's folders."""
    found = [REPO / "README.md"]
    for root in DOCUMENT_ROOTS:
        found += sorted((REPO / root).rglob("*.md"))
    return found


def prose(text: str) -> str:
    """The text without code blocks and code spans, where brackets are not links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (letters of any
    script, digits, ``-`` and ``_`` kept), spaces turned into hyphens."""
    words = re.sub(r"[^\w\- ]", "", heading.replace("`", "").lower())
    return words.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor in a document, a repeated one numbered as GitHub does."""
    seen: dict[str, int] = {}
    result = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        base = anchor(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def broken_links(document: Path, text: str) -> list[str]:
    """The relative links of ``document`` (whose text is ``text``) that lead nowhere."""
    problems = []
    for target in LINK.findall(prose(text)):
        if target.startswith(EXTERNAL):
            continue
        path_part, _, fragment = target.partition("#")
        linked = (document.parent / path_part).resolve() if path_part else document
        where = f"{document.relative_to(REPO)}: {target}"
        if not linked.exists():
            problems.append(f"{where}: no such file")
        elif fragment and linked.suffix == ".md":
            linked_text = text if linked == document else linked.read_text("utf-8")
            if fragment not in anchors(linked_text):
                problems.append(f"{where}: no such heading")
    return problems


def test_every_relative_link_in_the_documents_resolves() -> None:
    problems = [p for doc in documents() for p in broken_links(doc, doc.read_text("utf-8"))]
    assert problems == []


def test_the_readme_links_the_documents_it_moved_detail_into() -> None:
    readme = (REPO / "README.md").read_text("utf-8")
    for target in ("cardtable/ai/STRENGTH.md", "cardtable/engine/DECISIONS.md",
                   "cardtable/ARCHITECTURE.md", "packaging/README.md"):
        assert f"]({target}" in readme, target


@pytest.mark.parametrize("planted, problem", [
    ("[gone](cardtable/ai/WEAKNESS.md)", "no such file"),
    ("[gone](cardtable/ai/STRENGTH.md#how-weak)", "no such heading"),
    ("[gone](#no-such-section)", "no such heading"),
])
def test_a_broken_link_is_caught(planted: str, problem: str) -> None:
    readme = REPO / "README.md"
    text = readme.read_text("utf-8")
    assert broken_links(readme, text) == []
    assert broken_links(readme, text + f"\nSee {planted}.\n") == [
        f"README.md: {planted[planted.index('(') + 1:-1]}: {problem}"]


def test_links_in_code_are_not_links() -> None:
    readme = REPO / "README.md"
    assert broken_links(readme, "`[x](nowhere.md)`\n```\n[x](nowhere.md)\n```\n") == []


def test_anchors_are_made_as_github_makes_them() -> None:
    assert anchor("`hard` on two worker processes") == "hard-on-two-worker-processes"
    assert anchor("Трефы for two") == "трефы-for-two"
    assert anchor("Run from source and test") == "run-from-source-and-test"
    assert anchors("# A\n## A\n```\n# B\n```\n") == {"a", "a-1"}
