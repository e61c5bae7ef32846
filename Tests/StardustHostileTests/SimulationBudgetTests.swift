import Foundation
import StardustTestSupport
import Testing

/// Rule 3 of docs/HOSTILE-INPUT.md: what validates renders within the budget. Physics and dynamics work is estimated
/// from the scene (contacts at the start, body copies kept for seeking, rule-steps) and refused before any step by
/// validate, render and trace alike; the dynamics bookkeeping is near-linear in the behaviors it holds.
@Suite("Simulation budget")
struct SimulationBudgetTests {
    /// `count` boxes of 0.5 units in a column (each resting on the next) or all in one spot.
    static func bodies(_ count: Int, stacked inOneSpot: Bool, duration: Double) -> Data {
        var body = "{\"size\": [100, 100], \"duration\": \(duration), \"fps\": 10, \"physics\": {\"gravity\": [0, 10], \"bodies\": ["
        for i in 0..<count {
            if i > 0 { body += "," }
            let y = inOneSpot ? 0 : -Double(i) * 0.5
            body += "{\"name\":\"b\(i)\",\"position\":[0,\(y)],\"shapes\":[{\"box\":{\"width\":0.5,\"height\":0.5},\"density\":1}]}"
        }
        return Data((body + "]}}").utf8)
    }

    /// `count` behaviors on a handful of layers.
    static func behaviors(_ count: Int, duration: Double) -> Data {
        var s = "{\"size\": [200, 200], \"duration\": \(duration), \"fps\": 10, \"layers\": ["
        s += (0..<8).map { "{\"type\":\"group\",\"name\":\"l\($0)\",\"position\":[\(20 + 20 * $0),50],\"bounds\":[0,0,10,10],\"backgroundColor\":\"#FFFFFF\"}" }
            .joined(separator: ",")
        s += "], \"dynamics\": {\"behaviors\": ["
        s += (0..<count).map { i in "{\"type\":\"gravity\",\"items\":[\"l\(i % 8)\"],\"at\":\(Double(i % 10) / 10)}" }.joined(separator: ",")
        return Data((s + "]}}").utf8)
    }

    func run(_ scene: Data, _ args: [String], seconds: Int = 120) throws -> CLIRunner.Result {
        let dir = try CLIRunner.temporaryFolder("stardust-simulation-budget")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        try scene.write(to: file)
        return try CLIRunner.run(args.map { $0 == "SCENE" ? file.path : $0 }, in: dir, seconds: seconds)
    }

    /// The scene: 20 000 stacked bodies passed validate and the studio, then trace allocated 4.4 GB.
    @Test(arguments: [false, true])
    func twentyThousandStackedBodiesAreRefusedBeforeAnyStep(inOneSpot: Bool) throws {
        let scene = Self.bodies(20_000, stacked: inOneSpot, duration: 10)
        for command in [["validate", "SCENE"], ["trace", "SCENE"], ["render", "SCENE", "-o", "out.gif", "--quiet"]] {
            let r = try run(scene, command)
            #expect(r.status == 2, "\(command[0]): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("physics.bodies"), "\(command[0]): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func aFewHundredBodiesStillValidate() throws {
        let r = try run(Self.bodies(300, stacked: false, duration: 2), ["validate", "SCENE"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// 10 000 behaviors took 17–33 s to validate (the animator re-posed every item on each add); now linear. The
    /// time bound only guards against a hang (each command gets minutes on a loaded machine).
    @Test func tenThousandBehaviorsValidateAndTraceAShortScene() throws {
        let scene = Self.behaviors(10_000, duration: 0.1)
        let v = try run(scene, ["validate", "SCENE"], seconds: 300)
        #expect(v.status == 0, "\(v.stderr)")
        let t = try run(scene, ["trace", "SCENE", "--at", "0.05"], seconds: 300)
        #expect(t.status == 0, "\(t.stderr)")
    }

    @Test func behaviorsTimesStepsAreBounded() throws {
        let r = try run(Self.behaviors(30_000, duration: 60), ["validate", "SCENE"], seconds: 300)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("dynamics.behaviors") && r.stderr.contains("rule-steps"), "\(r.stderr)")
    }
}
