/// Compact JSON written straight into bytes, for the paths that run once per exchange (what
/// history records): building a `JSONValue` tree only to serialize it allocated a node per
/// value and was most of what encoding a recorded exchange cost.
///
/// The writer puts the commas; the caller pairs each `openObject` and `openArray` with its
/// close and gives every object member a `key` before its value.
public struct JSONWriter {
    /// The text so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value starts its container (or follows a key): no comma before it.
    private var first = true

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Starts an object (`{`).
    public mutating func openObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        first = true
    }

    /// Ends the object open last (`}`).
    public mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    /// Starts an array (`[`).
    public mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        first = true
    }

    /// Ends the array open last (`]`).
    public mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// The name of the next member of the open object.
    public mutating func key(_ name: String) {
        separate()
        JSONString.encode(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        first = true
    }

    /// A string value.
    public mutating func string(_ value: String) {
        separate()
        JSONString.encode(value, into: &bytes)
    }

    /// A member with a string value, or nothing when `value` is nil.
    public mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// A member with an integer value.
    public mutating func member(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    /// A member with a number value.
    public mutating func member(_ name: String, _ value: Double) {
        key(name)
        number(value)
    }

    /// A member with a `true` or `false` value.
    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// An integer value.
    public mutating func number(_ value: Int) {
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    /// A finite number, in the shortest form that reads back the same (`0.0012`, `1.5e-05`).
    public mutating func number(_ value: Double) {
        separate()
        // JSON has no infinities or NaN; no time or size here is one, but a null is still JSON.
        bytes.append(contentsOf: value.isFinite ? value.description.utf8 : "null".utf8)
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    private mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }
}
