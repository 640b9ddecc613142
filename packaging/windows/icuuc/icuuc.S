# A stand-in for ICU's icuuc.dll, for Wine only (never shipped: the bundle must not
# carry it, and Windows 10 and later have their own).  Qt 6.10 and later link the
# system's icuuc.dll for the ICU converters of QStringConverter; Wine 8 has none, so
# Qt6Core.dll would not load at all.  Every converter this DLL is asked for is
# "not available" (ucnv_open fails with U_FILE_ACCESS_ERROR), which Qt handles: it
# then uses its own UTF-8/UTF-16/Latin-1 codecs, all the program needs.
# Exports: icuuc.def (checked against Qt6Core.dll's imports by wine_build.py).
# x86-64, Microsoft calling convention: the second argument arrives in %rdx.

        .text

        .globl  icu_stub_entry
# BOOL DllMain(HINSTANCE, DWORD, LPVOID): always TRUE
icu_stub_entry:
        movl    $1, %eax
        ret

        .globl  icu_stub_open
# UConverter *ucnv_open(const char *name, UErrorCode *err): no converter
icu_stub_open:
        testq   %rdx, %rdx
        jz      1f
        movl    $4, (%rdx)              # U_FILE_ACCESS_ERROR
1:      xorl    %eax, %eax
        ret

        .globl  icu_stub_zero
# every other function: 0, NULL or nothing (none is reached without a converter,
# except ucnv_countAvailable, which says there are none)
icu_stub_zero:
        xorl    %eax, %eax
        ret
