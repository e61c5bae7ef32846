import Testing
import StardustCore

@Suite struct WholeNumberTextTests {
    /// Truncated toward zero like `Int(_:)` where that conversion is defined; the `Double` itself where it would trap.
    @Test func integersWhereTheyFitTheDoubleElsewhere() {
        #expect(12.9.wholeNumberText == "12" && (-12.9).wholeNumberText == "-12" && (-0.0).wholeNumberText == "0")
        #expect(1e18.wholeNumberText == "1000000000000000000")
        #expect(1e300.wholeNumberText == "1e+300" && (-9.3e18).wholeNumberText == "-9.3e+18")
        #expect(Double.infinity.wholeNumberText == "inf" && Double.nan.wholeNumberText == "nan")
    }
}
