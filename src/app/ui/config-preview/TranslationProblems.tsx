import { Callout, Intent } from '@blueprintjs/core';
import type { Problem } from '@translator/types';

/** The translator's refusal: every problem with the document and JSON pointer it concerns. */
export function TranslationProblems({ title, problems }: { title: string; problems: readonly Problem[] }) {
  return (
    <Callout intent={Intent.DANGER} title={title}>
      <ul>{problems.map((p, i) => <li key={i}><code>{p.document}{p.pointer}</code> {p.message}</li>)}</ul>
    </Callout>
  );
}
