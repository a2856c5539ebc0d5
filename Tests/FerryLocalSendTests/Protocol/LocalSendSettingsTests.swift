import Testing
@testable import FerryLocalSend

@Suite struct LocalSendSettingsTests {
    @Test func defaultsAreLocalSendsOwn() {
        let settings = LocalSendSettings(environment: [:])
        #expect(settings.port == 53317)
        #expect(settings.group == "224.0.0.167")
        #expect(settings.multicastPort == 53317)
        #expect(settings.multicast)
        #expect(settings.pin == nil)
    }

    @Test func offTurnsTheAPIOffAndEveryVariableIsRead() {
        let settings = LocalSendSettings(environment: [
            "FERRY_LOCALSEND_PORT": "off", "FERRY_LOCALSEND_GROUP": "224.0.0.200", "FERRY_LOCALSEND_MULTICAST_PORT": "53400",
            "FERRY_LOCALSEND_MULTICAST": "off", "FERRY_LOCALSEND_PIN": "4711", "FERRY_LOCALSEND_DEVICE_TYPE": "headless",
        ])
        #expect(settings.port == nil)
        #expect(settings.group == "224.0.0.200")
        #expect(settings.multicastPort == 53400)
        #expect(!settings.multicast)
        #expect(settings.pin == "4711")
        #expect(settings.deviceType == .headless)
    }

    @Test func aPortOutOfRangeKeepsTheDefault() {
        #expect(LocalSendSettings(environment: ["FERRY_LOCALSEND_PORT": "70000"]).port == 53317)
        #expect(LocalSendSettings(environment: ["FERRY_LOCALSEND_PORT": "0"]).port == 0)
    }
}
