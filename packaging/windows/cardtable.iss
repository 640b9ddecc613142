; Inno Setup 6 script: a per-user installer (no administrator rights needed) for the
; PyInstaller build in dist\CardTable.  Build it with
;     python packaging/build.py bundle
;     python packaging/build.py windows-installer
; which passes the version from pyproject.toml (its only home) as /DAppVersion (and
; /DAppVersionNumeric) and
; writes dist\CardTable-Setup-<version>.exe.  Needs Inno Setup 6.3 or newer.

; The version lives in pyproject.toml only: without build.py there is none.
#ifndef AppVersion
  #error No AppVersion: build with "python packaging/build.py windows-installer"
#endif
; The same version as four numbers (a pre-release suffix dropped), as version
; resources want.
#ifndef AppVersionNumeric
  #error No AppVersionNumeric: build with "python packaging/build.py windows-installer"
#endif

; The bundle to pack: the release's dist\CardTable, unless build.py names another
; (/DSourceDir: the build under Wine packs dist\windows\CardTable and, with /O, writes
; the Setup beside it).
#ifndef SourceDir
  #define SourceDir "..\..\dist\CardTable"
#endif

#define AppName "CardTable"
#define AppExe "CardTable.exe"
#define AppPublisher "The CardTable project"

[Setup]
; AppId identifies the program to Windows across versions, so that an upgrade
; replaces the installed copy: never change it.
AppId={{A53B35C5-A6E1-43D7-8F4E-50A0B4ED3354}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
AppCopyright={#AppPublisher}
; The version resource of the installer itself, from the same version.
VersionInfoVersion={#AppVersionNumeric}
VersionInfoProductVersion={#AppVersionNumeric}
VersionInfoTextVersion={#AppVersion}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoProductName={#AppName}
VersionInfoCompany={#AppPublisher}
VersionInfoDescription={#AppName} Setup
; Per user: no elevation, and {autopf} is %LOCALAPPDATA%\Programs, the Start menu and
; desktop are the user's own.
PrivilegesRequired=lowest
#ifdef WineFolders
; Only for the check under Wine (packaging/windows/wine_check.py): Wine 8 has no
; per-user Program Files folder, so {autopf} cannot expand there.  On Windows both
; lines name the same folder.
DefaultDirName={localappdata}\Programs\{#AppName}
#else
DefaultDirName={autopf}\{#AppName}
#endif
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; The bundle is 64-bit only.
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; The installer's own icon, rendered from the program's SVG icon by build.py bundle.
SetupIconFile=..\..\build\icons\cardtable.ico
; Uninstaller: listed under Installed apps with the program's icon.
UninstallDisplayName={#AppName}
UninstallDisplayIcon={app}\{#AppExe}
; An upgrade or uninstall closes a running CardTable first (Restart Manager) and does
; not start it again by itself: the last page offers to launch it.
CloseApplications=yes
RestartApplications=no
OutputDir=..\..\dist
OutputBaseFilename=CardTable-Setup-{#AppVersion}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "russian"; MessagesFile: "compiler:Languages\Russian.isl"

[Tasks]
; The desktop shortcut is offered, unchecked.
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade first removes the old version's bundle: a file the new one no longer
; has (an older package's metadata, a library renamed) would otherwise stay and be
; loaded.  The player's games and settings live elsewhere (AppData) and stay.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; The whole one-folder bundle, subfolders included.
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
; The "launch CardTable" checkbox on the last page (not in silent installs).
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
