#!/usr/bin/env python3
"""Generate the manifest fixture corpus for FerryCoreTests.

    python3 Tests/FerryCoreTests/Fixtures/make_fixtures.py          # (re)write the fixtures
    python3 Tests/FerryCoreTests/Fixtures/make_fixtures.py --check  # fail if they are stale

Writes valid/, invalid/ and README.md next to this script. Everything here is
deterministic: running it twice gives byte-identical files. Only the Python
standard library is used.

Every fixture is also run through `reference_issues` below, a small model of
the manifest contract, and generation fails unless each valid fixture has no
issue and each invalid fixture has exactly the one issue documented for it.
Each invalid fixture therefore has exactly one defect; fixing that one key
would make it load.
"""

import datetime
import os
import plistlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

XML = plistlib.FMT_XML
BINARY = plistlib.FMT_BINARY

# A fixed instant and fixed bytes, so the output never changes.
BUILD_DATE = datetime.datetime(2024, 3, 14, 9, 26, 53)
FINGERPRINT = bytes.fromhex("5f3a9c0e7b21d4468a0b1c2d3e4f5061728394a5")


# --------------------------------------------------------------------------
# The reference model of the contract (what Ferry must accept and refuse).
# --------------------------------------------------------------------------

SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*\Z")
LABEL = re.compile(r"[A-Za-z0-9-]+\Z")
ROLES = ("Editor", "Viewer", "Shell", "None")
KINDS = ("command", "managed")
RANKS = ("Owner", "Default", "Alternate", "None")

NOT_A_PLIST = "notAPropertyList"
MISSING = "missingKey"
WRONG_TYPE = "wrongType"
INVALID = "invalidValue"


def is_reverse_dns(value):
    raw = value.encode("utf-8")
    if not raw or len(raw) > 255:
        return False
    labels = value.split(".")
    return len(labels) >= 2 and all(LABEL.match(label) for label in labels)


def reference_issues(data):
    """All problems in one manifest's bytes, as (code, key path) pairs."""
    try:
        root = plistlib.loads(data)
    except Exception:  # any parse failure: truncated, bad UTF-8, not a plist
        return [(NOT_A_PLIST, "")]
    if not isinstance(root, dict):
        return [(NOT_A_PLIST, "")]

    issues = []

    def at(path, key):
        return f"{path}.{key}" if path else key

    def string(d, path, key):
        if key in d and not isinstance(d[key], str):
            issues.append((WRONG_TYPE, at(path, key)))
            return None
        return d.get(key)

    def boolean(d, path, key):
        if key in d and type(d[key]) is not bool:
            issues.append((WRONG_TYPE, at(path, key)))

    def array(d, path, key):
        if key not in d:
            return None
        if not isinstance(d[key], list):
            issues.append((WRONG_TYPE, at(path, key)))
            return None
        return d[key]

    def strings(d, path, key):
        items = array(d, path, key)
        if items is None:
            return None
        good = []
        for i, item in enumerate(items):
            if isinstance(item, str):
                good.append((i, item))
            else:
                issues.append((WRONG_TYPE, f"{at(path, key)}[{i}]"))
        return good

    def choice(d, path, key, allowed):
        value = string(d, path, key)
        if value is not None and value not in allowed:
            issues.append((INVALID, at(path, key)))

    def schemes(d, path, key, required):
        items = strings(d, path, key)
        if items is None:
            if required and key not in d:
                issues.append((MISSING, at(path, key)))
            return
        if required and not d[key]:
            issues.append((INVALID, at(path, key)))
        for i, scheme in items:
            if not SCHEME.match(scheme):
                issues.append((INVALID, f"{at(path, key)}[{i}]"))

    def dicts(d, key, body):
        items = array(d, "", key)
        for i, item in enumerate(items or []):
            path = f"{key}[{i}]"
            if isinstance(item, dict):
                body(item, path)
            else:
                issues.append((WRONG_TYPE, path))

    identifier = root.get("CFBundleIdentifier")
    if "CFBundleIdentifier" not in root:
        issues.append((MISSING, "CFBundleIdentifier"))
    elif not isinstance(identifier, str):
        issues.append((WRONG_TYPE, "CFBundleIdentifier"))
    elif not is_reverse_dns(identifier):
        issues.append((INVALID, "CFBundleIdentifier"))

    for key in ("CFBundleName", "CFBundleDisplayName", "CFBundleVersion",
                "CFBundleShortVersionString"):
        string(root, "", key)

    def url_type(d, path):
        string(d, path, "CFBundleURLName")
        schemes(d, path, "CFBundleURLSchemes", required=True)
        choice(d, path, "CFBundleTypeRole", ROLES)
        choice(d, path, "LSHandlerRank", RANKS)

    def document_type(d, path):
        string(d, path, "CFBundleTypeName")
        for key in ("LSItemContentTypes", "CFBundleTypeExtensions", "CFBundleTypeMIMETypes"):
            strings(d, path, key)
        choice(d, path, "CFBundleTypeRole", ROLES)
        choice(d, path, "LSHandlerRank", RANKS)

    dicts(root, "CFBundleURLTypes", url_type)
    dicts(root, "CFBundleDocumentTypes", document_type)
    schemes(root, "", "LSApplicationQueriesSchemes", required=False)
    boolean(root, "", "UIApplicationExitsOnSuspend")
    strings(root, "", "UIBackgroundModes")

    choice(root, "", "FerryAppKind", KINDS)

    executable = string(root, "", "CFBundleExecutable")
    arguments = strings(root, "", "ProgramArguments")
    if arguments is not None:
        if not root["ProgramArguments"] or root["ProgramArguments"][0] in ("", None):
            issues.append((INVALID, "ProgramArguments"))
        elif arguments and "/" in arguments[0][1] and not arguments[0][1].startswith("/") \
                and ".." in arguments[0][1].split("/"):
            issues.append((INVALID, "ProgramArguments[0]"))
    elif executable is not None and (executable == "" or executable.startswith("/")
                                     or ".." in executable.split("/")):
        issues.append((INVALID, "CFBundleExecutable"))

    return issues


# What makes the whole app unusable (the manifest is skipped); any other fault only drops the
# entry at fault: a scheme, a URL or document type, a list element, an optional key.
def skips_app(code, key_path):
    return key_path in ("", "CFBundleIdentifier", "CFBundleExecutable", "FerryAppKind") \
        or key_path.startswith("ProgramArguments")


# --------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------

@dataclass
class Fixture:
    path: str        # relative to this folder
    data: bytes
    fmt: str         # "XML", "binary" or "raw" (bytes made by hand)
    loads: bool
    about: str       # what it checks, in a few words
    code: str = ""   # for invalid fixtures: the ManifestError code
    key_path: str = ""
    extra: bool = False   # not in the original list; follows Sources' current rules
    mode: int = 0o644


FIXTURES = []


def plist(value, fmt=XML):
    return plistlib.dumps(value, fmt=fmt, sort_keys=True)


