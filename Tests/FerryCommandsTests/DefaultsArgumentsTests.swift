import ArgumentParser
import Testing
@testable import FerryCommands
import FerryCore
import FerryTestSupport

/// `ferry defaults write`'s words, parsed in-process.
@Suite(.offThePool) struct DefaultsArgumentsTests {
    @Test func typeFlagsAfterTheKeyReachTheValue() throws {
        let command = try Ferry.parseAsRoot(["defaults", "write", "com.a", "k", "-int", "3"])
        let write = try #require(command as? Ferry.Defaults.Write)
        #expect(write.domain == "com.a" && write.key == "k" && write.value == ["-int", "3"])
    }

    @Test(arguments: [
        (["-string", "-int"], DefaultsValue.set(.string("-int"))), (["x"], .set(.string("x"))), (["-2.5"], .set(.string("-2.5"))),
        (["-int", "-7"], .set(.integer(-7))), (["-float", "2"], .set(.real(2))), (["-bool", "no"], .set(.boolean(false))),
        (["-array"], .set(.array([]))), (["-dict-add", "a", "b"], .dictAdd(["a": .string("b")])),
    ])
    func wordsBecomeTypedValues(_ words: [String], _ value: DefaultsValue) throws {
        #expect(try DefaultsValue.parse(words, key: "k") == value)
    }

    @Test func addingToAnArrayOrDictionaryKeepsWhatWasThere() {
        #expect(DefaultsValue.arrayAdd([.string("b")]).applied(to: .array([.string("a")])) == .array([.string("a"), .string("b")]))
        #expect(DefaultsValue.arrayAdd([.string("b")]).applied(to: .integer(1)) == .array([.string("b")]))
        #expect(DefaultsValue.dictAdd(["b": .integer(2)]).applied(to: .dictionary(["a": .integer(1)])) == .dictionary(["a": .integer(1), "b": .integer(2)]))
    }

    @Test(arguments: [[], ["-int"], ["-int", "x"], ["-float", "nan"], ["-date", "x"], ["a", "b"], ["-dict", "a"]])
    func badWordsAreUsageErrors(_ words: [String]) {
        #expect { try DefaultsValue.parse(words, key: "k") } throws: { ($0 as? CommandFailure)?.exit == FerryExit.usage }
    }
}
