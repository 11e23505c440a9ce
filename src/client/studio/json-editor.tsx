import { json } from '@codemirror/lang-json';
import { linter, lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef } from 'react';
import { jsonSyntaxProblems } from './json-syntax-problems';
import { pointerRange } from './pointer-range';

export interface PointerProblem {
  pointer: string;
  message: string;
}

export interface JsonEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's problems for this file, placed by their JSON pointer. */
  problems: readonly PointerProblem[];
  label: string;
  /** A unit the caller may not publish (ADR 0041): readable and selectable, not editable. */
  readOnly?: boolean;
}

/** Syntax errors first (a pointer means nothing in text that does not parse), else the server's problems. */
function diagnosticsOf(text: string, problems: readonly PointerProblem[]): Diagnostic[] {
  const syntax = jsonSyntaxProblems(text);
  if (syntax.length > 0) return syntax.map((problem) => ({ ...problem, severity: 'error' }));
  return problems.map((problem) => ({ ...pointerRange(text, problem.pointer), severity: 'error', message: problem.message }));
}

/**
 * A JSON file in CodeMirror 6 (no eval, no workers: it runs under the CSP): its syntax errors as
 * the author types, and the schema problems the server finds, underlined where their pointer leads.
 */
export function JsonEditor({ value, onChange, problems, label, readOnly = false }: JsonEditorProps) {
  const problemsRef = useRef(problems);
  const viewRef = useRef<EditorView | undefined>(undefined);
  problemsRef.current = problems;

  const extensions = useMemo(
    () => [
      json(),
      lintGutter(),
      linter((view) => diagnosticsOf(view.state.doc.toString(), problemsRef.current), { delay: 200 }),
      // A tab stop axe can see: its scrollable region must hold focusable content (contenteditable alone does not count).
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': String(readOnly), tabindex: '0' }),
      EditorView.lineWrapping,
    ],
    [label, readOnly],
  );

  // The server's answer comes after the linter ran for this text: set the diagnostics at once (forceLinting
  // only hurries a lint still pending).
  useEffect(() => {
    const view = viewRef.current;
    if (view) view.dispatch(setDiagnostics(view.state, diagnosticsOf(view.state.doc.toString(), problems)));
  }, [problems]);

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      readOnly={readOnly}
      height="60vh"
      basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: false }}
      onCreateEditor={(view) => {
        viewRef.current = view;
      }}
    />
  );
}
