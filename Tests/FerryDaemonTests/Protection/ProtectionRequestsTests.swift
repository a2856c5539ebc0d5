import FerryCore
import Testing
@testable import FerryDaemon

@Suite struct ProtectionRequestsTests {
    @Test(arguments: [
        ProtectionRequest.unlock(.init(id: 1, data: "cGFzcw==")), .lock(.init(id: 1, mode: .now)), .status(.init(id: 1)),
    ])
    func withoutProtectionEachRequestIsUnavailable(_ request: ProtectionRequest) async {
        let result = await ProtectionRequests.serve(request, nil)
        #expect(result == DaemonReply.Result(1, outcome: .unavailable, message: "this ferryd runs without data protection"))
    }
}
