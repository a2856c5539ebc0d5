/// How deeply a property list nests, measured before decoding it: Foundation's decoder recurses,
/// and a hostile manifest nested a hundred thousand levels deep would overflow the stack of
/// ferry or, worse, of ferryd.
enum PropertyListDepth {
    /// Deeper than any real manifest (they nest a handful of levels), far from the stack's limit.
    static let limit = 512

    /// What ``measure(_:)`` returns for a binary plist whose objects contain themselves: the decoder
    /// would recurse for ever.
    static let cyclic = Int.max

    /// The nesting depth of `bytes` (``cyclic`` for a loop); nil when the structure cannot be read
    /// (the decoder then says why).
    static func measure(_ bytes: UnsafeRawBufferPointer) -> Int? {
        bytes.starts(with: Array("bplist00".utf8)) ? binary(bytes) : xml(bytes)
    }

    /// Counts `<array>` and `<dict>` against their closing tags; `<array/>` does not nest.
    private static func xml(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var depth = 0, deepest = 0, index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let rest = bytes[(open + 1)...]
            if rest.starts(with: Array("array>".utf8)) || rest.starts(with: Array("dict>".utf8)) {
                depth += 1
                deepest = max(deepest, depth)
            } else if rest.starts(with: Array("/array>".utf8)) || rest.starts(with: Array("/dict>".utf8)) {
                depth -= 1
            }
            index = open + 1
        }
        return deepest
    }

    /// Walks the object graph of a binary plist from its top object, without recursion.
    private static func binary(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let table = BinaryObjectTable(bytes) else { return nil }
        var depthOf = [Int](repeating: -1, count: table.count)
        var stack: [(object: Int, childrenDone: Bool)] = [(table.top, false)]
        var onPath = Set<Int>()
        while let (object, childrenDone) = stack.popLast() {
            guard let children = table.children(of: object) else { return nil }
            if childrenDone {
                onPath.remove(object)
                depthOf[object] = 1 + (children.map { depthOf[$0] }.max() ?? 0)
                if depthOf[object] > limit { return depthOf[object] }
                continue
            }
            guard depthOf[object] < 0 else { continue }
            guard !onPath.contains(object) else { return cyclic }
            guard onPath.count <= limit else { return onPath.count }
            onPath.insert(object)
            stack.append((object, true))
            for child in children where depthOf[child] < 0 { stack.append((child, false)) }
        }
        return max(0, depthOf[table.top])
    }
}

/// The offset table of a binary plist (`bplist00`) and the references its containers hold.
private struct BinaryObjectTable {
    let bytes: UnsafeRawBufferPointer
    let offsets: [Int]
    let referenceSize: Int
    let top: Int
    var count: Int { offsets.count }

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 40 else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let objects = Self.integer(bytes, at: trailer + 8, size: 8)
        let top = Self.integer(bytes, at: trailer + 16, size: 8)
        let tableStart = Self.integer(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objects > 0, top < objects,
              tableStart >= 8, objects <= (trailer - tableStart) / offsetSize else { return nil }
        self.bytes = bytes
        self.referenceSize = referenceSize
        self.top = top
        offsets = (0..<objects).map { Self.integer(bytes, at: tableStart + $0 * offsetSize, size: offsetSize) }
        guard offsets.allSatisfy({ $0 >= 8 && $0 < tableStart }) else { return nil }
    }

    /// The objects an array, set or dictionary refers to (a dictionary's keys and values); none
    /// for scalars; nil when the object runs off the end.
    func children(of object: Int) -> [Int]? {
        let start = offsets[object]
        let marker = bytes[start]
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
        var count = Int(marker & 0x0F), position = start + 1
        if count == 0x0F {
            guard position < bytes.count, bytes[position] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[position] & 0x0F)
            guard size <= 8, position + 1 + size <= bytes.count else { return nil }
            count = Self.integer(bytes, at: position + 1, size: size)
            position += 1 + size
        }
        let references = kind == 0xD ? count * 2 : count
        guard references >= 0, references <= (bytes.count - position) / referenceSize else { return nil }
        var children: [Int] = []
        children.reserveCapacity(references)
        for index in 0..<references {
            let child = Self.integer(bytes, at: position + index * referenceSize, size: referenceSize)
            guard child < offsets.count else { return nil }
            children.append(child)
        }
        return children
    }

    static func integer(_ bytes: UnsafeRawBufferPointer, at start: Int, size: Int) -> Int {
        var value = 0
        for index in start..<min(start + size, bytes.count) { value = value << 8 | Int(bytes[index]) }
        return value < 0 ? Int.max : value
    }
}
