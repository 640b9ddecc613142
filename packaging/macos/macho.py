"""Just enough of the Mach-O format to check a macOS wheel on any system: which
architectures a binary carries and which libraries each architecture links (what
``lipo -archs`` and ``otool -L`` say on a Mac)."""

from __future__ import annotations

import struct

CPU_TYPES = {0x0100000C: "arm64", 0x01000007: "x86_64"}
"""The two architectures Macs run, by Mach-O CPU type (others are named by number)."""

FAT_MAGIC = 0xCAFEBABE  # a universal binary: big-endian table of slices
FAT_MAGIC_64 = 0xCAFEBABF
THIN_MAGIC_64 = 0xFEEDFACF  # one 64-bit slice, little-endian on both Mac CPUs
LINK_COMMANDS = {
    0x0C: "load",  # LC_LOAD_DYLIB
    0x80000018: "weak",  # LC_LOAD_WEAK_DYLIB
    0x8000001F: "reexport",  # LC_REEXPORT_DYLIB
    0x80000023: "upward",  # LC_LOAD_UPWARD_DYLIB
}


class NotMachO(ValueError):
    """The bytes are not a 64-bit Mach-O binary, thin or universal."""


def _arch_name(cputype: int) -> str:
    return CPU_TYPES.get(cputype, f"cpu-{cputype:#x}")


def slices(data: bytes) -> dict[str, bytes]:
    """The binary of each architecture in ``data``, by name (``arm64``, ``x86_64``)."""
    if len(data) < 8:
        raise NotMachO("too short for a Mach-O header")
    (magic,) = struct.unpack_from(">I", data)
    if magic in (FAT_MAGIC, FAT_MAGIC_64):
        (count,) = struct.unpack_from(">I", data, 4)
        found = {}
        for i in range(count):
            if magic == FAT_MAGIC:
                cputype, _sub, offset, size, _align = struct.unpack_from(">iiIII", data, 8 + 20 * i)
            else:
                cputype, _sub, offset, size, _align, _res = struct.unpack_from(
                    ">iiQQII", data, 8 + 32 * i)
            found[_arch_name(cputype)] = data[offset:offset + size]
        return found
    (magic_le,) = struct.unpack_from("<I", data)
    if magic_le == THIN_MAGIC_64:
        (cputype,) = struct.unpack_from("<i", data, 4)
        return {_arch_name(cputype): data}
    raise NotMachO(f"magic {magic:#010x} is not a 64-bit Mach-O's")


def linked_libraries(thin: bytes) -> list[str]:
    """The install names one architecture's binary links (``@rpath/QtCore.framework/
    Versions/A/QtCore``, ``/usr/lib/libc++.1.dylib``…), in load-command order."""
    magic, _cpu, _sub, _kind, ncmds, _size, _flags, _res = struct.unpack_from("<8I", thin)
    if magic != THIN_MAGIC_64:
        raise NotMachO(f"magic {magic:#010x} is not a 64-bit Mach-O slice's")
    names = []
    offset = 32
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", thin, offset)
        if cmdsize < 8:
            raise NotMachO(f"load command of {cmdsize} bytes at {offset}")
        if cmd in LINK_COMMANDS:
            (name_at,) = struct.unpack_from("<I", thin, offset + 8)
            raw = thin[offset + name_at:offset + cmdsize]
            names.append(raw.split(b"\0", 1)[0].decode("utf-8"))
        offset += cmdsize
    return names
