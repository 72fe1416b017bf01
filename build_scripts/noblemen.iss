; Inno Setup 6 script for the Noblemen Windows installer.
; build_scripts\build_windows.ps1 calls it after PyInstaller has built dist\Noblemen\:
;   iscc /DAppVersion=0.1.0 /DAppNumericVersion=0.1.0.0 /DBundleDir=<repo>\dist\Noblemen /DOutputDir=<repo>\dist
;        build_scripts\noblemen.iss
; (AppNumericVersion: the four numbers of `python -m game.version --numeric`, for the setup's version resource.)
; Relative paths below are relative to this file's folder (build_scripts\).
; Installs per user by default (no administrator rights needed); the wizard offers "all users" too.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef AppNumericVersion
  #define AppNumericVersion "0.0.0.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\dist\Noblemen"
#endif
#ifndef OutputDir
  #define OutputDir "..\dist"
#endif
#define AppName "Noblemen"
#define AppExe "Noblemen.exe"

#if VER < EncodeVer(6,0,0)
  #error Inno Setup 6 or newer is needed to compile this script
#endif

[Setup]
; AppId identifies the game for upgrades and uninstall: never change it.
AppId={{D193B77D-6623-551B-B4CF-FDAA597BB9CE}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Noblemen digital edition team
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline dialog
OutputDir={#OutputDir}
OutputBaseFilename=Noblemen-{#AppVersion}-windows-x64-setup
VersionInfoVersion={#AppNumericVersion}
VersionInfoProductVersion={#AppNumericVersion}
VersionInfoTextVersion={#AppVersion}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoCopyright=Copyright the Noblemen developers (MIT licence)
SetupIconFile=..\game\art\app-icon.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; The bundle is 64-bit Python: x64 Windows, and Arm64 Windows 11 through emulation.
#if VER >= EncodeVer(6,3,0)
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
#else
ArchitecturesAllowed=x64
ArchitecturesInstallIn64BitMode=x64
#endif
MinVersion=10.0

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An upgrade replaces the whole bundle: files a newer build no longer has must not linger.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
