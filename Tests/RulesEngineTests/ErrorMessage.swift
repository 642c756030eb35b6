@testable import RulesEngine

/// The engine message of the error `body` throws, nil when it returns a value, for tests
/// that pin error texts.
func errorMessage(_ body: () throws -> RulesValue) -> String? {
  do {
    _ = try body()
    return nil
  } catch let error as EvalError {
    return error.message
  } catch {
    return "unexpected \(error)"
  }
}
