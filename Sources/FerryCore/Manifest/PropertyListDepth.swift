/// How deeply a property list nests, measured before decoding it: Foundation's decoder recurses,
/// and a hostile manifest nested a hundred thousand levels deep would overflow the stack of
/// ferry or, worse, of ferryd.
enum PropertyListDepth {
    /// Deeper than any real manifest (they nest a handful of levels), far from the stack's limit.
    static let limit = 512

    /// What ``measure(_:)`` returns for a binary plist whose objects contain themselves: the decoder
    /// would recurse for ever.
    static let cyclic = Int.max

    /// What ``measure(_:)`` returns for a binary plist that shares objects so much that decoding it
    /// would build more than ``valueLimit`` values (or that makes the walk itself too costly).
    static let expansive = Int.max - 1

    /// The most values a binary plist may expand to: real manifests hold hundreds.
    static let valueLimit = 1 << 20

    /// The nesting depth of `bytes` (``cyclic`` for a loop, ``expansive`` for a blow-up); nil for a
    /// binary plist whose structure cannot be read. Such a file must not reach the decoder: some
    /// of them make it trap rather than throw.
    static func measure(_ bytes: UnsafeRawBufferPointer) -> Int? {
        bytes.starts(with: Array("bplist".utf8)) ? binary(bytes) : xml(bytes)
    }

    /// The deepest element nesting, with tags read as Foundation's XML plist scanner reads them:
    /// a tag runs to the first `>`, it is empty when a `/` precedes that `>`, and its name is not
    /// checked (the scanner takes `<array >`, `<arrayx>` and `<dict a="b">` for containers, and
    /// recurses on `<plist>` too). Counting every element over-counts leaves by one level, never
    /// under-counts a container.
    private static func xml(_ bytes: UnsafeRawBufferPointer) -> Int {
        var depth = 0, deepest = 0, index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let tag = XMLTag(bytes, at: open)
            switch tag.kind {
            case .start:
                depth += 1
                deepest = max(deepest, depth)
            case .end:
                depth = max(0, depth - 1)
            case .other:
                break
            }
            guard tag.end < bytes.count else { break }
            index = tag.end
        }
        return deepest
    }

    /// Walks the object graph of a binary plist from its top object, without recursion.
    private static func binary(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let table = BinaryObjectTable(bytes) else { return nil }
        var walk = BinaryWalk(table: table, budget: 2 * bytes.count)
        return walk.depth()
    }
}

/// One markup construct of an XML property list, starting at a `<`.
private struct XMLTag {
    enum Kind { case start, end, other }

    var kind: Kind
    /// The index just past the construct (or the end of the bytes when it is not closed).
    var end: Int

    init(_ bytes: UnsafeRawBufferPointer, at open: Int) {
        let rest = bytes[(open + 1)...]
        func through(_ terminator: String) -> Int {
            let marker = Array(terminator.utf8)
            var index = rest.startIndex
            while let hit = bytes[index...].firstIndex(of: marker[0]) {
                let stop = hit + marker.count
                if stop <= bytes.count, bytes[hit..<stop].elementsEqual(marker) { return stop }
                index = hit + 1
            }
            return bytes.count
        }
        if rest.starts(with: Array("!--".utf8)) {
            (kind, end) = (.other, through("-->"))
        } else if rest.starts(with: Array("![CDATA[".utf8)) {
            (kind, end) = (.other, through("]]>"))
        } else if rest.starts(with: Array("?".utf8)) {
            (kind, end) = (.other, through("?>"))
        } else {
            end = through(">")
            let closed = end <= bytes.count && end - 2 > open && bytes[end - 1] == UInt8(ascii: ">")
            if rest.first == UInt8(ascii: "!") {
                kind = .other
            } else if rest.first == UInt8(ascii: "/") {
                kind = .end
            } else {
                kind = closed && bytes[end - 2] == UInt8(ascii: "/") ? .other : .start
            }
        }
    }
}
