import NIOCore

/// Hands on a copy of each decrypted buffer of exactly its bytes, so that the TLS handler's own
/// read buffer is no longer shared when the next bytes arrive.
///
/// NIOSSL decrypts into one buffer per read burst and passes it on; the body parts cut from it are
/// still held (queued for the file thread) when the next burst comes, so NIOSSL's next write into
/// it copied its whole capacity, stale bytes included, into a newly allocated buffer: a fifth of
/// the receiving ferryd's CPU on a 1 GiB upload (memmove and page faults). Copying only the bytes
/// that came costs less, and the TLS buffer is then reused in place.
final class PlaintextHandoff: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let decrypted = unwrapInboundIn(data)
        var copy = context.channel.allocator.buffer(capacity: decrypted.readableBytes)
        copy.writeImmutableBuffer(decrypted)
        context.fireChannelRead(wrapInboundOut(copy))
    }
}
