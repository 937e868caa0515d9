/// Any JSON value, so a settings file can be read key by key: each good value kept, each bad
/// one named (SettingsStore).
enum JSONValue: Codable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// A number JSON allows but no Double holds (`1e400`): kept, so its key alone is refused.
    case unrepresentable

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            self = .unrepresentable
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        case .unrepresentable:
            throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "a number beyond any Double"))
        }
    }

    /// The value as a person reads it in the file: `3.7`, `"quantum"`, `{…}`.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int64(number))" : "\(number)"
        case .string(let string): "\"\(string)\""
        case .array: "[…]"
        case .object: "{…}"
        case .unrepresentable: "(a number too large to read)"
        }
    }
}
