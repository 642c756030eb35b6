import ArgumentParser
import FlintLanguageServer

extension FlintCommand {
  /// `flint lsp`: the language server, over standard input and output.
  struct Lsp: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run the language server (LSP 3.17 over stdio) for editors.",
      discussion: """
        Speaks the Language Server Protocol on standard input and output: diagnostics as \
        'flint check' reports them (lints included) on open and on every change, hover \
        (types, built-ins, definitions, match bindings), go to definition, references, the \
        match outline, completion and quick fixes. Start it from the editor, not by hand; \
        Docs/commands/lsp.md shows the set-up for VS Code, Neovim and Helix. Exit status: 0 after \
        'shutdown' then 'exit', 1 when input ends or 'exit' comes first.
        """
    )

    func run() throws {
      let status = StdioTransport.run()
      if status != 0 { throw ExitCode(status) }
    }
  }
}
