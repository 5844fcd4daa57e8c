extension JSONValue {
  /// The value as compact JSON text: numbers as the file wrote them,
  /// strings escaped, members in their order. What a state file with a key
  /// given twice is decoded from once the parser kept the last of each.
  var text: [UInt8] {
    var bytes: [UInt8] = []
    write(into: &bytes)
    return bytes
  }

  private func write(into bytes: inout [UInt8]) {
    switch self {
    case .null:
      bytes += "null".utf8
    case .bool(let value):
      bytes += (value ? "true" : "false").utf8
    case .number(_, let written):
      bytes += written.utf8
    case .string(let string):
      Self.write(string, into: &bytes)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        item.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.write(member.key.text, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// `string` in quotes, `"` and `\` escaped, control characters as `\u00XX`.
  private static func write(_ string: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes += [UInt8(ascii: "\\"), byte]
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
