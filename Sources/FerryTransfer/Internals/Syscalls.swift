import CFerrySys
import Synchronization

/// `syncfs(2)`: flushes the file system holding `fd` (through CFerrySys: glibc declares it only
/// under _GNU_SOURCE).
func systemSyncFS(_ fd: Int32) -> Int32 { ferry_syncfs(fd) }

/// `malloc_trim(3)`: gives the heap's free pages back to the system (through CFerrySys: it lives
/// in `malloc.h`, which glibc's Swift module does not include).
func systemMallocTrim(_ pad: Int) -> Int32 { ferry_malloc_trim(pad) }

/// After a transfer, the memory it freed goes back to the system: decoding a 10,000-file offer
/// leaves tens of MB free but held in glibc's heaps, which would count against ferryd's RSS for as
/// long as it runs. At most once per ``trimInterval``: a trim walks every heap, and one per closed
/// connection left ferryd unresponsive for minutes after thousands of connections. Returns whether
/// it trimmed.
@discardableResult
func releaseFreedMemory(now: ContinuousClock.Instant = .now) -> Bool {
    let due = lastTrim.withLock { last in
        if let previous = last, now - previous < trimInterval { return false }
        last = now
        return true
    }
    if due { _ = systemMallocTrim(0) }
    return due
}

/// The shortest time between two heap trims.
let trimInterval = Duration.seconds(10)
private let lastTrim = Mutex<ContinuousClock.Instant?>(nil)

/// `renameat2(2)`, for `RENAME_NOREPLACE`: a checked file moves into an Inbox in one call and never
/// replaces a file there (through CFerrySys: declared by glibc only under _GNU_SOURCE).
func systemRenameAt2(_ oldDirectory: Int32, _ old: UnsafePointer<CChar>, _ newDirectory: Int32,
                     _ new: UnsafePointer<CChar>, _ flags: UInt32) -> Int32 {
    ferry_renameat2(oldDirectory, old, newDirectory, new, flags)
}

/// `renameat2`'s flag: fail with `EEXIST` rather than replace.
let renameNoReplace = UInt32(FERRY_RENAME_NOREPLACE)
