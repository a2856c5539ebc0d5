// ferry-bench-app: a managed app that answers every event at once and does nothing else, so the
// daemon benchmark measures Ferry's own pipeline rather than an app's work.
import FerryKit

final class BenchApp: ApplicationDelegate {}

FerryApplication.main(BenchApp())
