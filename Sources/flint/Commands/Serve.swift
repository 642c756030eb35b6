import ArgumentParser
import Dispatch
import FlintKit
import FlintServer

extension FlintCommand {
  /// `flint serve`: the rules and query playground in the browser, on the project's own files.
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve the rules and query playground for a project in the browser (local, offline).",
      discussion: """
        Starts a local web page for the project in PROJECT-DIR (default: the current folder; its \
        firebase.json names the rules and the index manifest, data.json beside the rules is the \
        seed data) and prints its URL. The page checks the rules text as it is edited, decides \
        single-document requests with the failing sub-expression or the granting allow marked \
        on the rules, runs the project's suites and checks queries (validity, rules proof with \
        its fix, results, the index needed, which a button adds to the manifest). Nothing is \
        fetched from the network and nothing is written but that index, when asked. It listens \
        on 127.0.0.1 (--host to choose another address, with a warning), on --port (default 0: \
        a free port); every API call needs the random token in the printed URL, and requests \
        naming another Host or Origin are refused. Stop it with Ctrl-C. Exit status: 0 when \
        stopped, 2 when the project cannot be read or the port cannot be bound.
        """
    )

    @Option(name: .long, help: "The port to listen on (0: a free one).")
    var port: Int = 0

    @Option(name: .long, help: "The address to listen on (default 127.0.0.1: this machine only).")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the page in the desktop's browser (xdg-open).")
    var open = false

    @Option(name: .long, help: "Suite files or folders for the Suites panel (default: the suites in PROJECT-DIR).")
    var suites: [String] = []

    @Argument(help: "The project folder (holds firebase.json).")
    var projectDir: String = "."

    func validate() throws {
      if !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535") }
    }

    func run() throws {
      let project: ServedProject
      do {
        project = try ServedProject.open(projectDir, suites: suites)
      } catch {
        throw UsageProblem(error.message)
      }
      let loopback = ["127.0.0.1", "localhost", "::1"].contains(host)
      if !loopback {
        Output.error(
          "flint: warning: listening on \(host): other machines that reach it can use the page with its URL's token; "
            + "127.0.0.1 (the default) keeps it to this machine")
      }
      let token = ServeToken.make()
      let server = PlaygroundServer(api: PlaygroundAPI(project: project), token: token, host: host, port: port)
      let shown = loopback || host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
      let open = self.open
      let stopped = DispatchSemaphore(value: 0)
      Task {
        do {
          try await server.run(handlingSignals: true) { port in
            let url = "http://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)/#token=\(token)"
            Output.out("flint serve: \(url)\n(Ctrl-C stops it)\n")
            if open, let problem = BrowserOpener.open(url) { Output.error("flint: warning: \(problem)") }
          }
        } catch {
          Output.error("flint: cannot serve on \(host):\(port): \(error)")
          Output.terminate(ExitStatus.usage)
        }
        stopped.signal()
      }
      stopped.wait()
    }
  }
}
