import RulesSolver

extension Z3Unavailable {
  /// The reason and what to do about it, for someone running `flint diff` or `flint check`.
  package var advice: String {
    "\(reason); flint diff and the semantic overlapping-allow check need the Z3 solver library: "
      + "install it with `apt-get install libz3-4` (Debian/Ubuntu) and run again"
  }
}
