"""The game kept between runs: a save that cannot be resumed is set aside with its
bytes untouched and never deleted; leftovers of interrupted saves are removed."""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import threading
import time
from pathlib import Path

import pytest

from cardtable import saves
from cardtable.engine import record
from cardtable.engine.match import Match, Seat


def game_in_progress() -> Match:
    match = Match.start("king", {"players": 3}, [Seat(f"S{i}") for i in range(3)], seed=4)
    match.deal()
    for _ in range(7):
        match.apply(match.state.legal_actions()[0])
    return match


def good_text() -> bytes:
    return record.dumps(game_in_progress()).encode("utf-8")


def newer_text() -> bytes:
    data = json.loads(good_text())
    data["version"] = record.VERSION + 1
    return json.dumps(data).encode("utf-8")


def illegal_text() -> bytes:
    data = json.loads(good_text())
    data["deals"][0]["actions"][0]["card"] = data["deals"][0]["actions"][1]["card"]
    return json.dumps(data).encode("utf-8")


BAD_FILES = {
    "truncated": lambda: good_text()[:200],
    "empty": lambda: b"",
    "garbage": lambda: bytes(range(256)) * 4,
    "illegal game": illegal_text,
    "too large": lambda: b" " * (record.MAX_BYTES + 1),
}


def assert_kept(path: Path, content: bytes, found: saves.Resumed, folder: str) -> None:
    """The promise: the file is gone from where the next save would overwrite it, and
    every byte of it is in ``folder`` beside it."""
    assert not path.exists()
    assert found.moved_to is not None and found.moved_to.parent == path.parent / folder
    assert found.moved_to.read_bytes() == content


