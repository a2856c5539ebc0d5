import Foundation
import Testing
@testable import FerryDaemon

@Suite struct LaunchImageTests {
    let folder = "/apps/notes.app"

    func find(_ files: Set<String>, plist: [String: Any] = [:], scheme: String = "notes") throws -> String? {
        let manifest = NSTemporaryDirectory() + "ferry-launch-image-\(UUID().uuidString.prefix(8)).plist"
        defer { try? FileManager.default.removeItem(atPath: manifest) }
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: URL(fileURLWithPath: manifest))
        return LaunchImage.find(manifestPath: manifest, folder: folder, scheme: scheme) { files.contains($0) }
    }

    @Test func theSchemesImageComesFirst() throws {
        let files: Set = ["\(folder)/Default.png", "\(folder)/Default-notes.png"]
        #expect(try find(files) == "\(folder)/Default-notes.png")
        #expect(try find(files, scheme: "other") == "\(folder)/Default.png")
        #expect(try find([]) == nil)
    }

    @Test func manifestNamesComeBeforeDefaultAndPerSchemeBeforeAny() throws {
        let plist: [String: Any] = ["UILaunchImageFile": "Splash.png", "UILaunchImages": [["UILaunchImageName": "Tall"]]]
        #expect(try find(["\(folder)/Splash.png", "\(folder)/Tall-notes.png"], plist: plist) == "\(folder)/Tall-notes.png")
        #expect(try find(["\(folder)/Splash.png", "\(folder)/Default.png"], plist: plist) == "\(folder)/Splash.png")
    }

    @Test func namesLeavingTheBundleAreIgnored() throws {
        #expect(try find(["/apps/x.png", "/apps/x-notes.png"], plist: ["UILaunchImageFile": "../x"]) == nil)
    }
}
