"""A smaller ICU data library for the Linux bundle.

Qt's Core library links ICU, whose data library (``libicudata.so.NN``, 32 MB) holds
every locale of the world, hundreds of legacy character sets, transliterators and
the dictionaries for Thai, Lao, Khmer, Burmese and Chinese word breaking — a third of
the whole bundle.  The program speaks English and Russian, so the bundle carries
ICU's data for those two languages (and ``root``, the fallback of every locale) with
everything language-neutral kept: normalisation, character names, time zones, plural
rules, collation and break rules.  ICU itself supports such subsets (its data build
tool filters the same way); a missing dictionary only means that a Thai sentence is
broken at spaces.

Needs ``objcopy`` and ``nm`` (binutils), ``icupkg`` (Debian's ``icu-devtools``) and
``gcc``; each step fails loudly rather than ship a broken library.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

LANGUAGES = ("en", "ru")
LOCALE_FILE = re.compile(r"^([a-z]{2,3})(_[A-Za-z0-9]*)*\.res$")
"""A locale's resource (``ru.res``, ``en_GB.res``, ``sr_Latn_BA.res``); any other
``.res`` (``root``, ``pool``, ``supplementalData`` …) is shared by all languages,
and so is each folder's index of its locales, ``res_index.res``."""


def keep_item(item: str, languages: tuple[str, ...] = LANGUAGES) -> bool:
    """Whether an item of the ICU data package (``coll/ru.res``) stays."""
    folder, _, name = item.rpartition("/")
    if folder == "translit" or name.endswith((".cnv", ".dict", ".cfu")):
        return False  # transliterators, legacy charsets, word dictionaries, spoof checks
    locale = LOCALE_FILE.match(name)
    return locale is None or locale.group(1) in languages or name == "res_index.res"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: slimming ICU's data needs binutils, gcc and "
                         "icu-devtools (apt-get install binutils gcc icu-devtools)")
    return found


def _run(*args: str, cwd: Path) -> str:
    return subprocess.run(args, cwd=cwd, check=True, capture_output=True, text=True).stdout


def slim_icu_data(library: Path, work: Path, languages: tuple[str, ...] = LANGUAGES) -> Path:
    """Build ``work/<library name>``: ``library`` with only the data ``keep_item``
    keeps, under the same soname and symbol.  Returns its path."""
    work.mkdir(parents=True, exist_ok=True)
    version = re.fullmatch(r"libicudata\.so\.(\d+)", library.name)
    if version is None:
        raise SystemExit(f"not an ICU data library: {library}")
    symbol = f"icudt{version.group(1)}_dat"
    # the data is one symbol that fills the read-only data section
    listed = _run(_tool("nm"), "-D", "-S", str(library), cwd=work).split()
    if symbol not in listed:
        raise SystemExit(f"{library} has no {symbol}")
    address, size = (int(x, 16) for x in listed[listed.index(symbol) - 3:][:2])
    sections = _run(_tool("objdump"), "-h", str(library), cwd=work)
    rodata = re.search(r"\s\.rodata\s+([0-9a-f]+)\s+([0-9a-f]+)", sections)
    if rodata is None or int(rodata.group(2), 16) != address or \
            int(rodata.group(1), 16) != size:
        raise SystemExit(f"{symbol} is not the whole .rodata of {library}")
    full = work / f"icudt{version.group(1)}l.dat"
    _run(_tool("objcopy"), "-O", "binary", "--only-section=.rodata", str(library),
         str(full), cwd=work)

    items = _run(_tool("icupkg"), "-l", full.name, cwd=work).split()
    removed = [item for item in items if not keep_item(item, languages)]
    if not removed or len(removed) == len(items):
        raise SystemExit(f"ICU data of {library}: nothing sensible to remove")
    (work / "remove.txt").write_text("\n".join(removed) + "\n", "ascii")
    # The package's file name is the prefix of every item's name inside it, so the
    # smaller package keeps the name of the full one, in a folder of its own.
    slim = work / "slim" / full.name
    slim.parent.mkdir(exist_ok=True)
    slim.unlink(missing_ok=True)
    # --ignore-deps: break rules name their dictionaries; without one ICU breaks
    # that script's text without it.  Any other missing item is a real error.
    done = subprocess.run([_tool("icupkg"), "--ignore-deps", "-r", "remove.txt", full.name,
                           slim.relative_to(work).as_posix()], cwd=work,
                          capture_output=True, text=True)
    unexpected = [line for line in (done.stdout + done.stderr).splitlines()
                  if "depends on missing item" in line and not line.endswith(".dict")]
    if done.returncode != 0 or unexpected or not slim.is_file():
        raise SystemExit(f"icupkg could not slim {library}: {unexpected or done.stderr}")

    assembly = work / "icudata.S"
    assembly.write_text(
        "    .section .rodata\n"
        f"    .globl {symbol}\n"
        f"    .type {symbol}, @object\n"
        "    .balign 16\n"
        f"{symbol}:\n"
        f'    .incbin "{slim.relative_to(work).as_posix()}"\n'
        f"    .size {symbol}, . - {symbol}\n"
        '    .section .note.GNU-stack,"",@progbits\n', "ascii")
    out = work / library.name
    _run(_tool("gcc"), "-shared", "-nostdlib", f"-Wl,-soname,{library.name}", "-o", str(out),
         assembly.name, cwd=work)
    print(f"ICU data: kept {len(items) - len(removed)} of {len(items)} items, "
          f"{library.stat().st_size / 1e6:.1f} MB -> {out.stat().st_size / 1e6:.1f} MB")
    return out
