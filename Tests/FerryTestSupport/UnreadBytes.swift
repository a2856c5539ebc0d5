// Only test builds use it (see OffThePool.swift).
#if canImport(Testing)
import Foundation

/// How many bytes wait unread in the pipe or FIFO `fd` reads from (FIONREAD): a full one (64 KiB)
/// means its writer is stalled in write(2).
public func unreadBytes(_ fd: Int32) -> Int32 {
    var count: Int32 = 0
    _ = ioctl(fd, UInt(FIONREAD), &count)
    return count
}
#endif