def add(path, value, about, fmt=XML, code="", key_path="", extra=False):
    loads = not code
    FIXTURES.append(Fixture(path, plist(value, fmt), "XML" if fmt == XML else "binary",
                            loads, about, code, key_path, extra))


def add_raw(path, data, about, code, key_path="", loads=False):
    FIXTURES.append(Fixture(path, data, "raw", loads, about, code, key_path))


def base(name, **changes):
    """A small manifest that loads; invalid fixtures change exactly one thing."""
    manifest = {
        "CFBundleIdentifier": f"org.ferry.fixtures.{name}",
        "CFBundleName": "Fixture",
        "CFBundleExecutable": "fixture",
        "CFBundleURLTypes": [{
            "CFBundleURLName": f"org.ferry.fixtures.{name}",
            "CFBundleURLSchemes": ["fixture"],
            "CFBundleTypeRole": "Viewer",
            "LSHandlerRank": "Default",
        }],
    }
    for key, value in changes.items():
        if value is None:
            manifest.pop(key, None)
        else:
            manifest[key] = value
    return manifest


def url_types(*schemes_lists, **changes):
    """CFBundleURLTypes with one entry per schemes list; changes apply to entry 0."""
    types = [{
        "CFBundleURLName": f"org.ferry.fixtures.type{i}",
        "CFBundleURLSchemes": list(schemes),
        "CFBundleTypeRole": "Viewer",
        "LSHandlerRank": "Default",
    } for i, schemes in enumerate(schemes_lists)]
    for key, value in changes.items():
        if value is None:
            types[0].pop(key, None)
        else:
            types[0][key] = value
    return types


# ---- valid ---------------------------------------------------------------

