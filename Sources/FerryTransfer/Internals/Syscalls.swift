import Synchronization

/// `syncfs(2)`: flushes the file system holding `fd`. Glibc declares it only under _GNU_SOURCE,
/// which Swift's Glibc module does not set, so it is bound by name here.
@_silgen_name("syncfs")
func systemSyncFS(_ fd: Int32) -> Int32

/// `malloc_trim(3)`: gives the heap's free pages back to the system. Bound by name, as glibc's
/// Swift module does not include `malloc.h`.
@_silgen_name("malloc_trim")
func systemMallocTrim(_ pad: Int) -> Int32

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
/// replaces a file there. Declared by glibc only under _GNU_SOURCE, so bound by name.
@_silgen_name("renameat2")
func systemRenameAt2(_ oldDirectory: Int32, _ old: UnsafePointer<CChar>, _ newDirectory: Int32,
                     _ new: UnsafePointer<CChar>, _ flags: UInt32) -> Int32

/// `renameat2`'s flag: fail with `EEXIST` rather than replace.
let renameNoReplace: UInt32 = 1
