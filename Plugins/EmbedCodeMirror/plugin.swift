import Foundation
import PackagePlugin

/// Embeds Debian's CodeMirror 5 (`libjs-codemirror`, installed by `make deps`) into `flint
/// serve`'s page at build time: the editor's script, its style sheet, the simple-mode addon the
/// rules language's highlighting is written in, and bracket matching, each as a Swift raw string
/// in a generated `EditorAssets` (a byte-array resource of 400 KB takes minutes to compile; a
/// string takes a second). The shipped binary carries them, so the page fetches nothing.
@main
struct EmbedCodeMirror: BuildToolPlugin {
  /// The Debian package's files, and the name each gets in `EditorAssets`.
  static let folder = "/usr/share/javascript/codemirror/"
  static let files: [(name: String, path: String)] = [
    ("script", "lib/codemirror.js"), ("style", "lib/codemirror.css"), ("simpleMode", "addon/mode/simple.js"),
    ("matchBrackets", "addon/edit/matchbrackets.js"),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "EditorAssets.swift")
    let inputs = Self.files.map { URL(filePath: Self.folder + $0.path) }
    // A raw string delimited by `"""####` holds any text that does not contain that delimiter
    // (the script checks); `set -e` turns a missing file into a failed build that says why.
    let script = #####"""
      set -e
      out="$1"; shift
      for file in "$@"; do
        name=${file%%=*}; path=${file#*=}
        if [ ! -f "$path" ]; then
          echo "error: $path is missing: flint serve's editor is Debian's CodeMirror (make deps installs libjs-codemirror)" >&2
          exit 1
        fi
        if grep -q '"""####' "$path"; then echo "error: $path holds the raw-string delimiter" >&2; exit 1; fi
      done
      {
        echo '/// Debian libjs-codemirror, embedded at build time (Plugins/EmbedCodeMirror).'
        echo 'enum EditorAssets {'
        for file in "$@"; do
          echo "  static let ${file%%=*} = ####\"\"\""
          cat "${file#*=}"
          echo
          echo '"""####'
        done
        echo '}'
      } > "$out.tmp"
      mv "$out.tmp" "$out"
      """#####
    let arguments = ["-c", script, "sh", output.path()] + Self.files.map { "\($0.name)=\(Self.folder)\($0.path)" }
    return [
      .buildCommand(
        displayName: "Embedding Debian's CodeMirror in flint serve's page", executable: URL(filePath: "/bin/sh"),
        arguments: arguments, inputFiles: inputs, outputFiles: [output])
    ]
  }
}
