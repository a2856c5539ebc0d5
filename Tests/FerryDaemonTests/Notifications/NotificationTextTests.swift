import Testing
@testable import FerryDaemon

@Suite struct NotificationTextTests {
    @Test func markupIsEscapedOnlyWhenTheServerReadsIt() {
        let hostile = #"<b>Kitchen</b> & <a href="x">"#
        #expect(NotificationText(markup: true).body(hostile) == "&lt;b&gt;Kitchen&lt;/b&gt; &amp; &lt;a href=&quot;x&quot;&gt;")
        #expect(NotificationText(markup: false).body(hostile) == hostile)
    }

    @Test func bidiAndControlCharactersAreDropped() {
        #expect(NotificationText.name("Kit\u{202E}chen\u{2066}\n\u{0}\u{7}\u{200F}") == "Kitchen")
        #expect(NotificationText.name("\u{202E}\u{202E}") == "unnamed")
    }

    @Test func longNamesAreCut() {
        let name = NotificationText.name(String(repeating: "A", count: 10_000))
        #expect(name == String(repeating: "A", count: NotificationText.nameLimit) + "…")
    }

    @Test func sizesAreShortAndDecimal() {
        #expect(TransferNotifications.byteText(999) == "999 bytes")
        #expect(TransferNotifications.byteText(1) == "1 byte")
        #expect(TransferNotifications.byteText(12_000_000) == "12 MB")
        #expect(TransferNotifications.byteText(3_400) == "3.4 kB")
    }
}
