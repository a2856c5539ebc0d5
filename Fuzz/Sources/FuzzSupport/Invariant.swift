#if canImport(Glibc)
import Glibc
#endif

/// Stops the fuzzer when an invariant does not hold: prints one line naming it and aborts, so
/// libFuzzer reports a crash and writes the input that broke it.
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    let line = Array("invariant broken: \(message())\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// The fuzzer's input as an array of bytes.
public func input(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}
