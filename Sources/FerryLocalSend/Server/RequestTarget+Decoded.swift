import FerryCore
import FerryTransfer

extension RequestTarget {
    /// LocalSend's reading of the query: names and values percent-decoded, the first of each name
    /// kept, a pair without `=` read as an empty value, a pair that does not decode left out.
    /// Foundation's URLComponents gave up on a target with a byte it disliked and left the `?` and
    /// the query in the path.
    var decodedQuery: [String: String] {
        var query: [String: String] = [:]
        for (name, value) in pairs {
            guard let name = Self.decoded(name), !name.isEmpty, query[name] == nil,
                  let value = value.map(Self.decoded) ?? "" else { continue }
            query[name] = value
        }
        return query
    }

    private static func decoded(_ bytes: ArraySlice<UInt8>) -> String? {
        PercentEncoding.decoded(String(decoding: bytes, as: UTF8.self))
    }
}
