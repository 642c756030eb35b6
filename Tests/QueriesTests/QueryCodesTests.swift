import FlintTestSupport
import Foundation
import RulesLanguage
import Testing

@testable import Queries

@Suite("Query diagnostic codes")
struct QueryCodesTests {
  @Test("every query DSL code is unique, well formed, a query.* code, and apart from the rules catalog")
  func catalogShape() {
    let codes = DiagnosticCode.queryCatalog
    #expect(codes.count >= 20)
    #expect(Set(codes).count == codes.count)
    for code in codes {
      #expect(code.rawValue.wholeMatch(of: /^[a-z]+\.[a-z0-9-]+$/) != nil, "\(code)")
      #expect(code.area == "query", "\(code)")
    }
    #expect(Set(codes).isDisjoint(with: DiagnosticCode.catalog))
  }

  @Test("the query catalog lists every code QueryCodes.swift declares")
  func catalogComplete() throws {
    let text = try String(contentsOf: PackagePaths.url("Sources/Queries/DSL/QueryCodes.swift"), encoding: .utf8)
    let declared = text.matches(of: /package static let [A-Za-z0-9]+: DiagnosticCode = "([^"]+)"/)
      .map { DiagnosticCode(String($0.1)) }
    #expect(declared.sorted() == DiagnosticCode.queryCatalog.sorted())
  }

  @Test("a parse failure reports its catalog code")
  func parseFailureCode() {
    let report = QueryParser.parse(SourceFile(name: "q", text: "collection(\"a\").where(\"x\", \"~\", 1)"))
    #expect(report.diagnostics.map(\.code) == [.queryBadOperator])
  }
}
