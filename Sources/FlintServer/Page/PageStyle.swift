/// The page's style sheet (after CodeMirror's own): a two-column layout (the rules editor, the
/// panels), the marks painted on the editor's lines and text, and the verdict and case colours.
enum PageStyle {
  static let css = #"""
    :root { --mono: ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace; --line: 18px; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 system-ui, "DejaVu Sans", sans-serif; color: #1d2330; background: #f4f5f7; }
    header { display: flex; align-items: baseline; gap: 16px; padding: 10px 16px; background: #1d2330; color: #fff; }
    header h1 { font-size: 16px; margin: 0; }
    header .files { font-family: var(--mono); font-size: 12px; opacity: .8; }
    main { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); gap: 12px; padding: 12px; }
    section.card { background: #fff; border: 1px solid #d8dbe2; border-radius: 6px; padding: 10px 12px; min-width: 0; }
    h2 { font-size: 14px; margin: 0 0 8px; display: flex; gap: 8px; align-items: center; }
    h2 .spacer { flex: 1; }
    h2 select { width: auto; max-width: 50%; font-weight: normal; }
    .editor { border: 1px solid #c9cdd6; border-radius: 4px; overflow: hidden; background: #fff; }
    .editor .CodeMirror { height: 560px; font: 12.5px/var(--line) var(--mono); }
    .editor .CodeMirror-gutters { background: #f0f1f4; border-right: 1px solid #dde0e6; }
    .editor .gutter-error .CodeMirror-linenumber { color: #fff; background: #c62828; }
    .editor .gutter-warning .CodeMirror-linenumber { color: #000; background: #f9c74f; }
    .CodeMirror-code > div.failing, .CodeMirror-code > div.cov-none { background: #ffe1e1; }
    .CodeMirror-code > div.granted, .CodeMirror-code > div.cov-full { background: #dcf5e3; }
    .CodeMirror-code > div.cov-part { background: #fff1c7; }
    .CodeMirror-code > div.diag-error { background: #fdecec; }
    .CodeMirror-code > div.diag-warning { background: #fff6da; }
    .mark-failing { background: #ff9d9d; }
    .mark-granted { background: #8fe0a6; }
    .mark-uncovered { border-bottom: 2px dotted #c62828; }
    .legend { display: inline-block; padding: 0 6px; margin-left: 6px; border-radius: 3px; font-size: 12px; }
    .legend.cov-full { background: #dcf5e3; }
    .legend.cov-part { background: #fff1c7; }
    .legend.cov-none { background: #ffe1e1; }
    .tabs { display: flex; gap: 4px; margin-bottom: 10px; }
    .tabs button { border: 1px solid #c9cdd6; background: #f0f1f4; padding: 5px 12px; border-radius: 4px; cursor: pointer; }
    .tabs button.active { background: #1d2330; color: #fff; border-color: #1d2330; }
    .panel { display: none; }
    .panel.active { display: block; }
    label { display: block; font-size: 12px; color: #4a5161; margin: 8px 0 3px; }
    input, select, textarea.json { font: 12.5px var(--mono); width: 100%; padding: 5px 6px; border: 1px solid #c9cdd6; border-radius: 4px; }
    textarea.json { height: 74px; resize: vertical; }
    .row { display: flex; gap: 8px; }
    .row > * { flex: 1; }
    .row > select { flex: 0 0 110px; }
    button.run { margin-top: 10px; padding: 6px 16px; border: 0; border-radius: 4px; background: #2f6fdf; color: #fff; cursor: pointer; }
    button.small { padding: 3px 10px; border: 1px solid #c9cdd6; background: #fff; border-radius: 4px; cursor: pointer; font-size: 12px; }
    .verdict { display: inline-block; font-weight: 700; padding: 2px 10px; border-radius: 4px; color: #fff; margin-right: 8px; }
    .verdict.allow { background: #1f8a44; }
    .verdict.deny { background: #c62828; }
    .verdict.other { background: #6b7280; }
    .out { margin-top: 10px; font-size: 13px; }
    .out pre, .diags { font: 12px/1.45 var(--mono); white-space: pre-wrap; word-break: break-word; margin: 6px 0; }
    .diags { max-height: 120px; overflow: auto; margin-top: 6px; }
    .diags div { cursor: pointer; }
    .diags .error { color: #b71c1c; }
    .diags .warning { color: #8a5a00; }
    .diags .note { color: #4a5161; }
    .case { font: 12px/1.5 var(--mono); }
    .case.pass::before { content: "✓ "; color: #1f8a44; }
    .case.fail::before { content: "✗ "; color: #c62828; }
    .case.fail { color: #b71c1c; }
    .muted { color: #6b7280; }
    .problem { color: #b71c1c; white-space: pre-wrap; font: 12px var(--mono); }
    """#
}
