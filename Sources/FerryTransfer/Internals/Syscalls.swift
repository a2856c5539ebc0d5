import CFerrySys
import NIOCore
import NIOPosix
import Synchronization

/// `syncfs(2)`: flushes the file system holding `fd` (through CFerrySys: glibc declares it only
/// under _GNU_SOURCE).
func systemSyncFS(_ fd: Int32) -> Int32 { ferry_syncfs(fd) }

/// `malloc_trim(3)`: gives the heap's free pages back to the system (through CFerrySys: it lives
/// in `malloc.h`, which glibc's Swift module does not include).
func systemMallocTrim(_ pad: Int) -> Int32 { ferry_malloc_trim(pad) }

/// After a transfer, the memory it freed goes back to the system: decoding a 10,000-file offer
/// leaves tens of MB free but held in glibc's heaps, which would count against ferryd's RSS for as
/// long as it runs. At most once per ``trimInterval`` (``HeapTrimSchedule``): a trim walks every
/// heap, and one per closed connection left ferryd unresponsive for minutes after thousands of
/// connections; a request within the interval is served at its end, on an event loop. Returns
/// whether it trimmed now.
@discardableResult
func releaseFreedMemory(now: ContinuousClock.Instant = .now) -> Bool {
    switch heapTrims.withLock({ $0.request(at: now) }) {
    case .trimNow:
        _ = systemMallocTrim(0)
        return true
    case .trimLater(let due):
        let (seconds, attoseconds) = (due - now).components
        let wait = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: wait) {
            heapTrims.withLock { $0.deferredTrimDue(at: .now) }
            _ = systemMallocTrim(0)
        }
        return false
    case .nothing:
        return false
    }
}

/// The shortest time between two heap trims: the trim after a 10,000-file offer took 118 madvise
/// calls, 7 ms under strace, so even a flood of connections spends under 1 % of a core on them.
let trimInterval = Duration.seconds(1)
private let heapTrims = Mutex(HeapTrimSchedule(interval: trimInterval))

/// `renameat2(2)`, for `RENAME_NOREPLACE`: a checked file moves into an Inbox in one call and never
/// replaces a file there (through CFerrySys: declared by glibc only under _GNU_SOURCE).
func systemRenameAt2(_ oldDirectory: Int32, _ old: UnsafePointer<CChar>, _ newDirectory: Int32,
                     _ new: UnsafePointer<CChar>, _ flags: UInt32) -> Int32 {
    ferry_renameat2(oldDirectory, old, newDirectory, new, flags)
}

/// `renameat2`'s flag: fail with `EEXIST` rather than replace.
let renameNoReplace = UInt32(FERRY_RENAME_NOREPLACE)
