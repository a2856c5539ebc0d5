/// `syncfs(2)`: flushes the file system holding `fd`. Glibc declares it only under _GNU_SOURCE,
/// which Swift's Glibc module does not set, so it is bound by name here.
@_silgen_name("syncfs")
func systemSyncFS(_ fd: Int32) -> Int32
