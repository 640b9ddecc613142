"""The game in progress survives the program being killed at any moment: a bounded
run of :mod:`kill_resume` (the long one is ``python tests/kill_resume.py``), and the
proof that its checks fail when the promise is broken."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from kill_resume import AUTOSAVE, SIGKILL, Disk, Expect, Plan, check_folder, run_trials

from cardtable.engine import record
from cardtable.engine.match import Match, Seat

needs_sigkill = pytest.mark.skipif(SIGKILL is None,
                                   reason="this system has no SIGKILL to kill the program with")


def after_first_save(_rng: random.Random) -> Plan:
    """A kill soon after the first save: every sabotaged save is on disk by then."""
    return Plan(saves=1, delay=0.02)


@needs_sigkill
def test_killed_at_random_moments_the_game_always_resumes(tmp_path: Path) -> None:
    """24 kills, four on each folder, the three games twice over."""
    report = run_trials(24, seed=7, root=tmp_path, kills_per_game=4)
    assert report.failures == []
    assert report.trials == 24
    assert report.resumed >= 6  # restarts did resume saved games, at the point on disk


# --- the checks can fail -------------------------------------------------------------------


@needs_sigkill
def test_a_program_that_writes_half_a_save_is_caught(tmp_path: Path) -> None:
    report = run_trials(2, seed=1, root=tmp_path, kills_per_game=2, games=("clubs",),
                        sabotage="truncate", plan=after_first_save)
    assert report.trials == 2 and len(report.failures) >= 2
    assert any("did not resume" in f for f in report.failures)
    assert any("moved into damaged/" in f for f in report.failures)


@needs_sigkill
def test_a_program_that_saves_less_than_it_says_is_caught(tmp_path: Path) -> None:
    report = run_trials(2, seed=2, root=tmp_path, kills_per_game=2, games=("king",),
                        sabotage="overstate", plan=after_first_save)
    lost = [f for f in report.failures if "lost progress" in f]
    assert [f.split(" (")[0] for f in lost] == ["trial 0", "trial 1"]


@needs_sigkill
def test_a_program_that_does_not_resume_is_caught(tmp_path: Path) -> None:
    """The first run saves a game; the second throws it away and starts another."""
    report = run_trials(2, seed=3, root=tmp_path, kills_per_game=2,
                        games=("metamorphosis",), sabotage="forget", plan=after_first_save)
    assert report.failures and all(f.startswith("trial 1 ") for f in report.failures)
    assert any("started with «fresh none» where the disk held «resumed" in f
               for f in report.failures)


def game_saved(folder: Path, actions: int) -> Match:
    """A Трефы game saved in ``folder`` after ``actions`` actions."""
    match = Match.start("clubs", {"players": 3}, [Seat(f"S{i}") for i in range(3)], seed=5)
    match.deal()
    for _ in range(actions):
        match.apply(match.state.legal_actions()[0])
    record.save(match, folder / AUTOSAVE)
    return match


def said(match: Match, extra_actions: int = 0) -> Expect:
    """What the driver would have printed after saving ``match``."""
    actions = sum(len(d.actions) for d in match.deals) + extra_actions
    return Expect(match.seed, len(match.deals), actions)


def test_the_check_passes_a_good_save_and_counts_a_kill_inside_a_save(tmp_path: Path) -> None:
    """Control: the save said, a temporary file of an interrupted save beside it
    (named as a writer names it, with the process id of a program that has ended)."""
    match = game_saved(tmp_path, 6)
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    leftover = tmp_path / f".{AUTOSAVE}.{int(ended.stdout)}.k1ll3d.tmp"
    leftover.write_text('{"format": "cardtable-re')
    finding = check_folder(tmp_path, said(match))
    assert finding.problems == []
    assert finding.inside_save and not leftover.exists()
    assert finding.disk == Disk(match.seed, 1, 6)


def test_the_check_flags_a_truncated_save(tmp_path: Path) -> None:
    match = game_saved(tmp_path, 6)
    path = tmp_path / AUTOSAVE
    path.write_bytes(path.read_bytes()[:300])
    problems = check_folder(tmp_path, said(match)).problems
    assert any("did not resume" in p for p in problems)
    assert any("damaged/" in p for p in problems)


def test_the_check_flags_a_save_with_fewer_actions_than_said(tmp_path: Path) -> None:
    match = game_saved(tmp_path, 6)
    problems = check_folder(tmp_path, said(match, extra_actions=1)).problems
    assert problems == ["lost progress: 1 deals, 6 actions on disk, 1 deals, 7 actions "
                        "said saved"]


def test_the_check_flags_a_save_gone_before_the_game_ended(tmp_path: Path) -> None:
    match = game_saved(tmp_path, 6)
    (tmp_path / AUTOSAVE).unlink()
    assert [p.split(",")[0] for p in check_folder(tmp_path, said(match)).problems] == [
        "the saved game is gone"]
    ended = said(match)
    ended.ended = True
    assert check_folder(tmp_path, ended).problems == []  # the end of a game removes it


def test_the_check_flags_another_game_on_disk(tmp_path: Path) -> None:
    match = game_saved(tmp_path, 6)
    other = said(match)
    other.seed = 6
    problems = check_folder(tmp_path, other).problems
    assert problems == [f"a game that was never played here is on disk (seed {match.seed})"]


def test_the_lines_that_show_a_problem_by_themselves() -> None:
    expect = Expect()
    assert expect.hear("saved 9 1 10") is None
    assert expect.hear("saved 9 1 8") is not None  # went back
    assert expect.hear("saved 4 1 12") is not None  # another game, never started
    assert expect.hear("failed could not save the game in progress: disk full") is not None
    assert expect.hear("over 4 12 300") is None and expect.ended
    assert expect.hear("started 11") is None and expect.hear("saved 11 1 2") is None


def test_the_last_save_of_a_game_may_land_after_the_next_game_started() -> None:
    """The writer thread finishes the old game's last save while the new game begins:
    in order, and then the old file goes before the new game's first save."""
    expect = Expect()
    lines = ["resumed 9 3 40", "saved 9 3 41", "started 12", "saved 9 3 42", "over 9 3 43",
             "saved 12 1 1", "saved 12 1 2"]
    assert [expect.hear(line) for line in lines] == [None] * len(lines)
    assert (expect.seed, expect.deals, expect.actions) == (12, 1, 2)


def test_a_save_out_of_the_order_of_games_is_caught() -> None:
    """The old game's save after the new game's, and a save of a game after its end."""
    expect = Expect()
    lines = ["resumed 9 3 40", "started 12", "saved 12 1 1", "saved 9 3 41"]
    assert [expect.hear(line) for line in lines][-1] == \
        "saved another game (seed 9) than the one in progress"
    expect = Expect()
    lines = ["resumed 9 3 40", "over 9 3 41", "started 12", "saved 9 3 41"]
    assert [expect.hear(line) for line in lines][-1] == \
        "saved the game of seed 9 after its end had removed its file"