def test_the_promise_check_catches_a_lost_or_changed_file(tmp_path: Path) -> None:
    """Deliberately bad outcomes, each of which the check above must refuse."""
    path = tmp_path / "current-game.json"
    path.write_bytes(b"x")  # left where the next save overwrites it
    with pytest.raises(AssertionError):
        assert_kept(path, b"x", saves.Resumed(problem="format"), saves.DAMAGED)
    path.unlink()  # deleted
    with pytest.raises(AssertionError):
        assert_kept(path, b"x", saves.Resumed(problem="format"), saves.DAMAGED)
    changed = tmp_path / saves.DAMAGED / "0-current-game.json"
    changed.parent.mkdir()
    changed.write_bytes(b"y")  # moved, but rewritten
    with pytest.raises(AssertionError):
        assert_kept(path, b"x", saves.Resumed(problem="format", moved_to=changed),
                    saves.DAMAGED)


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_save_that_cannot_be_resumed_is_kept_aside(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "current-game.json"
    content = BAD_FILES[kind]()
    path.write_bytes(content)
    found = saves.resume(path, now=0)
    assert found.match is None
    # the reading refuses an oversized file before parsing it, by its own kind
    expected = {"illegal game": {"rules"}, "too large": {"format", "too_large"}}
    assert found.problem in expected.get(kind, {"format"})
    assert found.detail
    assert_kept(path, content, found, saves.DAMAGED)


def test_a_save_from_a_newer_version_is_kept_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    content = newer_text()
    path.write_bytes(content)
    found = saves.resume(path)
    assert (found.match, found.problem) == (None, "newer")
    assert "newer version" in found.detail
    assert_kept(path, content, found, saves.NEWER)


def test_a_good_save_resumes_and_stays(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    path.write_bytes(good_text())
    found = saves.resume(path)
    assert found.match is not None and found.problem is None
    assert record.to_json(found.match) == record.to_json(game_in_progress())
    assert path.read_bytes() == good_text()
    assert not (tmp_path / saves.DAMAGED).exists()


def test_nothing_saved_is_nothing_to_say(tmp_path: Path) -> None:
    assert saves.resume(tmp_path / "current-game.json") == saves.Resumed()


def test_two_damaged_saves_in_one_second_are_both_kept(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    kept = []
    for content in (b"first", b"second"):
        path.write_bytes(content)
        found = saves.resume(path, now=1000)
        assert found.moved_to is not None
        kept.append(found.moved_to)
    assert kept[0] != kept[1]
    assert [p.read_bytes() for p in kept] == [b"first", b"second"]


def test_leftovers_of_interrupted_saves_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "current-game.json"
    record.save(game_in_progress(), path)
    leftovers = [tmp_path / f".current-game.json.{tag}.tmp" for tag in ("a1b2", "x_9")]
    for leftover in leftovers:  # left by a crash long ago (a save takes milliseconds)
        leftover.write_text("half a save")
        os.utime(leftover, (time.time() - 2 * 3600,) * 2)
    others = [tmp_path / "notes.tmp", tmp_path / ".other.json.a1b2.tmp",
              tmp_path / ".current-game.json..tmp"]
    for other in others:
        other.write_text("not ours")
    assert record.leftover_temporaries(path) == sorted(leftovers)
    found = saves.resume(path)
    assert found.match is not None
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in others)  # only what our saves leave is removed


def test_the_background_saver_writes_the_newest_text_whole(tmp_path: Path) -> None:
    path = tmp_path / "folder" / "current-game.json"
    saver = saves.BackgroundSaver(path)
    texts = [record.dumps(game_in_progress()) + " " * k for k in range(50)]
    for text in texts:
        saver.save(text)
    assert saver.flush()
    assert path.read_text(encoding="utf-8") == texts[-1]
    assert record.leftover_temporaries(path) == []
    saver.remove()
    assert saver.flush() and not path.exists()
    saver.save(texts[0])
    saver.close()  # what is waiting is written before the thread stops
    assert path.read_text(encoding="utf-8") == texts[0]
    saver.save(texts[1])  # after close: nothing more is written
    assert path.read_text(encoding="utf-8") == texts[0]


def test_the_background_saver_reports_every_outcome_as_it_happens(tmp_path: Path) -> None:
    """Each job's outcome is queued with the tag it was handed, in order, and the
    listener is called from the writer thread after each: a failure, then a success."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    news = threading.Semaphore(0)
    saver = saves.BackgroundSaver(blocker / "current-game.json", news.release)
    saver.save("{}", tag="first")
    assert saver.flush() and news.acquire(timeout=30)
    [failed] = saver.take_outcomes()
    assert failed.tag == "first" and failed.problem is not None
    assert failed.problem.reason == saves.OTHER and failed.problem.detail
    assert saver.take_outcomes() == []  # told once
    blocker.unlink()
    saver.save("{}", tag="second")
    assert saver.flush() and news.acquire(timeout=30)
    assert saver.take_outcomes() == [saves.Written("second", None)]
    saver.remove()
    assert saver.flush() and news.acquire(timeout=30)
    assert saver.take_outcomes() == [saves.Written(None, None, removal=True)]
    saver.save("{}", tag="third")
    saver.close()
    assert saver.take_outcomes() == [saves.Written("third", None)]
    assert (blocker / "current-game.json").read_text() == "{}"


@pytest.mark.parametrize(("code", "reason"), [
    (errno.ENOSPC, saves.FULL), (errno.EDQUOT, saves.FULL), (errno.EACCES, saves.DENIED),
    (errno.EPERM, saves.DENIED), (errno.EROFS, saves.DENIED),
    (errno.EISDIR, saves.FOLDER_IN_THE_WAY), (errno.EIO, saves.OTHER)])
def test_a_failed_write_is_classified_by_its_cause(tmp_path: Path, code: int,
                                                   reason: str) -> None:
    path = tmp_path / "current-game.json"
    problem = saves.classify(OSError(code, os.strerror(code)), path)
    assert (problem.reason, problem.folder, problem.detail) == (reason, tmp_path,
                                                                os.strerror(code))


def test_a_folder_at_the_save_is_in_the_way_whatever_the_system_says(tmp_path: Path) -> None:
    """A real write over a folder: whatever error the system gives, the reason is
    the folder (and the folder is left alone by resume)."""
    path = tmp_path / "current-game.json"
    (path / "inside").mkdir(parents=True)
    assert saves.resume(path) == saves.Resumed()
    assert (path / "inside").is_dir()
    saver = saves.BackgroundSaver(path)
    saver.save("{}")
    saver.close()
    [outcome] = saver.take_outcomes()
    assert outcome.problem is not None and outcome.problem.reason == saves.FOLDER_IN_THE_WAY
    assert saves.classify(OSError(errno.EEXIST, "File exists"), path).reason \
        == saves.FOLDER_IN_THE_WAY


def test_a_pipe_or_socket_at_the_save_is_set_aside_unopened(tmp_path: Path) -> None:
    """Opening a pipe would hang: it is moved aside by name, like a damaged save."""
    pipe = tmp_path / "current-game.json"
    os.mkfifo(pipe)
    found = saves.resume(pipe, now=0)
    assert (found.match, found.problem) == (None, saves.NOT_A_FILE)
    assert "named pipe" in found.detail
    assert found.moved_to is not None and found.moved_to.parent == tmp_path / saves.DAMAGED
    assert stat.S_ISFIFO(os.lstat(found.moved_to).st_mode) and not pipe.exists()
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(pipe))
        found = saves.resume(pipe, now=0)
    assert found.problem == saves.NOT_A_FILE and "socket" in found.detail
    assert not pipe.exists()
    link = tmp_path / "link.json"  # a link is followed to what it names
    os.mkfifo(tmp_path / "other-pipe")
    link.symlink_to(tmp_path / "other-pipe")
    assert saves.resume(link).problem == saves.NOT_A_FILE and not link.is_symlink()


def test_the_record_text_is_the_record_however_the_game_grows() -> None:
    """The kept text of finished deals never goes stale: growing, restarted deals and
    positions taken back all give exactly :func:`record.dumps`."""
    import random

    for game, n in (("king", 4), ("clubs", 2), ("metamorphosis", 3)):
        match = Match.start(game, {"players": n}, [Seat(f"S{i}") for i in range(n)],
                            seed=3)
        text = record.RecordText()
        rng = random.Random(2)
        assert text.dumps(match) == record.dumps(match)
        steps = 0
        while not match.state.is_over and len(match.deals) < 8:
            if match.state.needs_deal:
                match.deal(match.next_layout())
            else:
                legal = match.state.legal_actions()
                match.apply(legal[rng.randrange(len(legal))])
            steps += 1
            if steps % 29 == 0:
                match = match.prefix(match.step_count - 7)
            assert text.dumps(match) == record.dumps(match), (game, steps)
        assert json.loads(text.dumps(match)) == record.to_json(match)
