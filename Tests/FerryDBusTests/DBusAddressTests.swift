import Testing
@testable import FerryDBus

@Suite struct DBusAddressTests {
    @Test func sessionAddressFromTheEnvironmentWins() {
        let env = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x/bus", "XDG_RUNTIME_DIR": "/run/user/7"]
        #expect(DBusAddress.session(environment: env, userID: 7, socketExists: { _ in true }) == "unix:path=/x/bus")
    }

    @Test func sessionFallsBackToTheUserManagersBus() {
        let env = ["XDG_RUNTIME_DIR": "/run/user/7"]
        #expect(DBusAddress.session(environment: env, userID: 7, socketExists: { $0 == "/run/user/7/bus" }) == "unix:path=/run/user/7/bus")
        #expect(DBusAddress.session(environment: [:], userID: 9, socketExists: { $0 == "/run/user/9/bus" }) == "unix:path=/run/user/9/bus")
    }

    @Test func noSessionBusWhenNothingIsThere() {
        #expect(DBusAddress.session(environment: ["XDG_RUNTIME_DIR": "/nowhere"], userID: 7, socketExists: { _ in false }) == nil)
    }

    @Test func systemAddress() {
        #expect(DBusAddress.system(environment: [:]) == "unix:path=/run/dbus/system_bus_socket")
        #expect(DBusAddress.system(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/s"]) == "unix:path=/s")
    }

    @Test func unixPathsAreEscaped() {
        #expect(DBusAddress.unixPath("/run/a b,c=d;é") == "unix:path=/run/a%20b%2Cc%3Dd%3B%C3%A9")
    }

    @Test func matchRulesQuoteValues() {
        let match = DBusMatch(sender: "org.freedesktop.Notifications", interface: "a.b", member: "C", arg0: "it's")
        #expect(match.rule == #"type='signal',sender='org.freedesktop.Notifications',interface='a.b',member='C',arg0='it'\''s'"#)
    }

    @Test func signatures() {
        let image = DBusValue.structure([.int32(1), .int32(1), .int32(4), .boolean(true), .int32(8), .int32(4), .bytes([1, 2, 3, 4])])
        #expect(image.signature == "(iiibiiay)")
        #expect(DBusValue.vardict([:]).signature == "a{sv}")
        #expect(DBusValue.strings([]).signature == "as")
    }
}
