import ArgumentParser
import FerryCore
import FoundationEssentials

extension Ferry {
    struct Receiving: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Who may send files here: off, contacts (trusted peers; the default) or everyone (for 10 minutes).")

        @Argument(help: ArgumentHelp("off, contacts or everyone; without it, show the mode.", valueName: "mode"), completion: Completions.receivingModes)
        var mode: String?

        @OptionGroup var output: OutputOptions

        /// -v: where ferryd takes transfers, from the port file it writes once bound.
        static func listener(_ context: Context) -> String {
            let file = DaemonSocket.path(environment: context.environment) + ".transfer-port"
            guard let port = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap({ Int($0.filter(\.isNumber)) }) else {
                return "ferryd takes no Ferry transfers (FERRY_TRANSFER_PORT=off, or its listener failed: see its log)"
            }
            return "ferryd takes Ferry transfers on port \(port) (\(file))"
        }

        struct Result: Encodable {
            var mode: String
            var message: String?
        }

        func validate() throws {
            if let mode, ClientRequest.Receiving.Mode(rawValue: mode) == nil {
                throw ValidationError("unknown mode \(mode.debugDescription); use off, contacts or everyone")
            }
        }

        func run() throws {
            let result = try TransferRequest.send(.receiving(.init(mode: mode.flatMap(ClientRequest.Receiving.Mode.init(rawValue:)))))
            output.detail(Self.listener(Context()))
            output.emit(Result(mode: result.mode?.rawValue ?? "?", message: result.message)) {
                "receiving: \(result.mode?.rawValue ?? "?")" + (result.message.map { " (\($0))" } ?? "")
            }
        }
    }
}

/// One transfer request to ferryd; a failed result becomes a ``CommandFailure``.
enum TransferRequest {
    static func send(_ request: ClientRequest) throws -> DaemonReply.Result {
        let result = try DaemonClient.connect(Context()).request(request)
        guard result.outcome != .failed else {
            throw CommandFailure(message: result.message ?? "\(request.type) failed", exit: result.exit(or: FerryExit.transferFailed))
        }
        return result
    }
}
