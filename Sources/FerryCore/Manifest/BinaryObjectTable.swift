/// The offset table of a binary plist (`bplist00`) and the references its containers hold.
///
/// Every number here comes from the file: each is checked against the file's length before it is
/// used as an index, a count or a factor, so no file can make the reader trap or over-read.
struct BinaryObjectTable {
    let bytes: UnsafeRawBufferPointer
    let offsets: [Int]
    let referenceSize: Int
    let top: Int
    /// Where the offset table starts: every object lies before it.
    let objectAreaEnd: Int
    var count: Int { offsets.count }

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 40 else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let objects = Self.integer(bytes, at: trailer + 8, size: 8)
        let top = Self.integer(bytes, at: trailer + 16, size: 8)
        let tableStart = Self.integer(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              (8...trailer).contains(tableStart), objects > 0, top < objects,
              objects <= (trailer - tableStart) / offsetSize else { return nil }
        self.bytes = bytes
        self.referenceSize = referenceSize
        self.top = top
        objectAreaEnd = tableStart
        offsets = (0..<objects).map { Self.integer(bytes, at: tableStart + $0 * offsetSize, size: offsetSize) }
        guard offsets.allSatisfy({ (8..<tableStart).contains($0) }) else { return nil }
    }

    /// How many references an array, set or dictionary holds (a dictionary's keys and values),
    /// and where they start; zero for other objects. Nil when the object runs past the object
    /// area: Foundation's decoder would throw, or for some lengths (a UTF-16 string's, a
    /// container's size near `Int.max`) trap.
    func references(of object: Int) -> (count: Int, start: Int)? {
        let start = offsets[object]
        let kind = bytes[start] >> 4
        let unit: Int
        switch kind {
        case 0x4, 0x5: unit = 1  // data, ASCII string: bytes
        case 0x6: unit = 2  // UTF-16 string: code units
        case 0xA, 0xC: unit = referenceSize  // array, set: references
        case 0xD: unit = 2 * referenceSize  // dictionary: a key and a value reference each
        default: return (0, start)
        }
        guard let (count, position) = length(at: start) else { return nil }
        // Divide rather than multiply: the count is the file's word and may be near Int.max.
        guard count <= (objectAreaEnd - position) / unit else { return nil }
        let references = kind == 0xA || kind == 0xC ? count : kind == 0xD ? count * 2 : 0
        return (references, position)
    }

    /// The length an object's marker gives (its low nibble, or the integer after it when that is
    /// 0xF) and where its content starts.
    private func length(at start: Int) -> (Int, Int)? {
        let count = Int(bytes[start] & 0x0F), position = start + 1
        guard count == 0x0F else { return (count, position) }
        guard position < objectAreaEnd, bytes[position] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[position] & 0x0F)
        guard size <= 8, size < objectAreaEnd - position else { return nil }
        return (Self.integer(bytes, at: position + 1, size: size), position + 1 + size)
    }

    /// The object the `index`th reference at `start` names; nil when there is no such object.
    func reference(_ index: Int, from start: Int) -> Int? {
        let child = Self.integer(bytes, at: start + index * referenceSize, size: referenceSize)
        return child < offsets.count ? child : nil
    }

    /// The big-endian unsigned number of `size` bytes at `start`; `Int.max` when it does not fit
    /// in an `Int` (every caller then refuses it as out of range).
    static func integer(_ bytes: UnsafeRawBufferPointer, at start: Int, size: Int) -> Int {
        var value: UInt64 = 0
        for index in start..<min(start + size, bytes.count) { value = value << 8 | UInt64(bytes[index]) }
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }
}

/// A post-order walk of a binary plist's object graph from its top object, without recursion,
/// measuring depth and how many values the decoder would build (shared objects count once per
/// use, as the decoder expands them).
struct BinaryWalk {
    let table: BinaryObjectTable
    /// References the walk may still read. An honest file holds fewer references than bytes and the
    /// walk reads each container twice, so twice the length is never reached without objects that
    /// alias one another.
    var budget: Int
    private var depthOf: [Int]
    private var valuesOf: [Int]

    init(table: BinaryObjectTable, budget: Int) {
        self.table = table
        self.budget = budget
        depthOf = [Int](repeating: -1, count: table.count)
        valuesOf = [Int](repeating: 0, count: table.count)
    }

    /// The depth of the top object; ``PropertyListDepth/cyclic`` or ``PropertyListDepth/expansive``
    /// for hostile graphs; nil when an object cannot be read.
    mutating func depth() -> Int? {
        var stack: [(object: Int, childrenDone: Bool)] = [(table.top, false)]
        var onPath = Set<Int>()
        while let (object, childrenDone) = stack.popLast() {
            guard let children = children(of: object) else {
                return budget < 0 ? PropertyListDepth.expansive : nil
            }
            if childrenDone {
                onPath.remove(object)
                depthOf[object] = 1 + (children.map { depthOf[$0] }.max() ?? 0)
                valuesOf[object] = children.reduce(1) { min($0 + valuesOf[$1], PropertyListDepth.valueLimit + 1) }
                if depthOf[object] > PropertyListDepth.limit { return depthOf[object] }
                if valuesOf[object] > PropertyListDepth.valueLimit { return PropertyListDepth.expansive }
                continue
            }
            guard depthOf[object] < 0 else { continue }
            guard !onPath.contains(object) else { return PropertyListDepth.cyclic }
            guard onPath.count <= PropertyListDepth.limit else { return onPath.count }
            onPath.insert(object)
            stack.append((object, true))
            for child in children where depthOf[child] < 0 { stack.append((child, false)) }
        }
        return max(0, depthOf[table.top])
    }

    /// The objects `object` refers to, charged against the budget (each object is read twice:
    /// before and after its children).
    private mutating func children(of object: Int) -> [Int]? {
        guard let (count, start) = table.references(of: object) else { return nil }
        guard count <= budget else {
            budget = -1
            return nil
        }
        budget -= count
        var children: [Int] = []
        children.reserveCapacity(count)
        for index in 0..<count {
            guard let child = table.reference(index, from: start) else { return nil }
            children.append(child)
        }
        return children
    }
}
