/// One DNS message (RFC 1035 §4), as wide-area DNS-SD sends and reads it: queries, their answers,
/// and dynamic updates (RFC 2136, whose zone, prerequisite and update sections sit where a query's
/// question, answer and authority sections do).
///
/// Names are written uncompressed (our messages are small) and read with compression pointers,
/// which are followed only backwards, so a hostile answer cannot loop.
public struct DNSMessage: Sendable, Equatable {
    public enum Opcode: UInt8, Sendable { case query = 0, update = 5 }

    public var id: UInt16
    public var isResponse = false
    public var opcode: Opcode = .query
    public var recursionDesired = false
    /// The response code; with EDNS or TSIG the full code may be longer (see ``TSIG``).
    public var rcode: UInt8 = 0
    /// The question section; for an update, the zone section.
    public var questions: [DNSQuestion] = []
    /// The answer section; for an update, the prerequisites.
    public var answers: [DNSRecord] = []
    /// The authority section; for an update, the updates.
    public var authority: [DNSRecord] = []
    public var additional: [DNSRecord] = []

    public init(id: UInt16, opcode: Opcode = .query) {
        self.id = id
        self.opcode = opcode
    }

    /// The message on the wire.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.append16(id)
        out.append((isResponse ? 0x80 : 0) | opcode.rawValue << 3 | (recursionDesired ? 1 : 0))
        out.append(rcode & 0x0F)
        for count in [questions.count, answers.count, authority.count, additional.count] { out.append16(UInt16(count)) }
        for question in questions { question.write(to: &out) }
        for record in answers + authority + additional { record.write(to: &out) }
        return out
    }

    /// Reads a message.
    /// - Throws: ``DNSWireError`` when the bytes are not a well-formed message.
    public init(decoding bytes: [UInt8]) throws(DNSWireError) {
        var reader = DNSReader(bytes)
        id = try reader.read16()
        let flags = try reader.read16()
        isResponse = flags & 0x8000 != 0
        guard let code = Opcode(rawValue: UInt8(flags >> 11 & 0x0F)) else { throw DNSWireError("opcode \(flags >> 11 & 0x0F)") }
        opcode = code
        recursionDesired = flags & 0x0100 != 0
        rcode = UInt8(flags & 0x0F)
        let counts = try (0..<4).map { _ throws(DNSWireError) in Int(try reader.read16()) }
        // Each question takes at least 5 bytes and each record 11: refuse counts the bytes cannot hold.
        guard counts[0] * 5 + (counts[1] + counts[2] + counts[3]) * 11 <= bytes.count - 12 else {
            throw DNSWireError("section counts larger than the message")
        }
        questions = try (0..<counts[0]).map { _ throws(DNSWireError) in try DNSQuestion(from: &reader) }
        answers = try (0..<counts[1]).map { _ throws(DNSWireError) in try DNSRecord(from: &reader) }
        authority = try (0..<counts[2]).map { _ throws(DNSWireError) in try DNSRecord(from: &reader) }
        additional = try (0..<counts[3]).map { _ throws(DNSWireError) in try DNSRecord(from: &reader) }
    }
}

/// A question, or an update's zone.
public struct DNSQuestion: Sendable, Equatable {
    public var name: DNSName
    public var type: DNSType
    public var recordClass: UInt16 = DNSClass.internet

    public init(_ name: DNSName, _ type: DNSType) {
        self.name = name
        self.type = type
    }

    func write(to out: inout [UInt8]) {
        name.write(to: &out)
        out.append16(type.rawValue)
        out.append16(recordClass)
    }

    init(from reader: inout DNSReader) throws(DNSWireError) {
        name = try reader.readName()
        type = DNSType(rawValue: try reader.read16())
        recordClass = try reader.read16()
    }
}

/// A resource record with its data as bytes; ``DNSRecordData`` builds and reads the kinds we use.
public struct DNSRecord: Sendable, Equatable {
    public var name: DNSName
    public var type: DNSType
    public var recordClass: UInt16
    public var ttl: UInt32
    /// RDATA. Names in it are uncompressed when we write; when read, pointers are already expanded
    /// for the types whose data holds names (PTR, SRV).
    public var data: [UInt8]

    public init(_ name: DNSName, _ type: DNSType, recordClass: UInt16 = DNSClass.internet, ttl: UInt32 = 0, data: [UInt8] = []) {
        self.name = name
        self.type = type
        self.recordClass = recordClass
        self.ttl = ttl
        self.data = data
    }

    func write(to out: inout [UInt8]) {
        name.write(to: &out)
        out.append16(type.rawValue)
        out.append16(recordClass)
        out.append32(ttl)
        out.append16(UInt16(data.count))
        out += data
    }

    init(from reader: inout DNSReader) throws(DNSWireError) {
        name = try reader.readName()
        type = DNSType(rawValue: try reader.read16())
        recordClass = try reader.read16()
        ttl = try reader.read32()
        let length = Int(try reader.read16())
        data = try reader.readData(length, type: type)
    }
}

/// Record types (RFC 1035, 2782, 3596, 6891, 8945); unknown ones keep their number.
public struct DNSType: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let a = DNSType(rawValue: 1)
    public static let soa = DNSType(rawValue: 6)
    public static let ptr = DNSType(rawValue: 12)
    public static let txt = DNSType(rawValue: 16)
    public static let aaaa = DNSType(rawValue: 28)
    public static let srv = DNSType(rawValue: 33)
    public static let opt = DNSType(rawValue: 41)
    public static let tsig = DNSType(rawValue: 250)
    public static let any = DNSType(rawValue: 255)
}

/// Classes: IN, and the two RFC 2136 gives meaning to in updates.
public enum DNSClass {
    public static let internet: UInt16 = 1
    /// With TTL 0 and no data: delete an RRset (or every RRset, with type ANY); also TSIG's class.
    public static let any: UInt16 = 255
    /// With TTL 0: delete this one record.
    public static let none: UInt16 = 254
}

/// Bytes that are not a DNS message we can read; `message` says where they went wrong.
public struct DNSWireError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "malformed DNS message: \(message)" }
}

extension [UInt8] {
    mutating func append16(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    mutating func append32(_ value: UInt32) {
        append16(UInt16(value >> 16))
        append16(UInt16(value & 0xFFFF))
    }
}
