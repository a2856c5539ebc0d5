import FerryCore
import Testing
@testable import FerryDaemon

@Suite struct ProtectionRequestsTests {
    @Test(arguments: [
        ProtectionRequest.unlock(.init(data: "cGFzcw==")), .lock(.init(mode: .now)), .status,
    ])
    func withoutProtectionEachRequestIsUnavailable(_ request: ProtectionRequest) async {
        let result = await ProtectionRequests.serve(request, nil)
        #expect(result == DaemonReply.Result(outcome: .unavailable, message: "this ferryd runs without data protection"))
    }
}
