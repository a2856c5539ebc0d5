import Foundation
import Testing
import FerryTestSupport

/// `ferry integrate` says where xdg-open will not follow it (issue 29): Debian's xdg-open asks
/// scheme handlers only with DISPLAY or WAYLAND_DISPLAY set.
@Suite(.offThePool) struct IntegrateDisplayEndToEndTests {
    @Test(arguments: [[:], ["DISPLAY": ":0"], ["WAYLAND_DISPLAY": "wayland-0"]])
    func withoutADisplayItSaysXdgOpenWillNotAsk(_ display: [String: String]) throws {
        let world = try FerryWorld()
        try world.addRecorder("com.acme.todo", schemes: ["todolist"])
        world.extraEnvironment["DISPLAY"] = ""
        world.extraEnvironment["WAYLAND_DISPLAY"] = ""
        world.extraEnvironment.merge(display) { $1 }
        let outcome = try world.run("integrate")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let note = outcome.stdout.contains("Debian's xdg-open consults scheme handlers only when one is set; here use `gio open URL` or `ferry open URL`")
        #expect(note == display.isEmpty, "\(outcome.stdout)")
    }
}
