import FlintFuzzHarness

/// libFuzzer entry point: a broken invariant is a crash, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  do {
    try SourceHarness.run(bytes, language: "kotlin")
  } catch {
    fatalError("invariant broken: \(error)")
  }
  return 0
}
