<#
.SYNOPSIS
    Build Noblemen for Windows.

.DESCRIPTION
    1. PyInstaller builds dist\Noblemen\Noblemen.exe (one folder, windowed, with the app icon).
    2. The bundle runs its own --self-test (unless -NoSelfTest).
    3. dist\Noblemen-<version>-windows-x64.zip: the folder, for players who unzip and double-click.
    4. If Inno Setup 6 (iscc) is found: dist\Noblemen-<version>-windows-x64-setup.exe.

    Signing, when a code-signing certificate is given: $env:WINDOWS_CERTIFICATE_FILE (a .pfx) and
    $env:WINDOWS_CERTIFICATE_PASSWORD; signtool (Windows SDK) signs Noblemen.exe before it is packed and
    the installer after it is built. Without them the builds are unsigned.

    Python: -Python, else $env:PYTHON, else .venv\Scripts\python.exe; the venv is created (py -3 or
    python) and the project installed with its 'package' extra when it lacks PyInstaller.

.EXAMPLE
    powershell -NoProfile -ExecutionPolicy Bypass -File build_scripts\build_windows.ps1
#>
param(
    [string]$Python = "",
    [switch]$NoSelfTest,
    [switch]$NoInstaller
)

$ErrorActionPreference = "Stop"
Set-StrictMode -Version 3.0
$Root = Split-Path -Parent $PSScriptRoot
Set-Location $Root
$App = "Noblemen"
$Dist = Join-Path $Root "dist"
$Folder = Join-Path $Dist $App

function Say([string]$Text) { Write-Host "build_windows: $Text" }

# Native programs report through their exit code; what they print on stderr (PyInstaller logs there)
# must not count as a PowerShell error, which Windows PowerShell 5.1 does under "Stop".
function Invoke-Native([string]$Exe, [string[]]$Arguments) {
    $Saved = $ErrorActionPreference
    $ErrorActionPreference = "Continue"
    try { & $Exe @Arguments 2>&1 | ForEach-Object { "$_" } | Write-Host } finally { $ErrorActionPreference = $Saved }
    return $LASTEXITCODE
}

function Invoke-Checked([string]$Exe, [string[]]$Arguments) {
    $Code = Invoke-Native $Exe $Arguments
    if ($Code -ne 0) { throw "$Exe $($Arguments -join ' ') failed with exit code $Code" }
}

# -- Python with the project and PyInstaller --------------------------------------------------
if (-not $Python) { $Python = $env:PYTHON }
if (-not $Python) {
    $Python = Join-Path $Root ".venv\Scripts\python.exe"
    if (-not (Test-Path $Python)) {
        Say "creating .venv ..."
        if (Get-Command py -ErrorAction SilentlyContinue) { Invoke-Checked "py" @("-3", "-m", "venv", ".venv") }
        else { Invoke-Checked "python" @("-m", "venv", ".venv") }
    }
}
if ((Invoke-Native $Python @("-c", "import PyInstaller, game, pygame_gui")) -ne 0) {
    Say "installing the game and PyInstaller into $Python ..."
    Invoke-Checked $Python @("-m", "pip", "install", "--quiet", "--upgrade", "pip")
    Invoke-Checked $Python @("-m", "pip", "install", "--quiet", "-e", ".[package]")
}
$Version = (& $Python -m game.version).Trim()
if ($LASTEXITCODE -ne 0 -or -not $Version) { throw "could not read the game's version (python -m game.version)" }
$NumericVersion = (& $Python -m game.version --numeric).Trim()  # a.b.c.d, for Inno Setup's VersionInfoVersion
$Zip = Join-Path $Dist "$App-$Version-windows-x64.zip"

# Code signing, only when a certificate is given (see the synopsis).
function Invoke-Signing([string]$File) {
    if (-not $env:WINDOWS_CERTIFICATE_FILE) { return }
    $SignTool = Get-ChildItem "${env:ProgramFiles(x86)}\Windows Kits\10\bin\*\x64\signtool.exe" -ErrorAction SilentlyContinue |
        Sort-Object FullName -Descending | Select-Object -First 1
    if (-not $SignTool) { throw "signtool.exe (Windows SDK) not found: cannot sign $File" }
    Say "signing $File ..."
    Invoke-Checked $SignTool.FullName @("sign", "/f", $env:WINDOWS_CERTIFICATE_FILE, "/p", $env:WINDOWS_CERTIFICATE_PASSWORD,
        "/fd", "SHA256", "/tr", "http://timestamp.digicert.com", "/td", "SHA256", $File)
}

