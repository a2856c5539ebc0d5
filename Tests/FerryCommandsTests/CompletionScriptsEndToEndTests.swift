import Foundation
import Testing
import FerryTestSupport

/// The completion scripts argument-parser generates, run in the real shells against a temporary
/// registry: TAB must reach `ferry ---completion` and come back with the live values.
@Suite(.offThePool) struct CompletionScriptsEndToEndTests {
    static func installed(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// A world with one app (com.example.todo, scheme todolist), `ferry` in a PATH folder of its
    /// own (the scripts run the word they complete) and a folder with a photo.jpg to start in.
    func world() throws -> FerryWorld {
        let world = try FerryWorld()
        try world.addRecorder("com.example.todo", schemes: ["todolist"])
        for folder in ["/bin", "/work", "/home"] {
            try FileManager.default.createDirectory(atPath: world.root + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: world.root + "/bin/ferry", withDestinationPath: FerryWorld.binary)
        _ = FileManager.default.createFile(atPath: world.root + "/work/photo.jpg", contents: Data("x".utf8))
        return world
    }

    func environment(_ world: FerryWorld) -> [String: String] {
        var environment = world.environment
        environment["PATH"] = world.root + "/bin:/usr/bin:/bin"
        environment["HOME"] = world.root + "/home"
        environment["TERM"] = "dumb"
        return environment
    }

    func script(_ world: FerryWorld, _ shell: String) throws -> String {
        let script = try world.run("--generate-completion-script", shell)
        #expect(script.status == 0, "\(script.stderr)")
        return script.stdout
    }

    // MARK: bash

    /// COMPREPLY after completing `line` (its end is the cursor), one candidate per line.
    func bashCompletes(_ world: FerryWorld, _ lines: [String]) throws -> [[String]] {
        let file = world.root + "/ferry.bash"
        try script(world, "bash").write(toFile: file, atomically: true, encoding: .utf8)
        let program = """
            cd "$2" && source "$1" || exit 9
            complete_line() {
                COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
                read -ra COMP_WORDS <<<"$COMP_LINE"
                [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
                _ferry ferry "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"; printf '%s\\n' '--'
            }
            shift 2
            for line in "$@"; do complete_line "$line"; done
            """
        let outcome = try FerryWorld.runProgram("/bin/bash", ["--norc", "--noprofile", "-c", program, "bash", file, world.root + "/work"] + lines,
                                                environment: environment(world))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let blocks = outcome.stdout.components(separatedBy: "--\n").dropLast()
        return blocks.map { $0.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    @Test func bashCompletesLiveValuesAndPaths() throws {
        let world = try world()
        let replies = try bashCompletes(world, [
            "ferry quit com.ex", "ferry quit ", "ferry default todo", "ferry open --app com.ex", "ferry open tod",
            "ferry open ph", "ferry send ph", "ferry install ph", "ferry receiving e", "ferry trust re", "ferry accept ",
            "ferry state com.ex",
        ])
        #expect(replies.count == 12)
        guard replies.count == 12 else { return }
        #expect(replies[0] == ["com.example.todo"])
        #expect(replies[1].contains("com.example.todo"))
        // Only bundle identifiers: no usage text, no error line.
        #expect(replies[1].allSatisfy { $0.range(of: "^[A-Za-z0-9.-]+$", options: .regularExpression) != nil }, "\(replies[1])")
        #expect(replies[2] == ["todolist"])
        #expect(replies[3] == ["com.example.todo"])
        #expect(replies[4] == ["todolist:"])
        #expect(replies[5] == ["photo.jpg"])
        #expect(replies[6] == ["photo.jpg"])
        #expect(replies[7] == ["photo.jpg"])
        #expect(replies[8] == ["everyone"])
        #expect(replies[9] == ["revoke"])
        #expect(replies[10].isEmpty, "no ferryd, no offers")
        #expect(replies[11] == ["com.example.todo"])
        // Completion never starts ferryd.
        #expect(world.daemonPID == nil)
        #expect(!FileManager.default.fileExists(atPath: world.socket))
    }

    @Test func bashCompletesPeersFromARunningFerryd() throws {
        let world = try world()
        let added = try world.run("peers", "add", "127.0.0.1:4242")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(world.daemonPID != nil)
        let replies = try bashCompletes(world, ["ferry send --to 127", "ferry peers remove 127", "ferry accept "])
        #expect(replies.count == 3)
        guard replies.count == 3 else { return }
        #expect(replies[0] == ["127.0.0.1:4242"])
        #expect(replies[1] == ["127.0.0.1:4242"])
        #expect(replies[2].isEmpty)
    }

    // MARK: fish and zsh, interactive in a pseudo-terminal

    /// Starts `shell` interactive in a pty, runs `setup`, types `typed` and TAB, and reads what
    /// the terminal shows until `expected` appears (exit 0) or 20 s pass (exit 1). (fish 3's
    /// `complete -C` cannot give the cursor argument-parser's fish script asks for, so TAB is
    /// pressed for real.)
    static let tabInPty = """
        import json, os, pty, select, sys, time
        argv, setup, typed, expected = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4].encode()
        pid, fd = pty.fork()
        if pid == 0:
            os.execvp(argv[0], argv)
        def read(until, seconds):
            out, end = b"", time.time() + seconds
            while time.time() < end and not (until and until in out):
                r, _, _ = select.select([fd], [], [], 0.2)
                if not r: continue
                try: chunk = os.read(fd, 65536)
                except OSError: break
                if not chunk: break
                out += chunk
            return out
        # The marker as printed differs from the marker as typed (which the terminal echoes).
        os.write(fd, setup.encode() + b"; echo __SET''UP__\\r")
        read(b"__SETUP__", 20)
        os.write(fd, typed.encode() + b"\\t")
        shown = read(expected, 20)
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        sys.stdout.write(shown.decode("utf-8", "replace"))
        sys.exit(0 if expected in shown else 1)
        """

    /// Whether TAB after `typed` made the shell show `expected`.
    func tab(_ world: FerryWorld, _ shell: [String], setup: String, typed: String, shows expected: String) throws -> Bool {
        let argv = String(decoding: try JSONSerialization.data(withJSONObject: shell), as: UTF8.self)
        let outcome = try FerryWorld.runProgram("/usr/bin/python3", ["-c", Self.tabInPty, argv, setup, typed, expected],
                                                environment: environment(world))
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        if outcome.status != 0 { print("after TAB on \(typed.debugDescription), \(shell[0]) showed: \(outcome.stdout.debugDescription)") }
        return outcome.status == 0
    }

    @Test(.enabled(if: installed("/usr/bin/fish") && installed("/usr/bin/python3"), "needs fish and python3 (apt-get install fish python3)"))
    func fishCompletesLiveValues() throws {
        let world = try world()
        let file = world.root + "/ferry.fish"
        try script(world, "fish").write(toFile: file, atomically: true, encoding: .utf8)
        let shell = ["/usr/bin/fish", "--no-config", "-i"]
        let setup = "cd \(world.root)/work; source \(file)"
        #expect(try tab(world, shell, setup: setup, typed: "ferry quit com.ex", shows: "ferry quit com.example.todo"))
        #expect(try tab(world, shell, setup: setup, typed: "ferry default todo", shows: "ferry default todolist"))
        #expect(try tab(world, shell, setup: setup, typed: "ferry send ph", shows: "ferry send photo.jpg"))
        #expect(world.daemonPID == nil)
    }

    @Test(.enabled(if: installed("/usr/bin/zsh") && installed("/usr/bin/python3"), "needs zsh and python3 (apt-get install zsh python3)"))
    func zshCompletesLiveValues() throws {
        let world = try world()
        try FileManager.default.createDirectory(atPath: world.root + "/zsh", withIntermediateDirectories: true)
        try script(world, "zsh").write(toFile: world.root + "/zsh/_ferry", atomically: true, encoding: .utf8)
        let shell = ["/usr/bin/zsh", "-f", "-i"]
        let setup = "cd \(world.root)/work; fpath=(\(world.root)/zsh $fpath); autoload -Uz compinit; compinit -u -d \(world.root)/zsh/.zcompdump"
        #expect(try tab(world, shell, setup: setup, typed: "ferry quit com.ex", shows: "ferry quit com.example.todo"))
        #expect(try tab(world, shell, setup: setup, typed: "ferry default todo", shows: "ferry default todolist"))
        #expect(try tab(world, shell, setup: setup, typed: "ferry send ph", shows: "ferry send photo.jpg"))
        #expect(world.daemonPID == nil)
    }
}
