"""The rules reference ``docs/rules.md``: every rule defined, every citation and link resolves.

Records, error messages, lessons, data files and tests cite rule IDs such as ``F-3``. The
reference defines each rule with an explicit anchor right before its bold ID
(``<a id="F-3"></a>**F-3 …``), so ``docs/rules.md#F-3`` links to it. These tests keep the
citations and the reference in step; they read files only and take well under a second.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules.md"

#: How many rules each section of the rulebook has: every ID from 1 to the count must be
#: defined. M map, C counters, L line of sight, F direct fire, V movement, A artillery,
#: E event cards, T the turn; Q Appendix A (squad-level infantry variant), P Appendix B
#: (Prokhorovka 1943 square-grid scenario).
RULE_COUNTS = {
    "M": 7, "C": 4, "L": 7, "F": 12, "V": 11, "A": 8, "E": 7, "T": 6, "Q": 28, "P": 24,
}
EXPECTED_IDS = frozenset(
    f"{letter}-{n}" for letter, count in RULE_COUNTS.items() for n in range(1, count + 1)
)

#: A token that looks like a rule ID.
RULE_ID = re.compile(r"\b[MCLFVAETPQ]-\d+\b")
#: Tokens that look like rule IDs but are not: the Soviet T-34 tank (T-34/76, T-34/85).
NOT_RULE_IDS = frozenset({"T-34"})

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
#: A link into the reference from any file: docs/rules.md#F-3, ../docs/rules.md#F-3, …
LINK = re.compile(r"rules\.md#([\w-]+)")
#: A link inside the reference itself: [F-3](#F-3).
LOCAL_LINK = re.compile(r"\]\(#([\w-]+)\)")

#: The repository's own files that may cite rules (glob pattern, must match at least one).
SCANNED = (
    ("hexrules/**/*.py", True),
    ("hexrules/data/**/*.toml", True),
    ("widgets/**/*.py", True),
    ("widgets/**/*.js", False),
    ("widgets/**/*.css", False),
    ("lessons/*.py", False),
    ("lessons/*.md", False),
    ("lessons/*.ipynb", True),
    ("tests/**/*.py", True),
    ("tests/data/**/*", True),
    ("scripts/*.py", False),
    ("benchmarks/*.py", False),
    ("README.md", True),
    ("maps/README.md", False),
    ("docs/*.md", True),
)
SKIPPED_DIRS = {"__pycache__", ".ipynb_checkpoints"}


def _key(rule_id: str) -> tuple[str, int]:
    letter, number = rule_id.split("-")
    return letter, int(number)


@pytest.fixture(scope="module")
def reference() -> str:
    return REFERENCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def anchors(reference: str) -> list[str]:
    return ANCHOR.findall(reference)


@pytest.fixture(scope="module")
def defined_ids(anchors: list[str]) -> frozenset[str]:
    return frozenset(a for a in anchors if RULE_ID.fullmatch(a))


@pytest.fixture(scope="module")
def scanned_files() -> dict[Path, list[str]]:
    """Each scanned file's lines, read once for the tests below."""
    files: dict[Path, list[str]] = {}
    for pattern, required in SCANNED:
        matched = [p for p in sorted(ROOT.glob(pattern))
                   if p.is_file() and not SKIPPED_DIRS.intersection(p.parts)]
        assert matched or not required, f"no file matches {pattern!r}: update SCANNED"
        for path in matched:
            files.setdefault(path, path.read_text(encoding="utf-8", errors="replace").splitlines())
    return files


def test_reference_defines_every_rule_id(defined_ids):
    missing = sorted(EXPECTED_IDS - defined_ids, key=_key)
    assert not missing, f"docs/rules.md defines no anchor for: {', '.join(missing)}"


def test_reference_defines_no_rule_id_beyond_the_rulebook(defined_ids):
    extra = sorted(defined_ids - EXPECTED_IDS, key=_key)
    assert not extra, f"docs/rules.md defines unknown rule IDs: {', '.join(extra)}"


def test_reference_defines_each_anchor_once(anchors):
    twice = sorted(a for a, n in Counter(anchors).items() if n > 1)
    assert not twice, f"docs/rules.md defines these anchors more than once: {twice}"


def test_each_rule_anchor_sits_right_before_its_bold_id(reference):
    misplaced = []
    for m in ANCHOR.finditer(reference):
        rule_id = m.group(1)
        if RULE_ID.fullmatch(rule_id) and not re.match(
                rf"\*\*{re.escape(rule_id)}(?!\d)", reference[m.end():]):
            line = reference.count("\n", 0, m.start()) + 1
            misplaced.append(f"docs/rules.md:{line}: {rule_id}")
    assert not misplaced, "anchor not followed by its bold ID:\n" + "\n".join(misplaced)


def test_every_cited_rule_id_is_defined_in_the_reference(scanned_files, defined_ids):
    undefined = [
        f"{path.relative_to(ROOT)}:{number}: {token}"
        for path, lines in scanned_files.items()
        for number, line in enumerate(lines, 1)
        for token in RULE_ID.findall(line)
        if token not in defined_ids and token not in NOT_RULE_IDS
    ]
    assert not undefined, "rule IDs not defined in docs/rules.md:\n" + "\n".join(undefined)


def test_every_link_into_the_reference_points_to_an_anchor(scanned_files, anchors):
    targets = set(anchors)
    broken = []
    for path, lines in scanned_files.items():
        local = path == REFERENCE
        for number, line in enumerate(lines, 1):
            fragments = LINK.findall(line) + (LOCAL_LINK.findall(line) if local else [])
            broken += [f"{path.relative_to(ROOT)}:{number}: #{f}"
                       for f in fragments if f not in targets]
    assert not broken, "links to missing anchors of docs/rules.md:\n" + "\n".join(broken)


def test_nothing_points_outside_the_repository() -> None:
    """Users never see the development notes beside the project: no file cites them."""
    bad = []
    for path in ROOT.rglob("*"):
        if (not path.is_file() or ".venv" in path.parts or ".git" in path.parts
                or path.suffix not in {".py", ".md", ".toml", ".ipynb", ".json", ".js", ".css"}
                or path.name == "test_rules_reference.py"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for word in ("RULES.md", "../shared", "decisions.md"):
            if word in text and not (path.name == "test_lessons_sources.py"):
                bad.append(f"{path.relative_to(ROOT)}: {word}")
    assert not bad, bad
