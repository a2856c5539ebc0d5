import Testing
@testable import FerryCore

@Suite struct FileTypesTests {
    @Test(arguments: [("photos/2024/IMG.JPG", "public.jpeg"), ("notes.txt", "public.plain-text"), ("archive.tar.gz", "org.gnu.gnu-zip-archive"),
                      ("folder.pdf/readme", "public.data"), (".bashrc", "public.data"), ("noextension", "public.data"), ("trailing.", "public.data")])
    func theTypeComesFromTheLastComponentsExtension(path: String, uti: String) {
        #expect(FileTypes.types(for: path).uti == uti)
    }
}
