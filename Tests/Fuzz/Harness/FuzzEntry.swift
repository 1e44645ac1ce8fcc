import Foundation

// libFuzzer's entry points. Each fuzz binary is this file, the support files beside it and one
// file from ../Targets that defines `FuzzTarget` (setUp once, run once per input).

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    FuzzTarget.setUp()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    FuzzTarget.run(bytes)
    return 0
}
