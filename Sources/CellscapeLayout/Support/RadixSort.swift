/// Orders indices by 32-bit keys with a least-significant-digit radix sort that allocates nothing once warm.
///
/// Stable: equal keys keep the order of their indices, so the result is fully determined by the keys.
final class RadixSort {
    private let keys = ScratchBuffer<UInt32>()
    private let spareKeys = ScratchBuffer<UInt32>()
    private let spareOrder = ScratchBuffer<Int32>()
    private let counts = ScratchBuffer<Int>(capacity: 256)
    /// The indices `0..<count`, ordered by key after ``sort(count:key:)``.
    let order = ScratchBuffer<Int32>()

    /// Sorts `0..<count` by `key(index)`, ascending.
    func sort(count: Int, key: (Int) -> UInt32) {
        keys.reserve(count)
        spareKeys.reserve(count)
        order.reserve(count)
        spareOrder.reserve(count)
        for index in 0..<count {
            keys.pointer[index] = key(index)
            order.pointer[index] = Int32(index)
        }
        var sourceKeys = keys.pointer
        var sourceOrder = order.pointer
        var targetKeys = spareKeys.pointer
        var targetOrder = spareOrder.pointer
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let count256 = counts.pointer
            count256.update(repeating: 0, count: 256)
            for index in 0..<count { count256[Int((sourceKeys[index] >> shift) & 0xFF)] += 1 }
            var running = 0
            for digit in 0..<256 {
                let digitCount = count256[digit]
                count256[digit] = running
                running += digitCount
            }
            for index in 0..<count {
                let digit = Int((sourceKeys[index] >> shift) & 0xFF)
                let target = count256[digit]
                count256[digit] = target + 1
                targetKeys[target] = sourceKeys[index]
                targetOrder[target] = sourceOrder[index]
            }
            swap(&sourceKeys, &targetKeys)
            swap(&sourceOrder, &targetOrder)
        }
    }
}
