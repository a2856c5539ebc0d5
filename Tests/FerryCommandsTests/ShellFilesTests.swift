import Foundation
import Testing
import FerryTestSupport

/// The completion scripts and the man page generated from the argument parser load in the real
/// shells and render with the real man (bash's check is in CommandsEndToEndTests).
@Suite(.offThePool) struct ShellFilesTests {
    static func installed(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// `generate-manual-tool`, swift-argument-parser's man page generator (the engine of its
    /// generate-manual plugin), built beside ferry by `swift build --product generate-manual`
    /// (scripts/test does).
    static var manualTool: String {
        // SwiftPM names the built tool generate-manual-tool or generate-manual.
        let folder = URL(fileURLWithPath: FerryWorld.binary).deletingLastPathComponent()
        let tool = folder.appendingPathComponent("generate-manual-tool").path
        return FileManager.default.isExecutableFile(atPath: tool) ? tool : folder.appendingPathComponent("generate-manual").path
    }

    func shell(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> FerryWorld.Outcome {
        try FerryWorld.runProgram(program, arguments, environment: environment)
    }

    func script(_ world: FerryWorld, _ shell: String, to file: String) throws {
        let script = try world.run("--generate-completion-script", shell)
        #expect(script.status == 0)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try script.stdout.write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test(.enabled(if: installed("/usr/bin/zsh"), "zsh not installed (apt-get install zsh)"))
    func theZshCompletionScriptLoads() throws {
        let world = try FerryWorld()
        try script(world, "zsh", to: world.root + "/zsh/_ferry")
        let outcome = try shell("/usr/bin/zsh", ["-f", "-c", "fpath=(\"$1\" $fpath); autoload -Uz compinit; compinit -u -d \"$1/.zcompdump\"; print -r -- ${_comps[ferry]}; autoload +X _ferry && whence -w _ferry", "zsh", world.root + "/zsh"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "_ferry\n_ferry: function\n")
    }

    @Test(.enabled(if: installed("/usr/bin/fish"), "fish not installed (apt-get install fish)"))
    func theFishCompletionScriptLoadsAndCompletes() throws {
        let world = try FerryWorld()
        try script(world, "fish", to: world.root + "/ferry.fish")
        let outcome = try shell("/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; and complete -C'ferry integ'; and complete -C'ferry open --exp'", world.root + "/ferry.fish"],
                                environment: ["HOME": world.root, "PATH": "/usr/bin:/bin"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("integrate\tLet xdg-open and gio open hand the schemes of Ferry's apps to Ferry."))
        #expect(outcome.stdout.contains("--explain\t"))
    }

    @Test(.enabled(if: installed(manualTool) && installed("/usr/bin/man"), "needs generate-manual-tool (swift build --product generate-manual) and man"))
    func theManPageRendersWithoutWarnings() throws {
        let world = try FerryWorld()
        try FileManager.default.createDirectory(atPath: world.root + "/man1", withIntermediateDirectories: true)
        let generated = try shell(Self.manualTool, [FerryWorld.binary, "--date", "2026-01-01", "-o", world.root + "/man1"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let page = world.root + "/man1/ferry.1"
        let rendered = try shell("/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout.contains("ferry — Open URLs with the apps that declare them, iOS-style."))
        for command in ["integrate", "open", "schemes", "daemon"] { #expect(rendered.stdout.contains("     \(command)")) }
        #expect(rendered.stdout.contains("--install-service"))
        if Self.installed("/usr/bin/groff") {
            let lint = try shell("/usr/bin/groff", ["-mandoc", "-Tutf8", "-ww", "-z", page])
            #expect(lint.stderr.isEmpty, "\(lint.stderr)")
        }
    }
}
