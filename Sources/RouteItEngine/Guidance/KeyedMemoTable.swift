/// A table from 64-bit keys to values, for the guidance's memos of one query (headings, labels,
/// rings): open addressing with a multiplicative hash. `Dictionary` hashes every integer key
/// with seeded SipHash, about 90 instructions, and the memos are asked hundreds of thousands of
/// times a second: that hashing was 3 % of a warm route.
struct KeyedMemoTable<Value> {
    private var keys: [UInt64]
    /// nil: the slot is free.
    private var values: [Value?]
    private var count = 0
    /// The slot index is the hash's top `bits` bits.
    private var bits: UInt64

    init() {
        bits = 6
        keys = [UInt64](repeating: 0, count: 1 << 6)
        values = [Value?](repeating: nil, count: 1 << 6)
    }

    subscript(key: UInt64) -> Value? {
        get {
            var slot = home(key)
            while let value = values[slot] {
                if keys[slot] == key { return value }
                slot = (slot + 1) & (keys.count - 1)
            }
            return nil
        }
        set {
            // Memos only add: a value is never taken out.
            guard let newValue else { return }
            var slot = home(key)
            while values[slot] != nil {
                if keys[slot] == key { values[slot] = newValue; return }
                slot = (slot + 1) & (keys.count - 1)
            }
            keys[slot] = key
            values[slot] = newValue
            count += 1
            if 2 * count > keys.count { grow() }
        }
    }

    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        bits += 1
        keys = [UInt64](repeating: 0, count: 1 << Int(bits))
        values = [Value?](repeating: nil, count: 1 << Int(bits))
        count = 0
        for (key, value) in zip(oldKeys, oldValues) { if let value { self[key] = value } }
    }
}