# -- 1. the one-folder bundle ------------------------------------------------------------------
Say "building $Folder (Noblemen $Version) ..."
if (Test-Path $Folder) { Remove-Item -Recurse -Force $Folder }
$env:PYGAME_HIDE_SUPPORT_PROMPT = "1"
Invoke-Checked $Python @("-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
    "--distpath", "dist", "--workpath", "build\pyinstaller", "build_scripts\noblemen.spec")
$Exe = Join-Path $Folder "$App.exe"
if (-not (Test-Path $Exe)) { throw "PyInstaller did not produce $Exe" }
# The licences beside the game, where a player looks for them (the game reads its own copy in _internal\).
Copy-Item (Join-Path $Root "LICENSE") (Join-Path $Folder "LICENSE.txt")
Invoke-Checked $Python @((Join-Path $Root "build_scripts\gather_licences.py"), (Join-Path $Folder "licenses"))
Invoke-Signing $Exe

# -- 2. self-test: a windowed exe has no console, so the report goes to a log file -----------------
if (-not $NoSelfTest) {
    Say "self-test of the bundle ..."
    $Log = Join-Path ([System.IO.Path]::GetTempPath()) "noblemen-selftest-$PID.log"
    if (Test-Path $Log) { Remove-Item -Force $Log }
    $env:NOBLEMEN_SELFTEST_LOG = $Log
    try {
        $Proc = Start-Process -FilePath $Exe -ArgumentList "--self-test" -PassThru -NoNewWindow
        $null = $Proc.Handle  # keep the handle so ExitCode is available after the wait
        if (-not $Proc.WaitForExit(300000)) { $Proc.Kill(); throw "the self-test did not finish in 5 minutes" }
        $Code = $Proc.ExitCode
    } finally {
        Remove-Item Env:\NOBLEMEN_SELFTEST_LOG -ErrorAction SilentlyContinue
    }
    if (Test-Path $Log) { Get-Content $Log | Write-Host; Remove-Item -Force $Log }
    if ($Code -ne 0) { throw "the bundle's --self-test failed (exit code $Code)" }
}

# -- 3. the zip (always: a portable download) -----------------------------------------------------
Say "packing $Zip ..."
Get-ChildItem (Join-Path $Dist "$App-*-windows-x64.zip") -ErrorAction SilentlyContinue | Remove-Item -Force
Compress-Archive -Path $Folder -DestinationPath $Zip -CompressionLevel Optimal

# -- 4. the installer, when Inno Setup is there ------------------------------------------------------
if (-not $NoInstaller) {
    $Iscc = $null
    $Found = Get-Command iscc -ErrorAction SilentlyContinue
    if ($Found) { $Iscc = $Found.Source }
    else {
        $Candidates = @()
        foreach ($Base in @(${env:ProgramFiles(x86)}, $env:ProgramFiles, (Join-Path "$env:LOCALAPPDATA" "Programs"))) {
            if ($Base) { $Candidates += (Join-Path $Base "Inno Setup 6\ISCC.exe") }
        }
        $Iscc = $Candidates | Where-Object { Test-Path $_ } | Select-Object -First 1
    }
    if ($Iscc) {
        Say "building the installer with $Iscc ..."
        Invoke-Checked $Iscc @("/Q", "/DAppVersion=$Version", "/DAppNumericVersion=$NumericVersion",
            "/DBundleDir=$Folder", "/DOutputDir=$Dist",
            (Join-Path $Root "build_scripts\noblemen.iss"))
        $Setup = Join-Path $Dist "$App-$Version-windows-x64-setup.exe"
        if (-not (Test-Path $Setup)) { throw "Inno Setup did not produce $Setup" }
        Invoke-Signing $Setup
        Say "installer: $Setup"
    } else {
        Say "Inno Setup (iscc) not found: no installer, only the zip. Get it from https://jrsoftware.org/isdl.php"
    }
}

$Size = (Get-ChildItem -Recurse -File $Folder | Measure-Object -Property Length -Sum).Sum / 1MB
Say ("done: {0:N0} MB {1}, {2:N0} MB {3}" -f $Size, $Folder, ((Get-Item $Zip).Length / 1MB), $Zip)
