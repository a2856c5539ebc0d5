import Testing
import FerryTransfer

#if canImport(Glibc)
import Glibc
#endif

/// Chunked reads by descriptor, where LocalSend's client and download used `FileHandle`.
@Suite struct FileReaderTests {
    @Test func readsInChunksThenEmptyAtTheEnd() throws {
        let path = "/tmp/ferry-file-reader-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let bytes = (0..<10_000).map { UInt8($0 % 251) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        defer { unlink(path) }

        let reader = try #require(FileReader(path: path))
        let first = try reader.read(upTo: 4096), second = try reader.read(upTo: 8192), end = try reader.read(upTo: 4096)
        #expect(first == Array(bytes[..<4096]) && second == Array(bytes[4096...]) && end.isEmpty)
    }

    @Test func aMissingFileDoesNotOpen() {
        #expect(FileReader(path: "/nonexistent/ferry-file-reader") == nil)
    }

    @Test func aFailedReadNamesTheFile() throws {
        let reader = try #require(FileReader(path: "/tmp"))
        #expect { try reader.read(upTo: 16) } throws: { "\($0)".contains("/tmp") && "\($0)".contains("Is a directory") }
    }
}
