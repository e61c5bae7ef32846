#!/usr/bin/env bash
# Builds Sources/2-Model/StardustPhysics (and the StardustCore and CStardustContacts it depends on), the scenes of
# benchmarks/StardustWorkloads/PhysicsWorkloads.swift and main.swift as a standalone release
# package (in a scratch folder, -O, no unsafe flags) and runs the physics
# benchmarks: physics-pyramid base-20 / base-100 and physics-rain.
#   benchmarks/physics/run.sh [runs=3] [all|pyramid|pyramid-20|pyramid-100|rain|hash]
# Output: JSON lines. `stardust bench physics-*` builds the same PhysicsWorkloads scenes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="${PHYSICS_BENCH_DIR:-${TMPDIR:-/tmp}/stardust-physics-bench}"
mkdir -p "$scratch/Sources/physics-bench"
rm -rf "$scratch/Sources/StardustCore" "$scratch/Sources/StardustPhysics" "$scratch/Sources/CStardustContacts"
cp -R "$root/Sources/1-Core/StardustCore" "$scratch/Sources/StardustCore"
cp -R "$root/Sources/2-Model/StardustPhysics" "$scratch/Sources/StardustPhysics"
cp -R "$root/Sources/2-Model/CStardustContacts" "$scratch/Sources/CStardustContacts"
cp "$here/main.swift" "$scratch/Sources/physics-bench/main.swift"
# Only the physics scenes: the other workloads need modules this package leaves out.
cp "$root/benchmarks/StardustWorkloads/PhysicsWorkloads.swift" "$scratch/Sources/physics-bench/PhysicsWorkloads.swift"
cat > "$scratch/Package.swift" <<'PKG'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "PhysicsBench",
    targets: [
        .target(name: "StardustCore"),
        .target(name: "CStardustContacts"),
        .target(name: "StardustPhysics", dependencies: ["StardustCore", "CStardustContacts"]),
        .executableTarget(name: "physics-bench", dependencies: ["StardustPhysics"]),
    ],
    swiftLanguageModes: [.v6]
)
PKG
(cd "$scratch" && swift build -c release --product physics-bench >&2)
"$scratch/.build/release/physics-bench" "${1:-3}" "${2:-all}"
