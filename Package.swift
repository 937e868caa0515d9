// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ShiftingSands",
    products: [
        .executable(name: "shifting-sands", targets: ["ShiftingSands"]),
        .library(name: "SandSim", targets: ["SandSim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "SandSim"),
        .executableTarget(
            name: "ShiftingSands",
            dependencies: [
                "SandSim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SandSimTests", dependencies: ["SandSim"]),
        .testTarget(name: "ShiftingSandsTests", dependencies: ["ShiftingSands"]),
    ]
)
