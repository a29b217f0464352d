/**
 * Prints the translation of a workspace and data-model file, or their validation problems (exit 1).
 * `npx tsx scripts/translate.ts <workspace.json> <data-model.json> [--view show|edit|create|sms --section inputs|outputs --role basic | --list --role basic]`
 */
import { readFileSync } from 'node:fs';
import { isRole, type Role } from '@domain/roles';
import { translateForm, FORM_SECTIONS, FORM_VIEWS, type FormSection, type FormView } from '@translator/translate-form';
import { translateList } from '@translator/translate-list';
import { NAVIGATION_SCREENS } from '@app/routes/screens';
import type { Workspace } from '@domain/generated/workspace';
import { translateNavigation } from '@translator/menu';
import { translateWorkspace } from '@translator/translate-workspace';
import { APP_VALIDATION, draftProblems } from '@translator/problem-messages';
import type { Problem, Translation } from '@translator/types';

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    console.error(`${path}: ${(e as Error).message}`);
    process.exit(2);
  }
}

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

function printProblems(problems: Problem[]): void {
  console.error(`${problems.length} problem(s):`);
  for (const p of problems) console.error(`  [${p.severity}] ${p.document}${p.pointer || ''}: ${p.message}`);
}

function main(): void {
  const [wsPath, dmPath] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(all[i - 1] ?? '').startsWith('--'));
  if (!wsPath || !dmPath) {
    console.error('usage: npx tsx scripts/translate.ts <workspace.json> <data-model.json> [--view V --section S --role R | --list --role R]');
    process.exit(2);
  }
  const ws = readJson(wsPath);
  const dm = readJson(dmPath);
  // The app's own checks too (home paths, enum calls): what the publish route refuses, QA sees here first.
  const appErrors = draftProblems(ws, dm, undefined, APP_VALIDATION).filter((problem) => problem.severity === 'error');
  if (appErrors.length) { printProblems(appErrors); process.exit(1); }
  const roleArg = option('role') ?? 'basic';
  if (!isRole(roleArg)) { console.error(`unknown role '${roleArg}'`); process.exit(2); }
  const role: Role = roleArg;
  const view = option('view');
  let result: Translation<unknown>;
  if (process.argv.includes('--list')) result = translateList(dm, ws, role);
  else if (view) {
    const section = option('section') ?? 'inputs';
    if (!(FORM_VIEWS as readonly string[]).includes(view) || !(FORM_SECTIONS as readonly string[]).includes(section)) { console.error('unknown view or section'); process.exit(2); }
    result = translateForm(dm, ws, { view: view as FormView, section: section as FormSection, role });
  } else {
    const workspace = translateWorkspace(dm, ws);
    result = workspace.ok ? { ...workspace, value: { ...workspace.value, navigation: translateNavigation(ws as Workspace, NAVIGATION_SCREENS, workspace.value.permissions) } } : workspace;
  }
  if (!result.ok) { printProblems(result.problems); process.exit(1); }
  if (result.warnings.length) printProblems(result.warnings);
  console.log(JSON.stringify(result.value, null, 2));
}

main();
