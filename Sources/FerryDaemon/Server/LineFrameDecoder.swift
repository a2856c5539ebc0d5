import FerryCore
import NIOCore
import NIOExtras

/// Splits the byte stream into newline-terminated frames with swift-nio-extras' decoder; the
/// handler refuses a line that reaches the protocol's limit (newline included) before its newline
/// arrives, so a peer that never sends one cannot make ferryd buffer more than 1 MiB.
enum LineFrameDecoder {
    static func handler() -> ByteToMessageHandler<LineBasedFrameDecoder> {
        // `maximumBufferSize` is exceeded at one byte more: maximumLength bytes with no newline fail.
        ByteToMessageHandler(LineBasedFrameDecoder(), maximumBufferSize: WireCodec.maximumLength - 1)
    }
}
