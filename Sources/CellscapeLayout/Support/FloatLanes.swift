// Four single-precision lanes at a time: the loads and the bit tricks of the tight loops (the repulsion's
// pair loops, the move limit's screen).

extension UnsafeRawPointer {
    /// The four floats at `offset` bytes.
    @inline(__always)
    func lanes(_ offset: Int) -> SIMD4<Float> {
        loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
    }
}

extension SIMD4 where Scalar == Float {
    /// The lanes' bits, as integers.
    @inline(__always)
    var bits: SIMD4<Int32> { unsafeBitCast(self, to: SIMD4<Int32>.self) }

    /// The floats with these bits.
    @inline(__always)
    init(bits: SIMD4<Int32>) { self = unsafeBitCast(bits, to: SIMD4<Float>.self) }

    /// The sum of the lanes, in a fixed order.
    @inline(__always)
    var laneSum: Float { (self[0] + self[1]) + (self[2] + self[3]) }
}
