import StardustLottie
import Testing

private typealias F = LottieFixtures

/// Trim paths the way After Effects draws them where `strokeStart`/`strokeEnd` cannot say it (docs/LOTTIE.md,
/// "Trim paths"): an offset that turns the range past the path's end, and a start past the end. The line runs from
/// x = 10 to x = 90 on row 50 (80 points), stroked 10 wide with butt caps, so a fraction f of it ends at 10 + 80 f.
@Suite("Lottie trim paths")
struct LottieTrimTests {
    /// Offset 0°: 0…25 % is x 10…30. Offset 315° (7/8 of a turn): 87.5…112.5 % wraps into x 80…90 and x 10…20.
    @Test func anAnimatedOffsetTurnsTheRangeAndWrapsPastTheEnd() throws {
        let c = try F.load("trim-offset.json")
        let first = try F.render(c, frame: 0)
        let span = try #require(F.span(first, row: 50))
        #expect(abs(span.lowerBound - 10) <= 1 && abs(span.upperBound - 29) <= 1, "\(span)")
        let wrapped = try F.render(c, frame: 10)
        for x in [12, 18, 82, 88] { #expect(F.isRed(wrapped, x, 50), "x \(x)") }
        for x in [8, 22, 50, 78, 92] { #expect(F.isEmpty(wrapped, x, 50), "x \(x)") }
        // Two pieces of 10 × 10: the same area as the unwrapped quarter (20 × 10).
        #expect(abs(F.coverage(wrapped) - 200) < 6, "\(F.coverage(wrapped))")
    }

    /// s 60, e 40: After Effects shows 40…60 %, x 42…58 (Core Animation would draw nothing).
    @Test func aStartPastTheEndIsSwapped() throws {
        let image = try F.render("trim-swapped.json", frame: 0)
        let span = try #require(F.span(image, row: 50))
        #expect(abs(span.lowerBound - 42) <= 1 && abs(span.upperBound - 57) <= 1, "\(span)")
    }
}
