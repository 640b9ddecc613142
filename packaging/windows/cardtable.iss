; Inno Setup 6 script: a per-user installer (no administrator rights needed) for the
; PyInstaller build in dist\CardTable. Build the program first (packaging\README.md),
; then from the repository root:
;     iscc packaging\windows\cardtable.iss
; or, for another version:  iscc /DAppVersion=0.2.0 packaging\windows\cardtable.iss
; The installer is written to dist\CardTable-<version>-setup.exe.

#define AppName "CardTable"
#define AppExe "CardTable.exe"
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
; AppId identifies the program to Windows across versions: never change it.
AppId={{A53B35C5-A6E1-43D7-8F4E-50A0B4ED3354}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The CardTable project
; Per user: installs into %LOCALAPPDATA%\Programs and the user's Start menu.
PrivilegesRequired=lowest
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
UninstallDisplayIcon={app}\{#AppExe}
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename={#AppName}-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "russian"; MessagesFile: "compiler:Languages\Russian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\CardTable\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
