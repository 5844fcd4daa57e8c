import Foundation
import TabBarKit
import Testing

@testable import tabbar_demo

/// Saved states with hostile numbers, restored onto the demo: whatever a
/// state file holds, restoring it and drawing the next frames never traps.
@MainActor
@Suite("saved states with boundary numbers")
struct StateFuzzTests {
  /// The numbers a hostile or corrupt file is most likely to hold.
  nonisolated static let boundaries = [
    Int.max, Int.min, Int.max - 1, Int.min + 1, -1, 0, 1, 2, 1 << 31, -(1 << 31), 1 << 62,
  ]

  /// A small deterministic generator, so a failure names a seed that repeats.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// A JSON value, to swap the numbers of a saved state.
  indirect enum JSON: Codable {
    case bool(Bool), int(Int), double(Double), string(String), array([JSON])
    case object([String: JSON]), null

    init(from decoder: any Decoder) throws {
      let single = try decoder.singleValueContainer()
      if single.decodeNil() {
        self = .null
      } else if let value = try? single.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? single.decode(Int.self) {
        self = .int(value)
      } else if let value = try? single.decode(Double.self) {
        self = .double(value)
      } else if let value = try? single.decode(String.self) {
        self = .string(value)
      } else if let value = try? single.decode([JSON].self) {
        self = .array(value)
      } else {
        self = .object(try single.decode([String: JSON].self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var single = encoder.singleValueContainer()
      switch self {
      case .bool(let value): try single.encode(value)
      case .int(let value): try single.encode(value)
      case .double(let value): try single.encode(value)
      case .string(let value): try single.encode(value)
      case .array(let value): try single.encode(value)
      case .object(let value): try single.encode(value)
      case .null: try single.encodeNil()
      }
    }

    /// This value with about one integer in three swapped for a boundary.
    func mutated(_ random: inout Generator) -> JSON {
      switch self {
      case .object(let object): return .object(object.mapValues { $0.mutated(&random) })
      case .array(let array): return .array(array.map { $0.mutated(&random) })
      case .int where Int.random(in: 0..<3, using: &random) == 0:
        return .int(StateFuzzTests.boundaries.randomElement(using: &random)!)
      default: return self
      }
    }
  }

  /// The state the demo saves after a random walk of keys.
  static func savedAfterWalk(_ random: inout Generator) throws -> JSON {
    let (app, _, root, _) = try ComposeTests.app()
    let keys: [Key] = [.down, .down, .enter, .right, .enter, .escape, .character("3"), .down]
    for _ in 0..<Int.random(in: 2...12, using: &random) {
      app.send(.key(keys.randomElement(using: &random)!))
    }
    let data = try JSONEncoder().encode(RestorationCoder(encoding: root))
    return try JSONDecoder().decode(JSON.self, from: data)
  }

  @Test(
    "a state whose numbers are swapped for Int.max, Int.min, -1 and the like restores and draws")
  func boundaryNumbersNeverTrap() throws {
    for seed in UInt64(1)...40 {
      var random = Generator(state: seed)
      let saved = try Self.savedAfterWalk(&random).mutated(&random)
      let data = try JSONEncoder().encode(saved)
      let coder = try JSONDecoder().decode(RestorationCoder.self, from: data)
      let (app, terminal, root, _) = try ComposeTests.app()
      _ = coder.restore(root)
      // The frame after the restore, then keys on it: nothing traps, and
      // every frame is drawn.
      let before = terminal.frameCount
      app.tick()
      for key: Key in [.down, .up, .end, .home, .pageDown, .enter, .escape, .left] {
        app.send(.key(key))
      }
      #expect(terminal.frameCount > before, "seed \(seed): no frame drawn")
      #expect(terminal.screen.text.contains { !$0.isWhitespace }, "seed \(seed): a blank screen")
    }
  }
}
