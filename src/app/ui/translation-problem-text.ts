import type { Problem } from '@translator/types';

/** One translator problem as a screen lists it: where (document and pointer), then what. */
export const translationProblemText = (problem: Problem): string => `${problem.document}${problem.pointer} ${problem.message}`;
