#if canImport(Glibc)
import Glibc
#endif

/// Which subscriber of the shared inotify descriptor gets which event: a pure value, fed the
/// watches each subscriber adds and the batches read, tested without a descriptor.
///
/// The kernel gives one watch per folder and descriptor, whoever adds it, so subscribers share
/// watches: each watch carries the union of their masks (added with IN_MASK_ADD) and each event
/// goes to the subscribers that asked for its kind. The end of a watch (IN_IGNORED, IN_UNMOUNT)
/// goes to all of its subscribers, a queue overflow (wd -1) to everyone.
struct InotifyRoutes {
    /// Each subscriber's masks, by watch.
    private(set) var masks: [Int: [Int32: UInt32]] = [:]

    /// The event bits of a mask: IN_ALL_EVENTS (a macro Swift does not import).
    static let events: UInt32 = 0xfff
    /// Events that count whatever was asked for.
    static let always = UInt32(IN_IGNORED | IN_UNMOUNT | IN_Q_OVERFLOW)

    mutating func subscribe(_ id: Int) { masks[id] = [:] }

    /// Records that `id` watches `wd` for `mask` (flags such as IN_ONLYDIR are ignored).
    mutating func add(_ id: Int, watch wd: Int32, mask: UInt32) {
        masks[id]?[wd, default: 0] |= mask & Self.events
    }

    /// Forgets `id`. - Returns: The watches no one else holds, to remove from the descriptor.
    mutating func unsubscribe(_ id: Int) -> [Int32] {
        guard let gone = masks.removeValue(forKey: id) else { return [] }
        return gone.keys.filter { wd in !masks.values.contains { $0[wd] != nil } }.sorted()
    }

    /// Each subscriber's share of `events`, in order; watches that ended are forgotten.
    mutating func route(_ events: [Inotify.Event]) -> [Int: [Inotify.Event]] {
        var shares: [Int: [Inotify.Event]] = [:]
        for event in events {
            for (id, watches) in masks where Self.wants(watches, event) { shares[id, default: []].append(event) }
            if event.mask & UInt32(IN_IGNORED) != 0 {
                for id in masks.keys { masks[id]?[event.watch] = nil }
            }
        }
        return shares
    }

    private static func wants(_ watches: [Int32: UInt32], _ event: Inotify.Event) -> Bool {
        if event.watch == -1 { return true }
        guard let mask = watches[event.watch] else { return false }
        return event.mask & (mask | always) != 0
    }
}
