import { json } from '@codemirror/lang-json';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
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
}

/**
 * A JSON file in CodeMirror 6 (no eval, no workers: it runs under the CSP): its syntax errors as
 * the author types, and the schema problems the server finds, underlined where their pointer leads.
 */
export function JsonEditor({ value, onChange, problems, label }: JsonEditorProps) {
  const problemsRef = useRef(problems);
  const viewRef = useRef<EditorView | undefined>(undefined);
  problemsRef.current = problems;

  const extensions = useMemo(
    () => [
      json(),
      lintGutter(),
      linter(
        (view): Diagnostic[] => {
          const text = view.state.doc.toString();
          const syntax = jsonSyntaxProblems(text);
          if (syntax.length > 0) return syntax.map((problem) => ({ ...problem, severity: 'error' }));
          return problemsRef.current.map((problem) => ({ ...pointerRange(text, problem.pointer), severity: 'error', message: problem.message }));
        },
        { delay: 200 },
      ),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.lineWrapping,
    ],
    [label],
  );

  useEffect(() => {
    if (viewRef.current) forceLinting(viewRef.current);
  }, [problems]);

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height="60vh"
      basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: false }}
      onCreateEditor={(view) => {
        viewRef.current = view;
      }}
    />
  );
}
