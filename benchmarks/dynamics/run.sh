#!/usr/bin/env bash
# Builds StardustCore, StardustAnimation, StardustPhysics and StardustDynamics plus main.swift as a
# standalone package (scratch folder, -O, no unsafe flags) and compares, in the same run and
# interleaved, 100 boxes falling into a 400 × 600 pt box for 10 s on the bare engine and through
# the dynamic animator (gravity + collision + item properties, sampled through the Timeline).
# Prints per-run times, the median ratio (thread CPU time), and a hash of a busy configuration's
# poses that must be equal in debug and release builds.
#   benchmarks/dynamics/run.sh [runs=5] [release|debug]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="${DYNAMICS_BENCH_DIR:-${TMPDIR:-/tmp}/stardust-dynamics-bench}"
mkdir -p "$scratch/Sources/bench"
for m in 1-Core/StardustCore 2-Model/StardustAnimation 2-Model/StardustPhysics 2-Model/StardustDynamics; do
    rm -rf "$scratch/Sources/$(basename "$m")" && cp -R "$root/Sources/$m" "$scratch/Sources/$(basename "$m")"
done
cp "$here/main.swift" "$scratch/Sources/bench/main.swift"
cat > "$scratch/Package.swift" <<'PKG'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "DynamicsBench",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "StardustCore"),
        .target(name: "StardustAnimation", dependencies: ["StardustCore"]),
        .target(name: "StardustPhysics", dependencies: ["StardustCore"]),
        .target(name: "StardustDynamics", dependencies: ["StardustCore", "StardustPhysics", "StardustAnimation"]),
        .executableTarget(name: "bench", dependencies: ["StardustDynamics", "StardustAnimation", "StardustCore"]),
    ],
    swiftLanguageModes: [.v6]
)
PKG
config="${2:-release}"
(cd "$scratch" && swift build -c "$config" --product bench >&2)
"$scratch/.build/$config/bench" "${1:-5}"
