import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An inotify descriptor whose events keep their names and rename cookies (``InotifyStream``
/// keeps neither: the registry only needs to know that something changed), read on a thread of
/// its own. Lives as long as ferryd.
final class NamedInotify: Sendable {
    /// One `struct inotify_event`.
    struct Event: Sendable, Equatable {
        var watch: Int32
        var mask: UInt32
        var cookie: UInt32
        var name: String
    }

    /// One batch per read.
    let events: AsyncStream<[Event]>
    private let fd: Int32?

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: [Event].self)
        events = stream
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else {
            self.fd = nil
            continuation.finish()
            return
        }
        self.fd = fd
        BlockingThread.start {
            var buffer = [UInt8](repeating: 0, count: 16384)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield(Self.parse(buffer[..<count]))
            }
            continuation.finish()
        }
    }

    /// Watches `path` for `mask`. - Returns: The watch descriptor, or nil when it cannot be watched.
    func watch(_ path: String, mask: UInt32) -> Int32? {
        guard let fd else { return nil }
        let wd = inotify_add_watch(fd, path, mask)
        return wd >= 0 ? wd : nil
    }

    /// The whole `struct inotify_event`s in `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        var offset = bytes.startIndex
        let header = 16
        while offset + header <= bytes.endIndex {
            func word(_ at: Int) -> UInt32 {
                bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex + at, as: UInt32.self) }
            }
            let length = Int(word(12))
            let nameBytes = bytes[(offset + header)..<min(bytes.endIndex, offset + header + length)]
            events.append(Event(watch: Int32(bitPattern: word(0)), mask: word(4), cookie: word(8),
                                name: String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
            offset += header + length
        }
        return events
    }
}
