#if canImport(Glibc)
import Glibc
#endif

/// Runs a blocking loop (waitpid, an inotify read) on a dedicated POSIX thread, so it never holds
/// one of the concurrency pool's few threads. Plain pthreads keep ferryd free of full Foundation.
enum BlockingThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed: \(status)")
        pthread_detach(thread)
    }
}