FULL = {
    "CFBundleIdentifier": "com.acme.full",
    "CFBundleName": "Full",
    "CFBundleDisplayName": "Full Example",
    "CFBundleVersion": "42",
    "CFBundleShortVersionString": "1.2.3",
    "CFBundleExecutable": "bin/full",
    "ProgramArguments": ["acme-full", "--url=%u", "--new-window", "%u"],
    "CFBundleURLTypes": [
        {"CFBundleURLName": "com.acme.full", "CFBundleURLSchemes": ["acme-full", "Acme.Full+v2"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner"},
        {"CFBundleURLName": "com.acme.full.viewer", "CFBundleURLSchemes": ["acmeview"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Default"},
        {"CFBundleURLName": "com.acme.full.shell", "CFBundleURLSchemes": ["acmesh"],
         "CFBundleTypeRole": "Shell", "LSHandlerRank": "Alternate"},
        {"CFBundleURLName": "com.acme.full.none", "CFBundleURLSchemes": ["acme-none"],
         "CFBundleTypeRole": "None", "LSHandlerRank": "None"},
    ],
    "CFBundleDocumentTypes": [
        {"CFBundleTypeName": "Acme Document", "LSItemContentTypes": ["com.acme.document"],
         "CFBundleTypeExtensions": ["acme", "ACMEX"], "CFBundleTypeMIMETypes": ["application/x-acme"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner"},
        {"CFBundleTypeName": "Plain Text", "LSItemContentTypes": ["public.plain-text"],
         "CFBundleTypeExtensions": ["txt"], "CFBundleTypeMIMETypes": ["text/plain"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate"},
        {"CFBundleTypeName": "Shell Script", "LSItemContentTypes": ["public.shell-script"],
         "CFBundleTypeExtensions": ["sh"], "CFBundleTypeMIMETypes": ["application/x-sh"],
         "CFBundleTypeRole": "Shell", "LSHandlerRank": "None"},
        {"CFBundleTypeName": "Acme Index", "LSItemContentTypes": ["com.acme.index"],
         "CFBundleTypeExtensions": ["acmeidx"], "CFBundleTypeMIMETypes": ["Application/X-Acme-Index"],
         "CFBundleTypeRole": "None", "LSHandlerRank": "Default"},
    ],
    "LSApplicationQueriesSchemes": ["todolist", "man", "Notes"],
    "UIApplicationExitsOnSuspend": True,
    "UIBackgroundModes": ["audio", "fetch"],
    "AcmeUnknownKey": "kept, not interpreted",
}

add("valid/minimal.plist", {"CFBundleIdentifier": "org.ferry.fixtures.minimal"},
    "only `CFBundleIdentifier`; no URL types, no program")
add("valid/full.xml.plist", FULL,
    "every key of the contract (see below; not `FerryAppKind`); `ProgramArguments` and "
    "`CFBundleExecutable` both given")
add("valid/full.binary.plist", FULL, "same content as `full.xml.plist`", fmt=BINARY)
add("valid/executable-only.plist", base("executable-only", CFBundleExecutable="bin/handler"),
    "`CFBundleExecutable` = `bin/handler` and no `ProgramArguments`")
add("valid/program-arguments-append.plist",
    base("program-arguments-append", CFBundleExecutable=None, ProgramArguments=["xdg-open"]),
    "`ProgramArguments` = [`xdg-open`]: no `%u`, so the URL is appended")
add("valid/url-type-defaults.plist",
    base("url-type-defaults", CFBundleURLTypes=[{"CFBundleURLSchemes": ["defaults"]}]),
    "a URL type with only `CFBundleURLSchemes` (no name, role or rank)")
add("valid/schemes-mixed-case.plist",
    base("schemes-mixed-case", CFBundleURLTypes=url_types(["TodoList", "todolist", "X-Callback.URL+1"])),
    "schemes `TodoList`, `todolist`, `X-Callback.URL+1`: case differs, the first two are the same scheme")
add("valid/empty-arrays.plist",
    base("empty-arrays", CFBundleURLTypes=[], CFBundleDocumentTypes=[],
         LSApplicationQueriesSchemes=[], UIBackgroundModes=[]),
    "`CFBundleURLTypes`, `CFBundleDocumentTypes`, `LSApplicationQueriesSchemes`, `UIBackgroundModes` all empty arrays")
add("valid/unicode-names.plist",
    base("unicode-names", CFBundleName="Café", CFBundleDisplayName="Café ✓ 日本語 🚢"),
    "non-ASCII `CFBundleName` `Café` and `CFBundleDisplayName` `Café ✓ 日本語 🚢`")
add("valid/queries-over-50.plist",
    base("queries-over-50", LSApplicationQueriesSchemes=[f"q{i}" for i in range(60)]),
    "`LSApplicationQueriesSchemes` lists 60 schemes `q0` … `q59` (only the first 50 count)")
add("valid/app-kind-managed.plist", base("app-kind-managed", FerryAppKind="managed"),
    "`FerryAppKind` = `managed` (a key Sources added after the contract list)")
add("valid/huge-array.plist",
    base("huge-array", CFBundleURLTypes=url_types([f"s{i}" for i in range(10000)])),
    "`CFBundleURLTypes[0].CFBundleURLSchemes` has 10,000 valid schemes `s0` … `s9999`")


def nested(depth, leaf):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


add("valid/deeply-nested.plist",
    base("deeply-nested", FerryFixtureDeeplyNested=nested(200, "bottom")),
    "unknown key `FerryFixtureDeeplyNested`: 200 nested arrays, the innermost holding the string `bottom`")

# Realistic Info.plists, shaped like those inside built iOS apps: many keys Ferry
# ignores, nested dictionaries, every property-list type.

REALISTIC_NOTES = {
    "BGTaskSchedulerPermittedIdentifiers": ["com.example.quill.sync", "com.example.quill.index"],
    "BuildMachineOSBuild": "23E224",
    "CFBundleDevelopmentRegion": "en",
    "CFBundleDisplayName": "Quill",
    "CFBundleDocumentTypes": [
        {"CFBundleTypeName": "Quill Note", "LSItemContentTypes": ["com.example.quill.note"],
         "CFBundleTypeExtensions": ["quill"], "CFBundleTypeMIMETypes": ["application/x-quill-note"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner", "LSTypeIsPackage": True,
         "CFBundleTypeIconSystemGenerated": 1},
        {"CFBundleTypeName": "Markdown", "LSItemContentTypes": ["net.daringfireball.markdown"],
         "CFBundleTypeExtensions": ["md", "markdown"], "CFBundleTypeMIMETypes": ["text/markdown"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Default"},
        {"CFBundleTypeName": "Plain Text", "LSItemContentTypes": ["public.plain-text"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate"},
    ],
    "CFBundleExecutable": "Quill",
    "CFBundleIcons": {"CFBundlePrimaryIcon": {
        "CFBundleIconFiles": ["AppIcon60x60"], "CFBundleIconName": "AppIcon"}},
    "CFBundleIcons~ipad": {"CFBundlePrimaryIcon": {
        "CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76"], "CFBundleIconName": "AppIcon"}},
    "CFBundleIdentifier": "com.example.quill",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleName": "Quill",
    "CFBundlePackageType": "APPL",
    "CFBundleShortVersionString": "2.4.1",
    "CFBundleSupportedPlatforms": ["iPhoneOS"],
    "CFBundleURLTypes": [
        {"CFBundleURLName": "com.example.quill", "CFBundleURLSchemes": ["quill", "quill-x-callback"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner"},
        {"CFBundleURLName": "com.example.quill.dropbox", "CFBundleURLSchemes": ["db-a1b2c3d4e5f6g7h"],
         "CFBundleTypeRole": "Viewer"},
    ],
    "CFBundleVersion": "2417",
    "DTCompiler": "com.apple.compilers.llvm.clang.1_0",
    "DTPlatformBuild": "21E210",
    "DTPlatformName": "iphoneos",
    "DTPlatformVersion": "17.4",
    "DTSDKBuild": "21E210",
    "DTSDKName": "iphoneos17.4",
    "DTXcode": "1530",
    "DTXcodeBuild": "15E204a",
    "ITSAppUsesNonExemptEncryption": False,
    "LSApplicationQueriesSchemes": ["dbapi-2", "dbapi-8-emm", "things", "omnifocus", "x-callback-url"],
    "LSRequiresIPhoneOS": True,
    "LSSupportsOpeningDocumentsInPlace": True,
    "MinimumOSVersion": "16.0",
    "NSAppTransportSecurity": {
        "NSAllowsArbitraryLoads": False,
        "NSExceptionDomains": {"legacy.example.com": {
            "NSIncludesSubdomains": True, "NSExceptionMinimumTLSVersion": "TLSv1.2",
            "NSExceptionAllowsInsecureHTTPLoads": True}},
    },
    "NSCameraUsageDescription": "Quill uses the camera to scan paper pages into notes.",
    "NSFaceIDUsageDescription": "Face ID unlocks your locked notes.",
    "NSMicrophoneUsageDescription": "Quill records voice memos into notes.",
    "NSPhotoLibraryAddUsageDescription": "Quill saves exported sketches to your photos.",
    "NSUbiquitousContainers": {"iCloud.com.example.quill": {
        "NSUbiquitousContainerIsDocumentScopePublic": True,
        "NSUbiquitousContainerName": "Quill",
        "NSUbiquitousContainerSupportedFolderLevels": "Any"}},
    "NSUserActivityTypes": ["com.example.quill.open-note", "NSUserActivityTypeBrowsingWeb"],
    "QuillBuildDate": BUILD_DATE,
    "QuillBuildFingerprint": FINGERPRINT,
    "QuillEditorLineHeight": 1.35,
    "QuillMaxAttachmentMegabytes": 250,
    "UIApplicationExitsOnSuspend": False,
    "UIApplicationSceneManifest": {
        "UIApplicationSupportsMultipleScenes": True,
        "UISceneConfigurations": {"UIWindowSceneSessionRoleApplication": [{
            "UISceneConfigurationName": "Default Configuration",
            "UISceneDelegateClassName": "Quill.SceneDelegate",
            "UISceneStoryboardFile": "Main"}]},
    },
    "UIBackgroundModes": ["fetch", "processing", "remote-notification"],
    "UIDeviceFamily": [1, 2],
    "UIFileSharingEnabled": True,
    "UILaunchStoryboardName": "LaunchScreen",
    "UIRequiredDeviceCapabilities": ["arm64"],
    "UIStatusBarStyle": "UIStatusBarStyleDefault",
    "UISupportedInterfaceOrientations": [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft",
        "UIInterfaceOrientationLandscapeRight"],
    "UISupportedInterfaceOrientations~ipad": [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"],
    "UTExportedTypeDeclarations": [{
        "UTTypeConformsTo": ["com.apple.package", "public.content"],
        "UTTypeDescription": "Quill Note",
        "UTTypeIconFiles": [],
        "UTTypeIdentifier": "com.example.quill.note",
        "UTTypeTagSpecification": {"public.filename-extension": ["quill"],
                                   "public.mime-type": ["application/x-quill-note"]}}],
    "UTImportedTypeDeclarations": [{
        "UTTypeConformsTo": ["public.plain-text"],
        "UTTypeDescription": "Markdown",
        "UTTypeIdentifier": "net.daringfireball.markdown",
        "UTTypeTagSpecification": {"public.filename-extension": ["md", "markdown"],
                                   "public.mime-type": ["text/markdown"]}}],
}

REALISTIC_MAPS = {
    "BuildMachineOSBuild": "23D60",
    "CFBundleDevelopmentRegion": "en",
    "CFBundleDisplayName": "Wayfinder",
    "CFBundleDocumentTypes": [
        {"CFBundleTypeName": "GPS Exchange Format", "LSItemContentTypes": ["com.topografix.gpx"],
         "CFBundleTypeExtensions": ["gpx"], "CFBundleTypeMIMETypes": ["application/gpx+xml"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Default"},
        {"CFBundleTypeName": "Keyhole Markup Language", "LSItemContentTypes": ["com.google.earth.kml"],
         "CFBundleTypeExtensions": ["kml"],
         "CFBundleTypeMIMETypes": ["application/vnd.google-earth.kml+xml"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate"},
        {"CFBundleTypeName": "GeoJSON", "LSItemContentTypes": ["org.geojson.geojson"],
         "CFBundleTypeExtensions": ["geojson"], "CFBundleTypeMIMETypes": ["application/geo+json"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Default"},
    ],
    "CFBundleExecutable": "Wayfinder",
    "CFBundleIcons": {"CFBundlePrimaryIcon": {
        "CFBundleIconFiles": ["AppIcon60x60"], "CFBundleIconName": "AppIcon"},
        "CFBundleAlternateIcons": {"Night": {"CFBundleIconFiles": ["NightIcon60x60"],
                                             "UIPrerenderedIcon": False}}},
    "CFBundleIdentifier": "com.example.wayfinder",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleName": "Wayfinder",
    "CFBundlePackageType": "APPL",
    "CFBundleShortVersionString": "5.12",
    "CFBundleSupportedPlatforms": ["iPhoneOS"],
    "CFBundleURLTypes": [
        {"CFBundleURLName": "com.example.wayfinder", "CFBundleURLSchemes": ["wayfinder", "wayfinder-nav"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Owner"},
        {"CFBundleURLName": "com.example.wayfinder.geo", "CFBundleURLSchemes": ["geo"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate"},
        {"CFBundleURLName": "com.googleusercontent.apps.123456789012-abcdefghijklmnop",
         "CFBundleURLSchemes": ["com.googleusercontent.apps.123456789012-abcdefghijklmnop"],
         "CFBundleTypeRole": "Editor"},
        {"CFBundleURLSchemes": ["fb1234567890123"]},
    ],
    "CFBundleVersion": "51203",
    "DTCompiler": "com.apple.compilers.llvm.clang.1_0",
    "DTPlatformBuild": "21C52",
    "DTPlatformName": "iphoneos",
    "DTPlatformVersion": "17.2",
    "DTSDKBuild": "21C52",
    "DTSDKName": "iphoneos17.2",
    "DTXcode": "1520",
    "DTXcodeBuild": "15C500b",
    "LSApplicationCategoryType": "public.app-category.navigation",
    "LSApplicationQueriesSchemes": ["comgooglemaps", "waze", "citymapper", "uber", "lyft", "transit"],
    "LSRequiresIPhoneOS": True,
    "MKDirectionsApplicationSupportedModes": [
        "MKDirectionsModeCar", "MKDirectionsModePedestrian", "MKDirectionsModeBike"],
    "MinimumOSVersion": "15.0",
    "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": False, "NSAllowsLocalNetworking": True},
    "NSBluetoothAlwaysUsageDescription": "Wayfinder talks to your bike computer over Bluetooth.",
    "NSCameraUsageDescription": "Wayfinder shows walking directions over the camera view.",
    "NSLocationAlwaysAndWhenInUseUsageDescription":
        "Wayfinder keeps guiding you while the screen is off.",
    "NSLocationWhenInUseUsageDescription": "Wayfinder shows where you are on the map.",
    "NSMotionUsageDescription": "Wayfinder counts steps to improve walking directions.",
    "NSSiriUsageDescription": "Ask Siri to start navigation home.",
    "UIApplicationShortcutItems": [
        {"UIApplicationShortcutItemType": "com.example.wayfinder.home",
         "UIApplicationShortcutItemTitle": "Directions Home",
         "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeHome"},
        {"UIApplicationShortcutItemType": "com.example.wayfinder.share-location",
         "UIApplicationShortcutItemTitle": "Share My Location",
         "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeLocation"}],
    "UIBackgroundModes": ["location", "audio", "fetch"],
    "UIDeviceFamily": [1],
    "UILaunchStoryboardName": "LaunchScreen",
    "UIRequiredDeviceCapabilities": {"arm64": True, "gps": True, "location-services": True},
    "UIRequiresFullScreen": True,
    "UIStatusBarHidden": False,
    "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
    "UIViewControllerBasedStatusBarAppearance": True,
    "WayfinderBuildDate": BUILD_DATE,
    "WayfinderDefaultLatitude": 52.520008,
    "WayfinderDefaultLongitude": 13.404954,
    "WayfinderMaxZoom": 20.5,
    "WayfinderRouteSigningKey": FINGERPRINT,
    "WayfinderTileCacheMegabytes": 512,
    "WayfinderUTCOffsetMinutes": -300,
}

REALISTIC_MAIL = {
    "BuildMachineOSBuild": "23E224",
    "CFBundleAllowMixedLocalizations": True,
    "CFBundleDevelopmentRegion": "en",
    "CFBundleDisplayName": "Postbox",
    "CFBundleDocumentTypes": [
        {"CFBundleTypeName": "Email Message",
         "LSItemContentTypes": ["com.apple.mail.email", "public.email-message"],
         "CFBundleTypeExtensions": ["eml"], "CFBundleTypeMIMETypes": ["message/rfc822"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Default"},
        {"CFBundleTypeName": "Calendar Invitation", "LSItemContentTypes": ["public.calendar-event"],
         "CFBundleTypeExtensions": ["ics"], "CFBundleTypeMIMETypes": ["text/calendar"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate"},
        {"CFBundleTypeName": "Contact Card", "LSItemContentTypes": ["public.vcard"],
         "CFBundleTypeExtensions": ["vcf"], "CFBundleTypeMIMETypes": ["text/vcard", "text/x-vcard"],
         "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Alternate"},
    ],
    "CFBundleExecutable": "Postbox",
    "CFBundleIcons": {"CFBundlePrimaryIcon": {
        "CFBundleIconFiles": ["AppIcon60x60"], "CFBundleIconName": "AppIcon"}},
    "CFBundleIdentifier": "com.example.postbox",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleLocalizations": ["en", "de", "fr", "ja", "zh-Hans"],
    "CFBundleName": "Postbox",
    "CFBundlePackageType": "APPL",
    "CFBundleShortVersionString": "3.0",
    "CFBundleSupportedPlatforms": ["iPhoneOS"],
    "CFBundleURLTypes": [
        {"CFBundleURLName": "com.example.postbox", "CFBundleURLSchemes": ["postbox", "postbox-compose"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Owner"},
        {"CFBundleURLName": "com.example.postbox.mailto", "CFBundleURLSchemes": ["mailto"],
         "CFBundleTypeRole": "Editor", "LSHandlerRank": "Alternate"},
        {"CFBundleURLName": "com.example.postbox.oauth",
         "CFBundleURLSchemes": ["com.example.postbox.oauth"],
         "CFBundleTypeRole": "None", "LSHandlerRank": "None"},
    ],
    "CFBundleVersion": "3000.7",
    "DTCompiler": "com.apple.compilers.llvm.clang.1_0",
    "DTPlatformBuild": "21E210",
    "DTPlatformName": "iphoneos",
    "DTPlatformVersion": "17.4",
    "DTSDKBuild": "21E210",
    "DTSDKName": "iphoneos17.4",
    "DTXcode": "1530",
    "DTXcodeBuild": "15E204a",
    "ITSAppUsesNonExemptEncryption": True,
    "ITSEncryptionExportComplianceCode": "a1b2c3d4-0000-4e5f-9a8b-7c6d5e4f3a2b",
    "LSApplicationQueriesSchemes": ["googlegmail", "ms-outlook", "readdle-spark", "x-dispatch"],
    "LSRequiresIPhoneOS": True,
    "MinimumOSVersion": "16.4",
    "NSAppTransportSecurity": {"NSAllowsArbitraryLoadsInWebContent": True},
    "NSCalendarsFullAccessUsageDescription": "Postbox adds invitations you accept to your calendar.",
    "NSContactsUsageDescription": "Postbox suggests recipients from your contacts.",
    "NSFaceIDUsageDescription": "Face ID keeps your mailboxes private.",
    "NSPhotoLibraryUsageDescription": "Postbox attaches photos you choose to messages.",
    "NSUserActivityTypes": ["com.example.postbox.compose", "INSendMessageIntent"],
    "PostboxBuildDate": BUILD_DATE,
    "PostboxPushCertificateDigest": FINGERPRINT,
    "PostboxSyncIntervalSeconds": 900,
    "PostboxSyncJitter": 0.25,
    "UIApplicationExitsOnSuspend": False,
    "UIApplicationShortcutItems": [
        {"UIApplicationShortcutItemType": "com.example.postbox.compose",
         "UIApplicationShortcutItemTitle": "New Message",
         "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeCompose"}],
    "UIBackgroundModes": ["fetch", "remote-notification"],
    "UIDeviceFamily": [1, 2],
    "UILaunchScreen": {"UIColorName": "LaunchBackground", "UIImageRespectsSafeAreaInsets": True},
    "UIRequiredDeviceCapabilities": ["arm64"],
    "UISupportedInterfaceOrientations": [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft",
        "UIInterfaceOrientationLandscapeRight"],
}

add("valid/realistic-notes.plist", REALISTIC_NOTES,
    f"{len(REALISTIC_NOTES)} keys like a shipped notes app: 2 URL types, 3 document types")
add("valid/realistic-maps.plist", REALISTIC_MAPS,
    f"{len(REALISTIC_MAPS)} keys like a shipped maps app (binary, as in a built .ipa): "
    "4 URL types, 3 document types", fmt=BINARY)
add("valid/realistic-mail.plist", REALISTIC_MAIL,
    f"{len(REALISTIC_MAIL)} keys like a shipped mail app: 3 URL types (one is `mailto`), 3 document types")

SAMPLE = {
    "CFBundleIdentifier": "org.ferry.fixtures.sample",
    "CFBundleName": "Sample",
    "CFBundleVersion": "1",
    "CFBundleShortVersionString": "1.0",
    "CFBundleExecutable": "sample",
    "CFBundleURLTypes": [{"CFBundleURLName": "org.ferry.fixtures.sample",
                          "CFBundleURLSchemes": ["ferry-sample"],
                          "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Owner"}],
}
add("valid/Sample.app/Info.plist", SAMPLE,
    "an app bundle: `CFBundleExecutable` = `sample`, scheme `ferry-sample`")
FIXTURES.append(Fixture(
    "valid/Sample.app/sample",
    b"#!/bin/sh\n# Fixture handler: prints the URL it was given and its bundle id.\n"
    b"printf '%s %s\\n' \"${FERRY_BUNDLE_ID:-}\" \"$1\"\n",
    "raw", True, "the executable of `Sample.app` (mode 755); not a manifest", mode=0o755))

# ---- invalid -------------------------------------------------------------

xml_base = plist(base("truncated"))
add_raw("invalid/truncated.plist", xml_base[: len(xml_base) // 2],
        f"XML cut after {len(xml_base) // 2} of {len(xml_base)} bytes", NOT_A_PLIST)
add_raw("invalid/not-a-plist.plist",
        b"#!/bin/sh\necho 'this is a shell script, not a property list'\n",
        "a shell script", NOT_A_PLIST)
add_raw("invalid/empty-file.plist", b"", "0 bytes", NOT_A_PLIST)
add("invalid/root-is-array.plist", [base("root-is-array")],
    "the root is an array (holding a good manifest dictionary)", code=NOT_A_PLIST)

bad_utf8 = plist(base("invalid-utf8", CFBundleName="Bad PLACEHOLDER Name"))
assert bad_utf8.count(b"PLACEHOLDER") == 1
add_raw("invalid/invalid-utf8.plist", bad_utf8.replace(b"PLACEHOLDER", b"\xff\xfe"),
        "declared UTF-8, but `CFBundleName` holds the raw bytes 0xFF 0xFE. swift-foundation "
        "(Swift 6.3.1) only notices when that value is read: decoding `PropertyListValue` throws "
        "`DecodingError.typeMismatch` at `CFBundleName` (its text speaks of a Date)", NOT_A_PLIST)

binary_base = plist(base("binary-truncated"), BINARY)
add_raw("invalid/binary-truncated.plist", binary_base[:-10],
        f"binary plist without its last 10 bytes ({len(binary_base) - 10} of {len(binary_base)})",
        NOT_A_PLIST)

add("invalid/missing-identifier.plist", base("x", CFBundleIdentifier=None),
    "no `CFBundleIdentifier`", code=MISSING, key_path="CFBundleIdentifier")
add("invalid/identifier-not-reverse-dns.plist", base("x", CFBundleIdentifier="todo app"),
    "`\"todo app\"` is not reverse-DNS", code=INVALID, key_path="CFBundleIdentifier")
add("invalid/identifier-wrong-type.plist", base("x", CFBundleIdentifier=42),
    "an integer (42), not a string", code=WRONG_TYPE, key_path="CFBundleIdentifier")
add("invalid/url-types-not-array.plist",
    base("url-types-not-array",
         CFBundleURLTypes={"CFBundleURLName": "org.ferry.fixtures.url-types-not-array",
                           "CFBundleURLSchemes": ["fixture"]}),
    "a dictionary (one URL type not wrapped in an array)", code=WRONG_TYPE, key_path="CFBundleURLTypes")
add("invalid/url-type-not-dict.plist", base("url-type-not-dict", CFBundleURLTypes=["fixture"]),
    "the element is the string `fixture`, not a dictionary",
    code=WRONG_TYPE, key_path="CFBundleURLTypes[0]")
add("invalid/schemes-wrong-type.plist",
    base("schemes-wrong-type", CFBundleURLTypes=url_types([], CFBundleURLSchemes="fixture")),
    "a string (`fixture`), not an array", code=WRONG_TYPE,
    key_path="CFBundleURLTypes[0].CFBundleURLSchemes")
add("invalid/scheme-empty.plist", base("scheme-empty", CFBundleURLTypes=url_types([""])),
    "the scheme is `\"\"`", code=INVALID, key_path="CFBundleURLTypes[0].CFBundleURLSchemes[0]")
SCHEME_INVALID = base("scheme-invalid", CFBundleURLTypes=url_types(["todolist", "to do"]))
add("invalid/scheme-invalid.plist", SCHEME_INVALID,
    "second scheme `\"to do\"` has a space", code=INVALID,
    key_path="CFBundleURLTypes[0].CFBundleURLSchemes[1]")
add("invalid/scheme-starts-with-digit.plist",
    base("scheme-starts-with-digit", CFBundleURLTypes=url_types(["2do"])),
    "`\"2do\"` starts with a digit", code=INVALID, key_path="CFBundleURLTypes[0].CFBundleURLSchemes[0]")
add("invalid/scheme-unexpanded-variable.plist",
    base("scheme-unexpanded-variable",
         CFBundleURLTypes=url_types(["fixture", "$(PRODUCT_BUNDLE_IDENTIFIER)"])),
    "second scheme is the Xcode leftover `$(PRODUCT_BUNDLE_IDENTIFIER)`; `fixture` still works",
    code=INVALID, key_path="CFBundleURLTypes[0].CFBundleURLSchemes[1]", extra=True)
add("invalid/rank-unknown.plist", base("rank-unknown", CFBundleURLTypes=url_types(["fixture"], LSHandlerRank="Best")),
    "`\"Best\"` is not Owner, Default, Alternate or None", code=INVALID,
    key_path="CFBundleURLTypes[0].LSHandlerRank")
role_types = url_types(["fixture"], ["fixture-two"])
role_types[1]["CFBundleTypeRole"] = "Admin"
add("invalid/role-unknown.plist", base("role-unknown", CFBundleURLTypes=role_types),
    "in the second URL type, `\"Admin\"` is not Editor, Viewer, Shell or None", code=INVALID,
    key_path="CFBundleURLTypes[1].CFBundleTypeRole")
add("invalid/queries-wrong-type.plist", base("queries-wrong-type", LSApplicationQueriesSchemes="todolist"),
    "a string (`todolist`), not an array", code=WRONG_TYPE, key_path="LSApplicationQueriesSchemes")
add("invalid/exits-on-suspend-wrong-type.plist",
    base("exits-on-suspend-wrong-type", UIApplicationExitsOnSuspend="yes"),
    "the string `\"yes\"`, not a boolean", code=WRONG_TYPE, key_path="UIApplicationExitsOnSuspend")
add("invalid/program-arguments-empty.plist", base("program-arguments-empty", ProgramArguments=[]),
    "an empty array: no program to run", code=INVALID, key_path="ProgramArguments")
add("invalid/document-types-wrong-type.plist",
    base("document-types-wrong-type",
         CFBundleDocumentTypes={"CFBundleTypeName": "Plain Text",
                                "LSItemContentTypes": ["public.plain-text"]}),
    "a dictionary (one document type not wrapped in an array)", code=WRONG_TYPE,
    key_path="CFBundleDocumentTypes")
huge_bad = [f"s{i}" for i in range(9999)] + ["bad scheme"]
add("invalid/huge-invalid-array.plist", base("huge-invalid-array", CFBundleURLTypes=url_types(huge_bad)),
    "10,000 schemes; `s0` … `s9998` are fine, the last one is `\"bad scheme\"`", code=INVALID,
    key_path="CFBundleURLTypes[0].CFBundleURLSchemes[9999]")

# Beyond the original list; these follow Sources/FerryCore/Manifest as it is now.
add("invalid/scheme-invalid.binary.plist", SCHEME_INVALID,
    "`scheme-invalid.plist` in binary format", fmt=BINARY, code=INVALID,
    key_path="CFBundleURLTypes[0].CFBundleURLSchemes[1]", extra=True)
add("invalid/scheme-wrong-element-type.plist",
    base("scheme-wrong-element-type", CFBundleURLTypes=url_types(["fixture", 7])),
    "second scheme is the integer 7", code=WRONG_TYPE,
    key_path="CFBundleURLTypes[0].CFBundleURLSchemes[1]", extra=True)
add("invalid/url-schemes-missing.plist",
    base("url-schemes-missing", CFBundleURLTypes=url_types([], CFBundleURLSchemes=None)),
    "a URL type without `CFBundleURLSchemes`", code=MISSING,
    key_path="CFBundleURLTypes[0].CFBundleURLSchemes", extra=True)
add("invalid/url-schemes-empty-array.plist",
    base("url-schemes-empty-array", CFBundleURLTypes=url_types([])),
    "a URL type whose `CFBundleURLSchemes` is `[]`", code=INVALID,
    key_path="CFBundleURLTypes[0].CFBundleURLSchemes", extra=True)
doc_types = [
    {"CFBundleTypeName": "Plain Text", "LSItemContentTypes": ["public.plain-text"],
     "CFBundleTypeRole": "Viewer", "LSHandlerRank": "Default"},
    {"CFBundleTypeName": "Markdown", "LSItemContentTypes": ["net.daringfireball.markdown"],
     "CFBundleTypeRole": "Editor", "LSHandlerRank": "Primary"},
]
add("invalid/document-type-rank-unknown.plist",
    base("document-type-rank-unknown", CFBundleDocumentTypes=doc_types),
    "in the second document type, `\"Primary\"` is not a rank", code=INVALID,
    key_path="CFBundleDocumentTypes[1].LSHandlerRank", extra=True)
add("invalid/queries-scheme-invalid.plist",
    base("queries-scheme-invalid", LSApplicationQueriesSchemes=["todolist", "not valid"]),
    "second queried scheme `\"not valid\"` has a space", code=INVALID,
    key_path="LSApplicationQueriesSchemes[1]", extra=True)
add("invalid/background-modes-wrong-type.plist",
    base("background-modes-wrong-type", UIBackgroundModes="audio"),
    "a string (`audio`), not an array", code=WRONG_TYPE, key_path="UIBackgroundModes", extra=True)
add("invalid/program-arguments-wrong-element-type.plist",
    base("program-arguments-wrong-element-type", ProgramArguments=["./handler", 3]),
    "second argument is the integer 3", code=WRONG_TYPE, key_path="ProgramArguments[1]", extra=True)
add("invalid/executable-absolute.plist",
    base("executable-absolute", CFBundleExecutable="/usr/bin/fixture"),
    "`/usr/bin/fixture` is not relative to the bundle", code=INVALID,
    key_path="CFBundleExecutable", extra=True)
add("invalid/executable-leaves-bundle.plist",
    base("executable-leaves-bundle", CFBundleExecutable="../../../../bin/echo"),
    "`../../../../bin/echo` leaves the bundle", code=INVALID, key_path="CFBundleExecutable", extra=True)
add("invalid/program-arguments-leave-bundle.plist",
    base("program-arguments-leave-bundle", ProgramArguments=["bin/../../echo", "%u"]),
    "`bin/../../echo` leaves the bundle (a bare name or an absolute path is allowed)",
    code=INVALID, key_path="ProgramArguments[0]", extra=True)
add("invalid/app-kind-unknown.plist", base("app-kind-unknown", FerryAppKind="daemon"),
    "`\"daemon\"` is not `command` or `managed`", code=INVALID, key_path="FerryAppKind", extra=True)
add("invalid/version-wrong-type.plist", base("version-wrong-type", CFBundleVersion=3),
    "the integer 3, not a string (a common mistake)", code=WRONG_TYPE,
    key_path="CFBundleVersion", extra=True)


# --------------------------------------------------------------------------
# README
# --------------------------------------------------------------------------

def readme():
    out = []
    w = out.append
    w("# Manifest fixtures\n")
    w("Generated by `make_fixtures.py` (in this folder) with Python's `plistlib`; edit the script, "
      "not the files, and run\n")
    w("```sh\npython3 Tests/FerryCoreTests/Fixtures/make_fixtures.py          # rewrite everything\n"
      "python3 Tests/FerryCoreTests/Fixtures/make_fixtures.py --check  # fail if anything is stale\n```\n")
    w("The script checks every fixture against a small Python model of the manifest contract: a "
      "fixture in `valid/` has no problem, and a fixture in `invalid/` has **exactly one** (the one "
      "listed), so the order in which a parser checks keys does not matter. Fixing the listed key "
      "would make it load cleanly.\n")
    w("In `invalid/`, **no** means the manifest is skipped (the app is unusable: not a property "
      "list, no valid `CFBundleIdentifier`, or no safe way to start it: `CFBundleExecutable`, "
      "`ProgramArguments`, `FerryAppKind`); *drops* means the app loads without the entry at "
      "fault (the scheme, the URL or document type holding the faulty key, the list element, or "
      "the optional key), and that entry is the first of `Manifest.droppedEntries`.\n")
    w("Key paths use the form `CFBundleURLTypes[0].CFBundleURLSchemes[1]`; an empty key path "
      "(`—`) means the file as a whole. Codes are the `ManifestError.Code` names in "
      "`Sources/FerryCore/Manifest/ManifestError.swift`. Rows marked *(extra)* were not in the "
      "original list and follow the rules in `Sources/FerryCore/Manifest` as they are now.\n")
    w("Format: `XML` and `binary` are written by `plistlib`; `raw` files are made byte by byte.\n")

    def table(rows, invalid):
        if invalid:
            w("| file | format | loads | key path | code | problem |")
            w("|---|---|---|---|---|---|")
        else:
            w("| file | format | loads | what it covers |")
            w("|---|---|---|---|")
        for f in rows:
            name = f"`{f.path}`"
            loads = "yes" if f.loads else "**no**" if skips_app(f.code, f.key_path) else "drops"
            if invalid:
                about = f.about + (" *(extra)*" if f.extra else "")
                key_path = f"`{f.key_path}`" if f.key_path else "—"
                w(f"| {name} | {f.fmt} | {loads} | {key_path} | `{f.code}` | {about} |")
            else:
                loads = loads if f.path.endswith(".plist") else "n/a"
                w(f"| {name} | {f.fmt} | {loads} | {f.about} |")
        w("")

    w("## valid/ — must load\n")
    table([f for f in FIXTURES if f.path.startswith("valid/")], invalid=False)
    w("`valid/Sample.app/` is a bundle: load it as an app folder (or its `Info.plist` as a file). "
      "Code that lists `valid/*.plist` does not see it.\n")

    w("## invalid/ — one fault each: skipped (**no**) or loaded without the faulty entry (drops)\n")
    table([f for f in FIXTURES if f.path.startswith("invalid/")], invalid=True)

    w("## Expected values\n")
    w("### full.xml.plist and full.binary.plist\n")
    w("Both hold exactly this (values as written in the file):\n")
    w("| key | value |")
    w("|---|---|")
    for key in ("CFBundleIdentifier", "CFBundleName", "CFBundleDisplayName", "CFBundleVersion",
                "CFBundleShortVersionString", "CFBundleExecutable"):
        w(f"| `{key}` | `{FULL[key]}` |")
    w("| `ProgramArguments` | " + ", ".join(f"`{a}`" for a in FULL["ProgramArguments"])
      + " (wins over `CFBundleExecutable`) |")
    for i, t in enumerate(FULL["CFBundleURLTypes"]):
        w(f"| `CFBundleURLTypes[{i}]` | name `{t['CFBundleURLName']}`, schemes "
          + ", ".join(f"`{s}`" for s in t["CFBundleURLSchemes"])
          + f", role `{t['CFBundleTypeRole']}`, rank `{t['LSHandlerRank']}` |")
    for i, t in enumerate(FULL["CFBundleDocumentTypes"]):
        w(f"| `CFBundleDocumentTypes[{i}]` | name `{t['CFBundleTypeName']}`, UTIs "
          + ", ".join(f"`{s}`" for s in t["LSItemContentTypes"])
          + ", extensions " + ", ".join(f"`{s}`" for s in t["CFBundleTypeExtensions"])
          + ", MIME " + ", ".join(f"`{s}`" for s in t["CFBundleTypeMIMETypes"])
          + f", role `{t['CFBundleTypeRole']}`, rank `{t['LSHandlerRank']}` |")
    w("| `LSApplicationQueriesSchemes` | "
      + ", ".join(f"`{s}`" for s in FULL["LSApplicationQueriesSchemes"]) + " |")
    w("| `UIApplicationExitsOnSuspend` | `true` |")
    w("| `UIBackgroundModes` | " + ", ".join(f"`{s}`" for s in FULL["UIBackgroundModes"]) + " |")
    w("| `AcmeUnknownKey` | `kept, not interpreted` (the only key Ferry does not read) |")
    w("")
    w("`FerryAppKind` is not in it (so the kind is the default, `command`); "
      "`app-kind-managed.plist` covers that key.")
    w("")
    w("Mixed case on purpose: scheme `Acme.Full+v2`, queried scheme `Notes`, extension `ACMEX`, "
      "MIME type `Application/X-Acme-Index`. Schemes match without regard to case; the current "
      "Sources lowercase schemes, extensions and MIME types "
      "(`acme.full+v2`, `notes`, `acmex`, `application/x-acme-index`).\n")

    w("### Others\n")
    w("- `minimal.plist`: `CFBundleIdentifier` = `org.ferry.fixtures.minimal`, nothing else; no "
      "URL types, no document types, no program.")
    w("- The other small fixtures (in `valid/` and `invalid/`) start from one base, see `base()` "
      "in the script: `CFBundleIdentifier` `org.ferry.fixtures.<name>`, `CFBundleName` "
      "`Fixture`, `CFBundleExecutable` `fixture`, one URL type with scheme `fixture`, role "
      "`Viewer`, rank `Default`; then each changes what its row says.")
    w("- `url-type-defaults.plist`: the URL type has no `CFBundleURLName`, `CFBundleTypeRole` or "
      "`LSHandlerRank` (the current Sources default role `Editor`, rank `Default`).")
    w("- `schemes-mixed-case.plist`: one URL type with `TodoList`, `todolist`, `X-Callback.URL+1` "
      "(the current Sources lowercase and drop the duplicate: `todolist`, `x-callback.url+1`).")
    w("- `deeply-nested.plist`: `FerryFixtureDeeplyNested` is an array (depth 1) whose only "
      "element is an array, and so on down to depth 200, whose only element is the string "
      "`bottom`. Ferry does not read that key; it must be kept in the unknown keys.")
    w("- `huge-array.plist`: 10,000 schemes in one URL type, all distinct.")
    w("- `realistic-*.plist`: the Ferry keys are listed below; all other keys are unknown to Ferry "
      "and must be kept as read. Between them they hold every property-list type: dates "
      "(`2024-03-14T09:26:53Z`), data (20 bytes), integers (`UIDeviceFamily` = [1, 2], `250`, "
      "`-300`, and `CFBundleTypeIconSystemGenerated` = 1 inside a document type), reals "
      "(`1.35`, `0.25`, `20.5`, `52.520008`, `13.404954`), booleans, nested dictionaries and "
      "arrays of dictionaries. No real holds a whole number: a decoder may read `2.0` back as "
      "the integer 2.")
    w("")
    for name, m in (("realistic-notes.plist", REALISTIC_NOTES),
                    ("realistic-maps.plist", REALISTIC_MAPS),
                    ("realistic-mail.plist", REALISTIC_MAIL)):
        w(f"#### {name}\n")
        w(f"`CFBundleIdentifier` `{m['CFBundleIdentifier']}`, `CFBundleExecutable` "
          f"`{m['CFBundleExecutable']}`, `CFBundleVersion` `{m['CFBundleVersion']}`, "
          f"`CFBundleShortVersionString` `{m['CFBundleShortVersionString']}`, "
          f"{len(m)} top-level keys.\n")
        w("| URL type | name | schemes | role | rank |")
        w("|---|---|---|---|---|")
        for i, t in enumerate(m["CFBundleURLTypes"]):
            w(f"| {i} | {('`' + t['CFBundleURLName'] + '`') if 'CFBundleURLName' in t else '—'} | "
              + ", ".join(f"`{s}`" for s in t["CFBundleURLSchemes"])
              + f" | {t.get('CFBundleTypeRole', '—')} | {t.get('LSHandlerRank', '—')} |")
        w("")
        w("| document type | name | UTIs | extensions | MIME types | role | rank |")
        w("|---|---|---|---|---|---|---|")
        for i, t in enumerate(m["CFBundleDocumentTypes"]):
            def cell(key):
                return ", ".join(f"`{s}`" for s in t[key]) if key in t else "—"
            w(f"| {i} | {t['CFBundleTypeName']} | {cell('LSItemContentTypes')} | "
              f"{cell('CFBundleTypeExtensions')} | {cell('CFBundleTypeMIMETypes')} | "
              f"{t.get('CFBundleTypeRole', '—')} | {t.get('LSHandlerRank', '—')} |")
        w("")
        extras = [k for k in ("LSApplicationQueriesSchemes", "UIBackgroundModes") if k in m]
        for k in extras:
            w(f"- `{k}`: " + ", ".join(f"`{s}`" for s in m[k]))
        if "UIApplicationExitsOnSuspend" in m:
            w(f"- `UIApplicationExitsOnSuspend`: `{str(m['UIApplicationExitsOnSuspend']).lower()}`")
        else:
            w("- `UIApplicationExitsOnSuspend`: absent")
        w("")
    w("`realistic-mail.plist` claims `mailto` (rank Alternate) and `realistic-maps.plist` claims "
      "`geo` (rank Alternate); both schemes are reserved by the built-in manifests in `schemes/`. "
      "The manifests are still valid: ignoring such a claim is the registry's job, not the "
      "parser's. `realistic-maps.plist` writes `UIRequiredDeviceCapabilities` as a dictionary of "
      "booleans (the other two use an array of strings) and has a URL type with only "
      "`CFBundleURLSchemes`; some URL types and document types carry keys Ferry does not read "
      "(`LSTypeIsPackage`, `CFBundleTypeIconSystemGenerated`).\n")
    return "\n".join(out).rstrip("\n") + "\n"


# --------------------------------------------------------------------------
# Checking and writing
# --------------------------------------------------------------------------

def verify():
    problems = []
    seen = set()
    for f in FIXTURES:
        if f.path in seen:
            problems.append(f"{f.path}: listed twice")
        seen.add(f.path)
        if len(f.data) > 1_000_000:
            problems.append(f"{f.path}: {len(f.data)} bytes, over 1 MB")
        if not f.path.endswith(".plist"):
            continue
        issues = reference_issues(f.data)
        expected = [] if f.loads else [(f.code, f.key_path)]
        if issues != expected:
            problems.append(f"{f.path}: expected {expected}, the model finds {issues}")
        if f.fmt == "XML":
            head = f.data[:200]
            if not (head.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
                    and b"<!DOCTYPE plist PUBLIC" in head and b'<plist version="1.0">' in head):
                problems.append(f"{f.path}: XML without the Apple header")
        if f.fmt == "binary" and not f.data.startswith(b"bplist00"):
            problems.append(f"{f.path}: not a binary plist")
    if problems:
        sys.exit("make_fixtures.py: the corpus is inconsistent:\n  " + "\n  ".join(problems))


def outputs():
    files = {f.path: (f.data, f.mode) for f in FIXTURES}
    files["README.md"] = (readme().encode("utf-8"), 0o644)
    return files


def existing_files():
    found = set()
    for folder in ("valid", "invalid"):
        for root, _, names in os.walk(HERE / folder):
            for name in names:
                found.add(str((Path(root) / name).relative_to(HERE)).replace(os.sep, "/"))
    return found


def main(argv):
    check = argv[1:] == ["--check"]
    if argv[1:] and not check:
        sys.exit(__doc__)
    verify()
    files = outputs()
    stale = []
    for path, (data, mode) in sorted(files.items()):
        target = HERE / path
        current = target.read_bytes() if target.exists() else None
        current_mode = (target.stat().st_mode & 0o777) if target.exists() else None
        if current == data and (current_mode & 0o111) == (mode & 0o111):
            continue
        stale.append(path)
        if not check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            os.chmod(target, mode)
    unknown = sorted(existing_files() - set(files))
    if check:
        if stale or unknown:
            sys.exit("make_fixtures.py --check: out of date: "
                     + ", ".join(stale + [f"{p} (not generated)" for p in unknown]))
        print(f"make_fixtures.py: {len(files)} files up to date")
        return
    for path in unknown:
        print(f"make_fixtures.py: note: {path} is not generated by this script", file=sys.stderr)
    print(f"make_fixtures.py: {len(files)} files, {len(stale)} written")


if __name__ == "__main__":
    main(sys.argv)
