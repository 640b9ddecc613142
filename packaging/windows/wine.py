"""Running Windows programs under Wine for the build and its checks: a prefix made
for the purpose, an X display of our own, and every step under ``timeout`` with its
output kept in a log whose tail is printed when the step fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePath

LOG_TAIL_LINES = 40


class StepFailed(RuntimeError):
    """A step did not do its job; the message says which and where its log is."""


def windows_path(path: PurePath | str) -> str:
    """The Windows name of a Unix path, through the ``Z:`` drive every prefix maps to ``/``."""
    text = str(path)
    if not text.startswith("/"):
        raise ValueError(f"not an absolute Unix path: {text}")
    return "Z:" + text.replace("/", "\\")


def timed_command(command: Sequence[str], seconds: int) -> list[str]:
    """``command`` under coreutils ``timeout``: TERM after ``seconds``, KILL 10 s later."""
    return ["timeout", "--kill-after=10", str(seconds), *command]


def log_tail(log: Path, lines: int = LOG_TAIL_LINES) -> str:
    if not log.is_file():
        return "(no log written)"
    text = log.read_text("utf-8", errors="replace").splitlines()
    return "\n".join(text[-lines:])


def fail_step(name: str, log: Path, why: str) -> StepFailed:
    """The error for a failed step, after printing its log's tail and where the log is."""
    print(f"--- the last lines of {log} ---\n{log_tail(log)}\n--- end of {log.name} ---",
          flush=True)
    return StepFailed(f"{name}: {why} (whole log: {log})")


@dataclass
class Wine:
    """One Wine prefix and the environment its programs run in."""

    prefix: Path
    logs: Path
    display: str | None = None
    path_dirs: list[str] = field(default_factory=list)
    """Windows folders put on the programs' PATH (``WINEPATH``)."""
    extra_env: dict[str, str] = field(default_factory=dict)

    def env(self, more: Mapping[str, str] | None = None) -> dict[str, str]:
        env = dict(os.environ)
        # this machine's Qt, Wine and pip settings are not the Windows programs' own
        for key in [k for k in env if k.startswith(("QT_", "WINE", "PIP_", "PYTHON"))]:
            del env[key]
        env.update(
            WINEPREFIX=str(self.prefix),
            WINEARCH="win64",
            WINEDEBUG="-all",
            # no Mono or Gecko installer dialogs, no menu entries on the build machine
            WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d",
            LC_ALL="C.UTF-8",
        )
        if self.display:
            env["DISPLAY"] = self.display
        else:
            env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        if self.path_dirs:
            env["WINEPATH"] = ";".join(self.path_dirs)
        env.update(self.extra_env)
        if more:
            env.update(more)
        return env

    def run(self, name: str, args: Sequence[str], seconds: int, *,
            cwd: Path | None = None, env: Mapping[str, str] | None = None,
            check: bool = True, echo: bool = False) -> subprocess.CompletedProcess[str]:
        """``wine args…`` under a timeout; its output (a pipe, never a Unix file: a
        Windows Python dies on that) goes to ``logs/name.log``, echoed if asked."""
        return self.run_unix(name, ["wine", *args], seconds, cwd=cwd, env=env,
                             check=check, echo=echo)

    def run_unix(self, name: str, command: Sequence[str], seconds: int, *,
                 cwd: Path | None = None, env: Mapping[str, str] | None = None,
                 check: bool = True, echo: bool = False) -> subprocess.CompletedProcess[str]:
        """Any command in this prefix's environment, logged like :meth:`run`."""
        self.logs.mkdir(parents=True, exist_ok=True)
        log = self.logs / f"{name}.log"
        started = time.monotonic()
        with log.open("w", encoding="utf-8") as out:
            out.write(f"$ {' '.join(command)}\n")
            out.flush()
            proc = subprocess.Popen(timed_command(command, seconds), cwd=cwd,
                                    env=self.env(env), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            assert proc.stdout is not None
            lines = []
            for raw in proc.stdout:
                line = raw.decode("utf-8", errors="replace")
                out.write(line)
                lines.append(line)
                if echo:
                    print(line, end="", flush=True)
            code = proc.wait()
        elapsed = time.monotonic() - started
        if code == 124 or code == 137:
            raise fail_step(name, log, f"no end after {seconds} s (stopped)")
        if check and code != 0:
            raise fail_step(name, log, f"exit code {code} after {elapsed:.0f} s")
        return subprocess.CompletedProcess(command, code, "".join(lines), "")

    def wait_idle(self, seconds: int = 120) -> None:
        """Let every process of the prefix end and its registry reach the disk."""
        subprocess.run(timed_command(["wineserver", "--wait"], seconds), env=self.env(),
                       check=False)

    def kill(self) -> None:
        subprocess.run(timed_command(["wineserver", "--kill"], 30), env=self.env(),
                       check=False)

    def drive_c(self) -> Path:
        return self.prefix / "drive_c"

    def user_dir(self) -> Path:
        """``C:\\users\\<name>`` (Wine names it after the Unix user)."""
        users = self.drive_c() / "users"
        names = [p for p in users.iterdir() if p.is_dir() and p.name != "Public"]
        if len(names) != 1:
            raise StepFailed(f"cannot tell the user's folder in {users}: {names}")
        return names[0]

    def create(self, icuuc: Path, seconds: int = 300) -> None:
        """A new prefix reporting Windows 10 (a fresh one says Windows 7, where
        multiprocessing's pipes misread empty messages and the search's pool hangs),
        with the ``icuuc.dll`` stand-in in system32 (Qt 6.10+ needs one; Wine 8 has none)."""
        if self.prefix.exists():
            self.kill()
            shutil.rmtree(self.prefix)
        self.prefix.parent.mkdir(parents=True, exist_ok=True)
        self.run("wineboot", ["wineboot", "--init"], seconds)
        self.run("win10", ["reg", "add", r"HKCU\Software\Wine", "/v", "Version", "/t",
                           "REG_SZ", "/d", "win10", "/f"], 120)
        self.wait_idle()
        shutil.copy2(icuuc, self.drive_c() / "windows" / "system32" / "icuuc.dll")
        version = self.run("winver", ["cmd", "/c", "ver"], 120).stdout.strip()
        if "10.0" not in version:
            raise StepFailed(f"the prefix does not report Windows 10: {version!r}")

    def works(self) -> str:
        """``ver`` inside the prefix: proof that Wine starts; loud if it cannot."""
        try:
            result = self.run("wine-starts", ["cmd", "/c", "ver"], 180, check=False)
        except (StepFailed, FileNotFoundError) as exc:
            raise StepFailed(f"Wine cannot start here: {exc}") from exc
        if result.returncode != 0 or "Windows" not in result.stdout:
            raise StepFailed("Wine cannot start here: `wine cmd /c ver` said "
                             f"{result.stdout.strip()!r} (exit {result.returncode}); see "
                             f"{self.logs / 'wine-starts.log'}")
        return result.stdout.strip().splitlines()[-1]


@contextmanager
def x_display(size: str = "1280x800x24") -> Iterator[str]:
    """An Xvfb of our own (ISCC, Setup and the uninstaller need a display even when
    silent); yields its ``DISPLAY``."""
    if shutil.which("Xvfb") is None:
        raise StepFailed("Xvfb is not installed (apt install xvfb)")
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", size,
                             "-nolisten", "tcp", "-noreset"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise StepFailed("Xvfb did not start")
        yield f":{number}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
