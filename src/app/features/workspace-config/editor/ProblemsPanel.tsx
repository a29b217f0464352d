import { Icon } from '@blueprintjs/core';
import { Error as ErrorIcon, Tick, WarningSign } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { EditorProblem } from './config-problems';
import { AppSpinner } from '../../../ui/AppSpinner';

/**
 * Every problem of the draft with its document, line and JSON pointer (line and column for a parse failure), rule and
 * message; a click (or Enter, Space: each is a button) moves the editor's cursor to it.
 */
export function ProblemsPanel({ problems, validating, revision = null, onSelect }: {
  problems: readonly EditorProblem[];
  validating: boolean;
  /** The draft revision this list is the answer for (data-draft-revision, for tests and the workspace-edit bench). */
  revision?: number | null;
  onSelect(problem: EditorProblem): void;
}) {
  const { t } = useTranslation();
  return (
    <section className="cm-problems" aria-labelledby="cm-problems-title" data-draft-revision={revision ?? undefined}>
      <h3 id="cm-problems-title" className="cm-problems__title">
        {t('workspaceConfig.editor.problems', { count: problems.length })}
        {validating ? <span className="cm-problems__checking"><AppSpinner size={12} /> {t('workspaceConfig.editor.validating')}</span> : null}
      </h3>
      {problems.length === 0 ? (
        validating ? null : <p className="cm-problems__none"><Icon icon={<Tick />} intent="success" /> {t('workspaceConfig.editor.noProblems')}</p>
      ) : (
        <ul className="cm-problems__list">
          {problems.map((problem, index) => (
            <li key={`${problem.document}${problem.pointer}${problem.rule}${index}`}>
              <button type="button" className="cm-problems__item" data-severity={problem.severity} data-pointer={problem.pointer} data-rule={problem.rule} data-line={problem.line} onClick={() => onSelect(problem)}>
                <Icon icon={problem.severity === 'error' ? <ErrorIcon /> : <WarningSign />} intent={problem.severity === 'error' ? 'danger' : 'warning'} title={t(`workspaceConfig.editor.severity.${problem.severity}`)} />
                <span className="cm-problems__document">{t(`workspaceConfig.editor.${problem.document}`)}</span>
                {problem.offset !== undefined ? (
                  <code className="cm-problems__pointer">{t('workspaceConfig.editor.lineColumn', { line: problem.line, column: problem.column })}</code>
                ) : (
                  <span className="cm-problems__place">
                    {problem.line !== undefined ? <span className="cm-problems__line">{t('workspaceConfig.editor.line', { line: problem.line })}</span> : null}
                    <code className="cm-problems__pointer">{problem.pointer || t('workspaceConfig.editor.documentRoot')}</code>
                  </span>
                )}
                <span className="cm-problems__message">{problem.message}</span>
                <span className="cm-problems__rule">{problem.rule}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
